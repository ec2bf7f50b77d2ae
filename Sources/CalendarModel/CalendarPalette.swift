/// The calendar colours Koyomi offers and gives, in one list: GNOME's palette in shades that
/// keep a calendar's dots and names readable in light and dark styles (ContrastTests). Files
/// that name no colour, the first calendar, new and imported calendars, subscriptions and
/// plans with no calendar all take theirs from here.
public enum CalendarPalette {
    public static let colors = ["#3584e4", "#e66100", "#2ec27e", "#9141ac", "#e5a50a", "#c01c28", "#865e3c", "#1c71d8"]

    /// The first colour: "Personal"'s, and a dot's when its calendar has none.
    public static var first: String { colors[0] }

    /// The `index`-th colour, in turn (the list starts again after its last).
    public static func color(_ index: Int) -> String {
        colors[index.remainder(dividingBy: colors.count)]
    }
}

private extension Int {
    func remainder(dividingBy divisor: Int) -> Int { (self % divisor + divisor) % divisor }
}
