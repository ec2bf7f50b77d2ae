import Foundation

/// The order tasks are listed in: open ones first, by due, earliest first, undated last;
/// then the checked-off and cancelled ones, most recently completed first.
public enum TaskOrdering {
    public static func sorted(_ tasks: [CalendarTask], calendar: Calendar) -> [CalendarTask] {
        tasks.sorted { first, second in
            if first.isOpen != second.isOpen { return first.isOpen }
            if !first.isOpen, first.completed != second.completed {
                // Most recent first; one without a completion time after those with one.
                guard let one = first.completed else { return false }
                guard let other = second.completed else { return true }
                return one > other
            }
            let firstDue = first.due?.instant(in: calendar)
            let secondDue = second.due?.instant(in: calendar)
            if firstDue != secondDue {
                guard let firstDue else { return false }
                guard let secondDue else { return true }
                return firstDue < secondDue
            }
            // Same due: a whole day before a time on it, then higher priority (1 first, 0 last).
            if first.due.map(isDay) != second.due.map(isDay) { return first.due.map(isDay) ?? false }
            let firstPriority = first.priority == 0 ? 10 : first.priority
            let secondPriority = second.priority == 0 ? 10 : second.priority
            if firstPriority != secondPriority { return firstPriority < secondPriority }
            if first.title != second.title { return first.title.localizedStandardCompare(second.title) == .orderedAscending }
            return (first.uid, first.occurrence ?? "") < (second.uid, second.occurrence ?? "")
        }
    }

    private static func isDay(_ time: TaskTime) -> Bool {
        if case .day = time { return true }
        return false
    }
}
