import CalendarModel

/// What the year view reports; the coordinator decides what it means.
@MainActor
protocol YearViewDelegate: AnyObject {
    /// A click, Enter or Space on a day: the coordinator shows it (in the month).
    func yearView(_ view: YearView, didSelect day: CalendarDay)
    /// A key asked to move the selected day or page: the arrows `.days(±1)` and `.days(±7)`
    /// (mirrored right to left), Page Up/Down `.pages(∓1)` (a page of this view, as the
    /// coordinator reads it for every view: a year here), Home `.today`. The year shown
    /// should follow the selected day, so an arrow past December 31 shows the next year.
    func yearView(_ view: YearView, didNavigate navigation: CalendarNavigation)
}
