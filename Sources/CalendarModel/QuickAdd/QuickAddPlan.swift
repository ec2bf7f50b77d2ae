import Foundation

/// What a plain phrase ("Lunch with Ann tomorrow 12:30", "明日12時にカフェでランチ") asks for:
/// the plan `QuickAddParser` made of it.
public struct QuickAddPlan: Equatable, Sendable {
    public var title: String
    public var timing: PlanTiming
    public var repeatRule: QuickAddRepeat?
    public var location: String?
    /// A calendar named with "/work" (or "in Work" when a calendar has that name).
    public var calendarName: String?
    /// The words that were understood, in the order they stand in the phrase.
    public var understood: [String]
}

/// A repeat a phrase asked for ("every Monday and Thursday", "毎月15日", "every 2 weeks until March").
public struct QuickAddRepeat: Equatable, Sendable {
    public enum Frequency: String, Sendable { case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY" }
    public var frequency: Frequency
    public var interval = 1
    /// 1 = Sunday … 7 = Saturday.
    public var weekdays: [Int] = []
    public var monthDay: Int?
    /// The last day it may happen on.
    public var until: CalendarDay?
    public var count: Int?

    public init(frequency: Frequency, interval: Int = 1, weekdays: [Int] = [], monthDay: Int? = nil,
                until: CalendarDay? = nil, count: Int? = nil) {
        self.frequency = frequency
        self.interval = interval
        self.weekdays = weekdays
        self.monthDay = monthDay
        self.until = until
        self.count = count
    }
}

/// Why a phrase describes no plan.
public enum QuickAddProblem: Error, Equatable, Sendable {
    /// Only when (and where), not what: nothing is left for a title.
    case noTitle
    /// These words name a day that does not exist ("Feb 30", "2026-13-01").
    case impossibleDate(String)
    /// These words name no time of day ("25:00", "9:75").
    case impossibleTime(String)
    /// These words name a range of days whose last day comes before its first ("Dec 28–24").
    case endBeforeStart(String)
}
