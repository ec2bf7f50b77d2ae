import Foundation

/// One row of the plan list: a plan as it appears on one particular day.
public struct PlanOnDay: Equatable, Sendable, Identifiable {
    public var plan: Plan
    public var day: CalendarDay
    /// False when the plan continues from an earlier day (the row can say "continued").
    public var startsOnDay: Bool

    public init(plan: Plan, day: CalendarDay, startsOnDay: Bool) {
        self.plan = plan
        self.day = day
        self.startsOnDay = startsOnDay
    }

    /// Where the day falls in the plan: its only day, or the first, a middle or the last of
    /// several (days counted in `calendar`'s zone).
    public enum Place: Sendable, Equatable {
        case only, first, middle, last
    }

    public func place(in calendar: Calendar) -> Place {
        let days = plan.days(in: calendar)
        if days.lowerBound == days.upperBound { return .only }
        if startsOnDay { return .first }
        return day >= days.upperBound ? .last : .middle
    }

    /// Unique per plan and day, so a multi-day plan gives one distinct row per day.
    public var id: String { "\(plan.id)#\(day)" }
}
