import CalendarModel
import GtkKit

/// How a day's row fits its cell's width: how many dots, and whether the holiday's name is
/// written or only its mark shows. A cell of a phone-sized window (about 48 px) has no room for
/// three dots and a count, and a count cut off at the cell's edge ("+" with half a digit) says
/// nothing: dots that do not fit are counted in "+N" instead (`DayDecoration.keeping(dots:)`).
/// A name cut to "Fir…" or "…" says nothing either: it is written when its first few
/// characters fit (dots giving way for it), else the holiday shows as a mark alone, its name
/// in the tooltip and for screen readers.
///
/// The sizes are the style sheet's (`Stylesheet`: `.dot` 8 px, `.holiday-label` and `.overflow`
/// at 0.7em, the name's 4 px padding each side, the mark's width, the cell's 2 px) and the
/// row's spacing (which `DayCell` takes from here); the texts are measured in the display's
/// font, so the answer holds for any font.
@MainActor
enum DayCellRow {
    static let dotWidth = 8.0
    /// Between the row's parts.
    static let spacing = 3.0
    static let textScale = 0.7
    static let labelPadding = 8.0
    /// A holiday's mark when its name has no room (`.holiday-label.mark`).
    static let markWidth = 12.0
    /// The day cell's own padding, left and right (`button.day-cell`).
    static let cellPadding = 4.0
    /// Characters of a holiday's name that must show for it to be written.
    static let nameCharacters = 6

    /// What a row shows of a day's decoration.
    struct Fit: Equatable {
        var dots: Int
        /// Whether the holiday's name is written (else its mark alone shows; no holiday: false).
        var writesName: Bool
        /// The least the written name is given, its padding included: the row's box would
        /// otherwise share out its room by the parts' natural widths and cut the name shorter.
        var nameWidth = 0
    }

    /// How `decoration` fits `width` pixels; `widget` lends its display's font.
    static func fit(_ decoration: DayDecoration, in width: Double, measuring widget: Widget) -> Fit {
        guard let name = decoration.label else {
            return Fit(dots: dots(decoration, after: 0, in: width, measuring: widget).dots, writesName: false)
        }
        let shortest = name.count <= nameCharacters ? name : String(name.prefix(nameCharacters)) + "…"
        // Bold, as the day cell's button makes its texts.
        let nameWidth = (textWidth("<b>" + Label.escape(shortest) + "</b>", widget) + labelPadding).rounded(.up)
        let named = dots(decoration, after: nameWidth + spacing, in: width, measuring: widget)
        if named.fits { return Fit(dots: named.dots, writesName: true, nameWidth: Int(nameWidth)) }
        return Fit(dots: dots(decoration, after: markWidth + spacing, in: width, measuring: widget).dots, writesName: false)
    }

    /// The dots that fit beside `lead` pixels (the holiday's name or mark) and the count of
    /// the rest, and whether the row fits at all.
    private static func dots(_ decoration: DayDecoration, after lead: Double, in width: Double,
                             measuring widget: Widget) -> (dots: Int, fits: Bool) {
        var dots = decoration.dots.count
        while true {
            let counted = decoration.overflow + decoration.dots.count - dots
            let count = counted > 0 ? countWidth(counted, widget) + spacing : 0
            let used = lead + (dots > 0 ? Double(dots) * (dotWidth + spacing) - spacing : -spacing) + count
            if used <= width { return (dots, true) }
            if dots == 0 { return (0, false) }
            dots -= 1
        }
    }

    /// "+N" as drawn: bold, and never narrower than the two characters the inscription asks for.
    private static func countWidth(_ count: Int, _ widget: Widget) -> Double {
        if let known = countWidths[count] { return known }
        let width = max(textWidth("<b>+\(count)</b>", widget), textWidth("<b>00</b>", widget))
        countWidths[count] = width
        return width
    }

    /// Measured once per text (and count) for the life of the process (a reload asks this of 42
    /// cells; a measure costs a Pango layout): a change of the desktop's font is seen at the next start.
    private static var widths: [String: Double] = [:]
    private static var countWidths: [Int: Double] = [:]

    private static func textWidth(_ markup: String, _ widget: Widget) -> Double {
        if let known = widths[markup] { return known }
        let width = Double(widget.pixelSize(ofMarkup: markup, baseFontScaledBy: textScale).width)
        widths[markup] = width
        return width
    }
}
