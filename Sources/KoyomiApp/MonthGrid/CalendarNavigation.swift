import GtkKit

/// What a key press asks the calendar to do, before the coordinator decides how.
enum CalendarNavigation: Equatable {
    /// Move the selected day (arrow keys: ±1 day, ±1 week).
    case days(Int)
    /// A page of the shown view (Page Up/Down, Shift+wheel in the time grids): the month
    /// moves the selected day a month, the time grids the shown days, the year view a year
    /// (`CalendarView.pageSelection`).
    case pages(Int)
    case today
    case deselect

    /// The grid's own keys, while focus is on a day. Left and right swap in right-to-left
    /// layouts, where the week runs from right to left.
    static func forGridKey(_ key: Key, _ modifiers: Modifiers, rightToLeft: Bool) -> CalendarNavigation? {
        guard modifiers.isEmpty else { return nil }
        let forward = rightToLeft ? -1 : 1
        switch key {
        case .left: return .days(-forward)
        case .right: return .days(forward)
        case .up: return .days(-7)
        case .down: return .days(7)
        case .pageUp: return .pages(-1)
        case .pageDown: return .pages(1)
        case .home: return .today
        default: return nil
        }
    }

    /// The week view's keys: the grid's, except Up and Down, which scroll its hours (the
    /// coordinator pages the shown days on `.pages`).
    static func forWeekKey(_ key: Key, _ modifiers: Modifiers, rightToLeft: Bool) -> CalendarNavigation? {
        guard key != .up, key != .down else { return nil }
        return forGridKey(key, modifiers, rightToLeft: rightToLeft)
    }
}
