import Foundation

/// When a plan happens.
public enum PlanTiming: Hashable, Sendable {
    /// Whole days; `end` is exclusive (RFC 5545 `DTEND;VALUE=DATE`), so a one-day plan
    /// has `end == start + 1`.
    case allDay(start: CalendarDay, end: CalendarDay)
    /// Instants; `end >= start`. A plan ending exactly at midnight does not reach the next day.
    case timed(start: Date, end: Date)

    /// The days it touches in `calendar`'s time zone: all-day ends are exclusive, and a timed
    /// plan ending exactly at a day's start does not spill onto that day.
    public func days(in calendar: Calendar) -> ClosedRange<CalendarDay> {
        switch self {
        case let .allDay(start, end):
            return start...max(start, end.adding(days: -1))
        case let .timed(start, end):
            let first = CalendarDay(start, in: calendar)
            guard end > start else { return first...first }
            let last = CalendarDay(end.addingTimeInterval(-0.001), in: calendar)
            return first...max(first, last)
        }
    }
}

public enum PlanStatus: String, Hashable, Sendable {
    case tentative = "TENTATIVE"
    case confirmed = "CONFIRMED"
    case cancelled = "CANCELLED"
}

/// One occurrence of an event, as plain values: what views and the model work with.
public struct Plan: Identifiable, Hashable, Sendable {
    /// The iCalendar UID plus, for an occurrence of a repeating event, its recurrence id
    /// (e.g. "20261110T090000Z"), so every occurrence is distinct.
    public struct ID: Hashable, Sendable, CustomStringConvertible {
        public var uid: String
        public var occurrence: String?
        public init(uid: String, occurrence: String? = nil) {
            self.uid = uid
            self.occurrence = occurrence
        }
        public var description: String { occurrence.map { "\(uid)@\($0)" } ?? uid }
    }

    public var id: ID
    public var calendarID: CalendarID
    public var title: String
    public var location: String?
    public var notes: String?
    /// RFC 7986 `COLOR` as written (CSS name or `#rrggbb`), if the plan has its own.
    public var color: String?
    public var categories: [String]
    public var status: PlanStatus?
    public var timing: PlanTiming

    public init(id: ID, calendarID: CalendarID, title: String, location: String? = nil,
                notes: String? = nil, color: String? = nil, categories: [String] = [],
                status: PlanStatus? = nil, timing: PlanTiming) {
        self.id = id
        self.calendarID = calendarID
        self.title = title
        self.location = location
        self.notes = notes
        self.color = color
        self.categories = categories
        self.status = status
        self.timing = timing
    }

    public var isAllDay: Bool {
        if case .allDay = timing { return true }
        return false
    }

    /// The days this plan touches in `calendar`'s time zone (`PlanTiming.days(in:)`).
    public func days(in calendar: Calendar) -> ClosedRange<CalendarDay> { timing.days(in: calendar) }

    /// The overlap rule every `PlanSource` answers by: half-open, so a plan ending exactly when
    /// the interval starts is not in it, but a zero-length plan counts at the instant it happens.
    public static func span(_ span: DateInterval, overlaps interval: DateInterval) -> Bool {
        span.start < interval.end
            && (span.end > interval.start || (span.duration == 0 && span.start >= interval.start))
    }

    /// The instants this plan covers, for range queries against a `PlanSource`.
    public func interval(in calendar: Calendar) -> DateInterval {
        switch timing {
        case let .allDay(start, end):
            return DateInterval(start: start.start(in: calendar),
                                end: max(start.adding(days: 1), end).start(in: calendar))
        case let .timed(start, end):
            return DateInterval(start: start, end: max(start, end))
        }
    }
}
