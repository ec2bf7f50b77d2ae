extension DaySpan {
    /// The days a week view shows with `columns` day columns around the selected `day`.
    ///
    /// Seven columns show the week that holds `day`, from `firstWeekday`. Fewer (a narrow
    /// window shows 3, or 1 at phone width) keep the span already shown while it holds `day`,
    /// so clicking a day in it moves nothing; otherwise the span moves to `day`: it starts
    /// there when moving forward and ends there when moving back, as paging by `columns`
    /// days would leave it.
    public static func weekView(columns: Int, day: CalendarDay, firstWeekday: Int, shown: DaySpan? = nil) -> DaySpan {
        guard columns < 7 else { return .week(containing: day, firstWeekday: firstWeekday) }
        let count = max(1, columns)
        if let shown, shown.count == count, shown.contains(day) { return shown }
        if let shown, shown.count == count, day < shown.first {
            return DaySpan(first: day.adding(days: -(count - 1)), count: count)
        }
        return DaySpan(first: day, count: count)
    }
}
