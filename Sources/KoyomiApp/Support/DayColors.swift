import CalendarModel
import GtkKit

/// Sundays' and holidays' day numbers red, Saturdays' blue (issue 40), as CSS classes any view
/// of days can put on a day's number: `.day-sunday`, `.day-saturday`, `.day-holiday`.
///
/// The classes are always there; the colours show only below `windowClass`, which the window
/// carries while the preference is on (`Settings.colorsDays`: by default where the language is
/// Japanese). Text keeps WCAG's 4.5:1 against the day cells' background in both styles
/// (`DayColorsTests`); the dark rules sit under `ColorClasses.darkStyleClass` like the colour
/// classes'. The selected day's number keeps the selection's own white on the accent colour
/// (red on blue would be unreadable), and a greyed day of another month keeps its grey (the
/// 0.6 opacity would take a red below 3:1). Today's number takes the day's colour inside its
/// accent ring: the ring says today.
enum DayColors {
    /// On the window while days are coloured.
    static let windowClass = "koyomi-day-colors"
    /// WCAG 2.1 text contrast (1.4.3): the numbers are text.
    static let minimumContrast = 4.5

    /// The class for `kind`, nil for an ordinary weekday.
    static func className(for kind: DayKind) -> String? {
        switch kind {
        case .weekday: nil
        case .saturday: "day-saturday"
        case .sunday: "day-sunday"
        case .holiday: "day-holiday"
        }
    }

    static let allClasses = ["day-sunday", "day-saturday", "day-holiday"]

    /// Red for Sundays and holidays, blue for Saturdays, per style: libadwaita's palette
    /// (red 4 and blue 5 on light, its dark style's error red and blue 1 on dark).
    static func red(in style: ColorClasses.Style) -> String { style == .light ? "#c01c28" : "#ff7b63" }
    static func blue(in style: ColorClasses.Style) -> String { style == .light ? "#1a5fb4" : "#99c1f1" }

    /// Where the classes colour a day: each view of days names its numbers here, leaving out
    /// what keeps its own colour (a selected day, a greyed one). A new view (the year view)
    /// adds its selector and puts the classes on its numbers (`mark`).
    static let coloredNumbers = [
        // The month's cells: not the selected day's number, not a greyed one.
        "button.day-cell:not(.selected) .day-number:not(.other-month)",
        // The week view's day headers: not the selected day's.
        "button.week-day-header:not(.selected)",
        // The month's weekday names (日 … 土): Sunday's column red, Saturday's blue.
        "label.weekday-header",
        // The year view's numbers: not the selected day's, not a holiday's (tinted in its
        // calendar's colour, as the month's holiday mark).
        "button.year-day:not(.selected) .year-number:not(.holiday-label)",
    ]

    /// The rules, made from `red(in:)`, `blue(in:)` and `coloredNumbers`, so the contrast test
    /// reads what GTK is given.
    static var css: String {
        ColorClasses.Style.allCases.map { style in
            let scope = "." + windowClass + (style == .dark ? "." + ColorClasses.darkStyleClass : "")
            func selectors(_ classes: [String]) -> String {
                classes.flatMap { name in coloredNumbers.map { "\(scope) \($0).\(name)" } }.joined(separator: ", ")
            }
            return """
            \(selectors(["day-sunday", "day-holiday"])) { color: \(red(in: style)); }
            \(selectors(["day-saturday"])) { color: \(blue(in: style)); }
            \(scope) label.weekday-header.day-sunday, \(scope) label.weekday-header.day-saturday { opacity: 1; }
            """
        }.joined(separator: "\n") + "\n"
    }

    /// Puts `kind`'s class on `widget`, taking the others off.
    @MainActor static func mark(_ widget: Widget, as kind: DayKind) {
        let wanted = className(for: kind)
        for name in allClasses { widget.setCSSClass(name, name == wanted) }
    }
}
