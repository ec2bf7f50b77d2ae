import CalendarModel
import Foundation
import GtkKit
import Translation

/// Koyomi's user-visible strings through GNU gettext (glibc's libintl), domain "koyomi",
/// catalogs compiled from `po/` by `scripts/compile-translations`.
///
/// Mark a string with `L("…")`, a count with `L("%d plan", "%d plans", count: n)` (literals
/// only: `po/update-pot` collects them with xgettext, see po/README.md). Month and weekday
/// names do not come from here: ICU formats them from the locale (`CalendarFormatter`).
enum Localization {
    static let domain = "koyomi"

    /// Adopts the user's locale from the environment (`setlocale`) and binds the domain to
    /// `localeDirectory` (nil: gettext's default, `/usr/share/locale`). Call once at startup,
    /// before any string is translated.
    static func setUp(localeDirectory: URL?) {
        Gettext.setUp(domain: domain, directory: localeDirectory?.path)
    }

    /// Where the catalogs are: `KOYOMI_LOCALE_DIR`; else an installed `share/locale` beside the
    /// binary when it holds Koyomi's catalogs; else the source tree's `.build/locale` (what
    /// `swift run koyomi` uses); else nil.
    static func localeDirectory(environment: [String: String],
                                executable: String = SampleCalendars.installedExecutable.path) -> URL? {
        if let custom = environment["KOYOMI_LOCALE_DIR"], !custom.isEmpty {
            return URL(fileURLWithPath: custom)
        }
        let installed = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("../share/locale").standardizedFileURL
        let sourceTree = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../.build/locale").standardizedFileURL
        return [installed, sourceTree].first(where: holdsCatalogs)
    }

    /// Whether `directory` has a `<lang>/LC_MESSAGES/koyomi.mo` for some language.
    static func holdsCatalogs(_ directory: URL) -> Bool {
        let languages = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return languages.contains { language in
            FileManager.default.fileExists(atPath: directory
                .appendingPathComponent("\(language)/LC_MESSAGES/\(domain).mo").path)
        }
    }

    /// The formatter's words in the user's language.
    static func formatterStrings() -> FormatterStrings {
        FormatterStrings(
            // TRANSLATORS: the time of a plan that takes up one whole day.
            allDay: L("All day"),
            // TRANSLATORS: the plan list for a day without plans; %@ is the day, e.g. "Sunday, November 29".
            noPlansOnDay: L("No plans on %@"),
            // TRANSLATORS: the agenda of a month without plans; %@ is the month, e.g. "November 2026".
            noPlansInMonth: L("No plans in %@"),
            // TRANSLATORS: what a screen reader says for a day cell: %1$@ is the date
            // ("Tuesday, November 10, 2026"), %2$@ the plan count ("2 plans", "no plans").
            dayWithPlanCount: LC("day cell", "%1$@: %2$@"),
            // TRANSLATORS: the plan count of a day or list without plans (spoken by screen readers).
            noPlans: L("no plans"),
            planCount: { count in
                // TRANSLATORS: how many plans a day or list has (spoken by screen readers).
                String(format: L("%d plan", "%d plans", count: count), count)
            })
    }
}

/// The translation of `message` into the user's language, or `message` itself.
func L(_ message: String) -> String {
    Gettext.translate(message, domain: Localization.domain)
}

/// The translation of `message` where the same English text is worded differently elsewhere
/// in another language; `context` says which place this is (pgettext).
func LC(_ context: String, _ message: String) -> String {
    Gettext.translate(message, context: context, domain: Localization.domain)
}

/// The plural form of a message for `count` (ngettext): English picks `singular` for 1 and
/// `plural` otherwise, other languages have their own rules. The result is still a format.
func L(_ singular: String, _ plural: String, count: Int) -> String {
    Gettext.translate(singular, plural, count: count, domain: Localization.domain)
}

/// Marks `message` for po/koyomi.pot without translating it: for text that GTK translates
/// itself in the "koyomi" domain, such as GtkBuilder XML properties marked translatable.
func N_(_ message: String) -> String {
    message
}
