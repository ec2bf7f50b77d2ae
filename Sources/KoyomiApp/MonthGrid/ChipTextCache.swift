import CalendarModel

/// What the roomy month's chips have worked out of their texts, kept while the formatter that
/// made them is the grid's: each wall-clock minute's time text, and each chip text's width.
struct ChipTextCache {
    /// The formatter the times were written with (its locale and 12/24-hour form).
    let formatter: CalendarFormatter?
    /// Time texts by minute of the day.
    var times: [Int: String] = [:]
    /// Widths in pixels of "title time" texts in the chips' font.
    private(set) var widths: [String: Int] = [:]

    init(formatter: CalendarFormatter?) {
        self.formatter = formatter
    }

    /// Keeps `width` for `text`; the widths are forgotten when there are very many (a user who
    /// pages through years of a busy calendar), since each is cheap to measure again.
    mutating func remember(width: Int, of text: String) {
        if widths.count > 20_000 { widths.removeAll(keepingCapacity: true) }
        widths[text] = width
    }
}
