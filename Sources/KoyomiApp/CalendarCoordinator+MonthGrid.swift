import CalendarModel
import Foundation

/// What the month grid reports: a day or chip clicked, a plan opened, made or dropped, the
/// keys that page.
extension CalendarCoordinator: MonthGridViewDelegate {
    func monthGrid(_ grid: MonthGridView, didSelect day: CalendarDay) {
        store.select(day)
    }

    /// A double click on a day's free space means "a new plan on this day" (issue 19), and
    /// never "deselect": the first click selected it.
    func monthGrid(_ grid: MonthGridView, didDoubleClick day: CalendarDay) {
        newPlan(on: day)
    }

    /// A double click on a chip edits its plan (or shows a read-only plan's details).
    func monthGrid(_ grid: MonthGridView, didActivatePlan entry: PlanOnDay) {
        store.show(entry.day)
        activate(entry)
    }

    /// Enter on a day with no plans: a new plan there.
    func monthGrid(_ grid: MonthGridView, didRequestNewPlanOn day: CalendarDay) {
        newPlan(on: day)
    }

    func monthGrid(_ grid: MonthGridView, didMove entry: PlanOnDay, byDays days: Int, droppedOn day: CalendarDay) {
        move(entry, byDays: days, showing: day)
    }

    private func newPlan(on day: CalendarDay) {
        store.show(day)
        editing.newPlan()
    }

    func monthGrid(_ grid: MonthGridView, didNavigate navigation: CalendarNavigation) {
        navigate(navigation)
    }

    /// A chip or bar: its day is shown (never deselected) and the plan's row takes the focus.
    func monthGrid(_ grid: MonthGridView, didSelectPlan entry: PlanOnDay) {
        store.show(entry.day)
        window.planList.focusRow(of: entry.plan.id)
    }
}
