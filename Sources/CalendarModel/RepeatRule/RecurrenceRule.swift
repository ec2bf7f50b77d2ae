/// An RRULE as RFC 5545 §3.3.10 defines it, read into plain values (see `init(parsing:)`).
public struct RecurrenceRule: Hashable, Sendable {
    public enum Frequency: Int, Hashable, Sendable, CaseIterable {
        case secondly, minutely, hourly, daily, weekly, monthly, yearly

        package var name: String {
            switch self {
            case .secondly: "SECONDLY"
            case .minutely: "MINUTELY"
            case .hourly: "HOURLY"
            case .daily: "DAILY"
            case .weekly: "WEEKLY"
            case .monthly: "MONTHLY"
            case .yearly: "YEARLY"
            }
        }

        /// Seconds in one step of a sub-daily frequency.
        package var unitSeconds: Int? {
            switch self {
            case .secondly: 1
            case .minutely: 60
            case .hourly: 3600
            default: nil
            }
        }
    }

    /// A BYDAY entry: a weekday (1 = Sunday … 7 = Saturday, as `CalendarDay.weekday`) and
    /// an ordinal within the month or year (0: every such weekday; -1: the last).
    public struct WeekdayNumber: Hashable, Sendable {
        public let weekday: Int
        public let ordinal: Int

        public init(weekday: Int, ordinal: Int = 0) {
            self.weekday = weekday
            self.ordinal = ordinal
        }
    }

    /// UNTIL as written: a date, or a date-time that is UTC or (against the RFC, but real
    /// files do it) local.
    public struct Until: Hashable, Sendable {
        public let time: RuleTime
        public let isDate: Bool
        public let isUTC: Bool

        public init(time: RuleTime, isDate: Bool, isUTC: Bool) {
            self.time = time
            self.isDate = isDate
            self.isUTC = isUTC
        }
    }

    public var frequency: Frequency
    public var interval = 1
    public var count: Int?
    public var until: Until?
    public var bySecond: [Int] = []
    public var byMinute: [Int] = []
    public var byHour: [Int] = []
    public var byDay: [WeekdayNumber] = []
    public var byMonthDay: [Int] = []
    public var byYearDay: [Int] = []
    public var byWeekNo: [Int] = []
    public var byMonth: [Int] = []
    public var bySetPos: [Int] = []
    /// WKST, 1 = Sunday … 7 = Saturday; Monday unless the rule says otherwise.
    public var weekStart = 2
    /// Parts read but not used, for a warning (names the RFC does not define, SKIP).
    public var ignoredParts: [String] = []

    public init(frequency: Frequency) {
        self.frequency = frequency
    }
}
