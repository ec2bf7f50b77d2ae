/// What colour a day's number takes on a Japanese calendar (issue 40): a holiday and a Sunday
/// red, a Saturday blue, any other day none. A holiday on a Saturday is a holiday.
public enum DayKind: Sendable, Equatable {
    case weekday, saturday, sunday, holiday

    /// `isHoliday`: the day has a holiday-like plan (`DayDecoration.isHoliday`: a plan of a
    /// holiday calendar, such as the built-in Japanese holidays or a subscribed holiday feed,
    /// or one with the category HOLIDAY).
    public init(_ day: CalendarDay, isHoliday: Bool) {
        if isHoliday { self = .holiday; return }
        switch day.weekday {
        case 1: self = .sunday
        case 7: self = .saturday
        default: self = .weekday
        }
    }
}

extension DayDecoration {
    /// Whether the day has a holiday-like plan (it gives the cell's holiday label).
    public var isHoliday: Bool { label != nil }
}
