import Translation

/// The commands' words in the user's language, from the catalogs the window uses (domain
/// "koyomi", bound by `KoyomiApplication.setUpTranslations` before a command runs). Mark
/// strings as the window does (po/README.md): `L("…")` with a plain literal.
enum CLILocalization {
    static let domain = "koyomi"
}

/// The translation of `message` into the user's language, or `message` itself.
func L(_ message: String) -> String {
    Gettext.translate(message, domain: CLILocalization.domain)
}

/// The plural form of a message for `count` (ngettext); the result is still a format.
func L(_ singular: String, _ plural: String, count: Int) -> String {
    Gettext.translate(singular, plural, count: count, domain: CLILocalization.domain)
}
