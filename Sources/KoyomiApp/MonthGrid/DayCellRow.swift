import CalendarModel
import GtkKit

/// How many of a day's dots fit its cell's row beside the holiday name and "+N": a cell of a
/// phone-sized window (about 48 px) has no room for three dots and a count, and a count cut
/// off at the cell's edge ("+" with half a digit) says nothing. The dots that do not fit are
/// counted in "+N" instead (`DayDecoration.keeping(dots:)`).
///
/// The sizes are the style sheet's (`Stylesheet`: `.dot` 8 px, `.holiday-label` and `.overflow`
/// at 0.7em, the name's 4 px padding each side, the cell's 2 px) and the row's spacing (which
/// `DayCell` takes from here); the texts are measured in the display's font, so the answer
/// holds for any font.
@MainActor
enum DayCellRow {
    static let dotWidth = 8.0
    /// Between the row's parts.
    static let spacing = 3.0
    static let textScale = 0.7
    static let labelPadding = 8.0
    /// The day cell's own padding, left and right (`button.day-cell`).
    static let cellPadding = 4.0

    /// Dots of `decoration` that fit `width` pixels; `widget` lends its display's font.
    static func dotsThatFit(_ decoration: DayDecoration, in width: Double, measuring widget: Widget) -> Int {
        // An ellipsized name gives way down to its "…"; each part after the first adds a spacing.
        let label = decoration.label == nil ? 0 : textWidth("…", widget) + labelPadding + spacing
        var dots = decoration.dots.count
        while dots > 0 {
            let counted = decoration.overflow + decoration.dots.count - dots
            let count = counted > 0 ? countWidth(counted, widget) + spacing : 0
            if label + Double(dots) * (dotWidth + spacing) - spacing + count <= width { break }
            dots -= 1
        }
        return dots
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
