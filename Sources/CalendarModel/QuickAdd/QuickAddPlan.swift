import Foundation

/// What a plain phrase ("Lunch with Ann tomorrow 12:30", "明日12時にカフェでランチ") asks for:
/// the plan `QuickAddParser` made of it.
public struct QuickAddPlan: Equatable, Sendable {
    public var title: String
    public var timing: PlanTiming
    /// A repeat the phrase asked for ("every Monday and Thursday", "毎月15日", "every 2 weeks
    /// until March"): BYDAY and BYMONTHDAY as said, UNTIL a date.
    public var repeatRule: RecurrenceRule?
    public var location: String?
    /// A calendar named with "/work" (or "in Work" when a calendar has that name).
    public var calendarName: String?
    /// The words that were understood, in the order they stand in the phrase.
    public var understood: [String]
    /// Whether the phrase named a day, a time or a repeat: `timing` is the day it falls on
    /// otherwise (a task said without one has no due date).
    public var saysWhen = true

    /// The repeat to write and to hand to the editor: in its simple terms (the plan starts on
    /// the day of the month a phrase named, so BYMONTHDAY says nothing more).
    public func simpleRepeatRule(in calendar: Calendar) -> RecurrenceRule? {
        repeatRule.map { $0.simplified(startingOn: timing.days(in: calendar).lowerBound) ?? $0 }
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
