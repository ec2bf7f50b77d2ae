import Foundation

extension PlanTiming {
    /// Moved by whole days (keeping the wall-clock times, across a DST change too) and by
    /// minutes: a plan dragged to another day or time. Its length is kept.
    public func moved(days: Int, minutes: Int, calendar: Calendar) -> PlanTiming {
        switch self {
        case let .allDay(start, end):
            return .allDay(start: start.adding(days: days), end: end.adding(days: days))
        case let .timed(start, end):
            let length = end.timeIntervalSince(start)
            let day = calendar.date(byAdding: .day, value: days, to: start) ?? start
            let newStart = day.addingTimeInterval(TimeInterval(minutes * 60))
            return .timed(start: newStart, end: newStart.addingTimeInterval(length))
        }
    }

    /// The end moved by `minutes` (a plan's bottom edge dragged), never closer to the start
    /// than `minimumMinutes`. All-day plans are unchanged.
    public func endMoved(minutes: Int, minimumMinutes: Int = 15) -> PlanTiming {
        guard case let .timed(start, end) = self else { return self }
        let newEnd = max(end.addingTimeInterval(TimeInterval(minutes * 60)), start.addingTimeInterval(TimeInterval(minimumMinutes * 60)))
        return .timed(start: start, end: newEnd)
    }
}
