import Foundation

/// A clock reading with no zone: a day and the seconds since its midnight. Rules repeat in
/// the local time of their DTSTART (RFC 5545 §3.3.10), so expansion works in these and the
/// caller turns each into an instant with the zone's gap and fold rules afterwards.
public struct RuleTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let day: CalendarDay
    /// 0 ..< 86_400.
    public let secondOfDay: Int

    public init(day: CalendarDay, secondOfDay: Int = 0) {
        self.day = day
        self.secondOfDay = secondOfDay
    }

    /// Seconds on a clock that never changes its offset, for stepping sub-daily rules.
    package var absoluteSeconds: Int { day.julianOffset * 86_400 + secondOfDay }

    package init(absoluteSeconds seconds: Int) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        self.init(day: CalendarDay(julianOffset: days), secondOfDay: seconds - days * 86_400)
    }

    package var hour: Int { secondOfDay / 3600 }
    package var minute: Int { secondOfDay / 60 % 60 }
    package var second: Int { secondOfDay % 60 }

    public static func < (a: RuleTime, b: RuleTime) -> Bool {
        a.day != b.day ? a.day < b.day : a.secondOfDay < b.secondOfDay
    }

    /// "19970902T090000", as the test vectors write it.
    public var description: String {
        let date = String(format: "%04d%02d%02d", day.year, day.month, day.day)
        return date + String(format: "T%02d%02d%02d", hour, minute, second)
    }
}
