import CalendarModel

/// What the month grid reports, in the manner of UICalendarView's selection delegate. The grid
/// never changes the model itself, and asks nothing: its plans are pushed (`MonthGridPlans`).
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
    /// A chip or bar of a roomy grid was clicked: its plan on that day.
    func monthGrid(_ grid: MonthGridView, didSelectPlan entry: PlanOnDay)
    /// A chip or bar was dragged from its day to another (`day`), `days` away.
    func monthGrid(_ grid: MonthGridView, didMove entry: PlanOnDay, byDays days: Int, droppedOn day: CalendarDay)
}

/// Everything the grid shows apart from its plans, as plain values.
struct MonthGridState: Equatable {
    var layout: MonthLayout
    var selection: CalendarDay?
    var today: CalendarDay
}

/// The grid's plans, pushed as the other views' are: its days' slice (each day's decoration
/// and plans) and how plans look (a roomy grid's chips and bars).
struct MonthGridPlans {
    var slice: DaySlice
    var style: PlanRowStyle
}
