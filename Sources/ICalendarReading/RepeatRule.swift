import CalendarModel

/// How a plan repeats, as the editor offers it: daily, weekly on some days, monthly, yearly,
/// every `interval` periods, ending never, on a day, or after a count. Written as an RRULE.
public struct RepeatRule: Hashable, Sendable {
    public enum Frequency: String, Hashable, Sendable {
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    /// RFC 5545 weekday codes.
    public enum Weekday: String, Hashable, Sendable, CaseIterable {
        case monday = "MO", tuesday = "TU", wednesday = "WE", thursday = "TH", friday = "FR"
        case saturday = "SA", sunday = "SU"
    }

    public enum End: Hashable, Sendable {
        case never
        /// The last day an occurrence may start on (inclusive).
        case on(CalendarDay)
        case afterCount(Int)
    }

    public var frequency: Frequency
    public var interval: Int
    /// BYDAY for weekly rules ("weekdays" is daily-looking but written as WEEKLY on MO–FR).
    public var weekdays: [Weekday]
    public var end: End

    public init(frequency: Frequency, interval: Int = 1, weekdays: [Weekday] = [], end: End = .never) {
        self.frequency = frequency
        self.interval = interval
        self.weekdays = weekdays
        self.end = end
    }

    /// Monday to Friday.
    public static func weekdays(end: End = .never) -> RepeatRule {
        RepeatRule(frequency: .weekly, weekdays: [.monday, .tuesday, .wednesday, .thursday, .friday], end: end)
    }

    /// The RRULE value. `untilText` is UNTIL as it must be written for the event's DTSTART
    /// (a date for all-day plans, a UTC time otherwise), computed by the caller.
    package func rruleValue(untilText: String?) -> String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if interval > 1 { parts.append("INTERVAL=\(interval)") }
        if !weekdays.isEmpty { parts.append("BYDAY=" + weekdays.map(\.rawValue).joined(separator: ",")) }
        switch end {
        case .never: break
        case let .afterCount(count): parts.append("COUNT=\(max(1, count))")
        case .on: if let untilText { parts.append("UNTIL=\(untilText)") }
        }
        return parts.joined(separator: ";")
    }
}
