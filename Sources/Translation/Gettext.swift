import CIntl

/// GNU gettext (glibc's libintl), the translation machinery GTK itself uses; no GTK here, so
/// the commands (`koyomi list`) translate with it too.
public enum Gettext {
    /// Adopts the user's locale from the environment and binds `domain` to `directory`
    /// (nil: gettext's default, `/usr/share/locale`), in UTF-8 as GTK wants; it also becomes
    /// the default domain, for GtkBuilder XML marked translatable.
    public static func setUp(domain: String, directory: String?) {
        setlocale(LC_ALL, "")
        bind(domain: domain, directory: directory)
        textdomain(domain)
    }

    /// Binds `domain` to `directory` in UTF-8 and changes nothing else: neither the locale
    /// nor the default domain, which GLib reads once, at GTK's first translation, to decide
    /// whether GTK's own words are translated at all.
    public static func bind(domain: String, directory: String?) {
        if let directory { bindtextdomain(domain, directory) }
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// The translation of `message`, or `message` itself.
    public static func translate(_ message: String, domain: String) -> String {
        koyomi_dgettext(domain, message).map { String(cString: $0) } ?? message
    }

    /// The translation of `message` in `context` (pgettext: one English text that other
    /// languages word differently in different places), or `message` itself.
    public static func translate(_ message: String, context: String, domain: String) -> String {
        koyomi_dgettext(domain, context + "\u{4}" + message).map { String(cString: $0) } ?? message
    }

    /// The plural form for `count` (English: `singular` for 1, else `plural`).
    public static func translate(_ singular: String, _ plural: String, count: Int, domain: String) -> String {
        koyomi_dngettext(domain, singular, plural, UInt(max(count, 0))).map { String(cString: $0) }
            ?? (count == 1 ? singular : plural)
    }
}
