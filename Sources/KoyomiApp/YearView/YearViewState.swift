import CalendarModel

/// What the year view draws, as plain values.
struct YearViewState {
    var year: Int
    /// The weekday of every month's first column: 1 = Sunday … 7 = Saturday.
    var firstWeekday: Int
    var selection: CalendarDay?
    var today: CalendarDay
    /// The year's dots, holidays and plan counts; nil while it is being built (the days are
    /// drawn without them). A slice of another year or first weekday is treated as nil.
    var slice: YearSlice?
}

/// How many months side by side fit a year view `width` pixels wide: four, three, and two
/// at the least (a phone's 360 px), each month given `minimumMonthWidth`.
enum YearColumns {
    /// A month of 7 cells that still hold a day number and three dots with "+" (`YearStylesheet`).
    static let minimumMonthWidth = 220

    static func count(forWidth width: Int) -> Int {
        min(4, max(2, width / minimumMonthWidth))
    }
}
