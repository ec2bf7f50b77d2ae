import CalendarModel
import Foundation

/// What the week view reports; the coordinator decides what it means.
@MainActor
protocol WeekViewDelegate: AnyObject {
    /// A click on a day's header or on free time in its column.
    func weekView(_ view: WeekView, didSelect day: CalendarDay)
    /// A click on a plan.
    func weekView(_ view: WeekView, didSelectPlan entry: PlanOnDay)
    /// A double click or Enter on a plan.
    func weekView(_ view: WeekView, didActivatePlan entry: PlanOnDay)
    /// Delete on the focused or selected plan.
    func weekView(_ view: WeekView, didRequestDeleteOf entry: PlanOnDay)
    /// A double click on free time: a new plan starting then (rounded to 15 minutes).
    func weekView(_ view: WeekView, didRequestNewPlanAt start: Date)
    /// A plan dragged (or moved with the keyboard) to a new time or day, or its end changed.
    func weekView(_ view: WeekView, didMove entry: PlanOnDay, to timing: PlanTiming)
    func weekView(_ view: WeekView, didNavigate navigation: CalendarNavigation)
    /// The window's width changed how many days (7, 3 or 1) or lanes of overlapping plans fit.
    func weekViewDidChangeFit(_ view: WeekView)
}
