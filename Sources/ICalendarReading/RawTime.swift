import CICal
import CalendarModel
import Recurrence

/// A date value as libical read it, before its zone is resolved.
package struct RawTime {
    package var wall: WallTime
    package var isUTC: Bool
    package var tzid: String?

    package init?(_ value: icaltimetype, property: OpaquePointer) {
        guard !icaltime_is_null_time(value).isTrue, let wall = WallTime(value) else { return nil }
        self.wall = wall
        self.isUTC = icaltime_is_utc(value).isTrue
        self.tzid = isUTC ? nil : LibicalText.tzid(of: property)
    }

    /// An RRULE's UNTIL (no TZID of its own: it is read in DTSTART's frame).
    init(_ until: RecurrenceRule.Until) {
        wall = WallTime(until.time, isDate: until.isDate)
        isUTC = until.isUTC
        tzid = nil
    }
}

extension Int32 {
    /// libical returns C booleans as int.
    var isTrue: Bool { self != 0 }
}
