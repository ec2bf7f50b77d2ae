import CalendarModel

/// What the month grid reports and asks, in the manner of UICalendarView's selection and
/// decoration delegates. The grid never changes the model itself.
@MainActor
protocol MonthGridViewDelegate: AnyObject {
    /// The user activated the cell for `day` (it may belong to a neighbouring month).
    func monthGrid(_ grid: MonthGridView, didSelect day: CalendarDay)
    /// The second click of a double click on the cell for `day` (its first was `didSelect`).
    func monthGrid(_ grid: MonthGridView, didDoubleClick day: CalendarDay)
    /// A double click on a chip of a roomy grid: its plan.
    func monthGrid(_ grid: MonthGridView, didActivatePlan entry: PlanOnDay)
    /// Enter on a day that has no plans.
    func monthGrid(_ grid: MonthGridView, didRequestNewPlanOn day: CalendarDay)
    /// A key asked to move the selection, page or go to today.
    func monthGrid(_ grid: MonthGridView, didNavigate navigation: CalendarNavigation)
    /// How `day`'s cell should be decorated; asked for all 42 cells on every reload.
    func monthGrid(_ grid: MonthGridView, decorationFor day: CalendarDay) -> DayDecoration
    /// A chip or bar of a roomy grid was clicked: its plan on that day.
    func monthGrid(_ grid: MonthGridView, didSelectPlan entry: PlanOnDay)
    /// A chip or bar was dragged from its day to another (`day`), `days` away.
    func monthGrid(_ grid: MonthGridView, didMove entry: PlanOnDay, byDays days: Int, droppedOn day: CalendarDay)
    /// The grid's days' plans and how they look, for a roomy grid's chips and bars.
    func monthGridPlans(_ grid: MonthGridView) -> (slice: DaySlice, style: PlanRowStyle)
}

/// Everything the grid shows apart from decorations, as plain values.
struct MonthGridState: Equatable {
    var layout: MonthLayout
    var selection: CalendarDay?
    var today: CalendarDay
}
