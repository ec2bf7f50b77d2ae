extension DaySpan {
    /// The days a week view shows with `columns` day columns around the selected `day`.
    ///
    /// Seven columns show the week that holds `day`, from `firstWeekday`. Fewer (a narrow
    /// window shows 3, or 1 at phone width) keep the span already shown while it holds `day`,
    /// so clicking a day in it moves nothing; otherwise the span moves by whole spans until it
    /// holds `day`, so paging by `columns` days never skips one. Without a span of that size
    /// shown yet, it starts at `day`.
    public static func weekView(columns: Int, day: CalendarDay, firstWeekday: Int, shown: DaySpan? = nil) -> DaySpan {
        guard columns < 7 else { return .week(containing: day, firstWeekday: firstWeekday) }
        let count = max(1, columns)
        guard let shown, shown.count == count else { return DaySpan(first: day, count: count) }
        let offset = day.julianOffset - shown.first.julianOffset
        let steps = offset >= 0 ? offset / count : -((-offset + count - 1) / count)
        return DaySpan(first: shown.first.adding(days: steps * count), count: count)
    }
}
