import CalendarModel
import Foundation

/// What the week view draws: plain values from the store, for the days it shows.
struct WeekViewState {
    var span: DaySpan
    var selection: CalendarDay?
    /// The plan clicked last, drawn selected while its day is selected.
    var selectedPlan: Plan.ID?
    var today: CalendarDay
    /// Each day's plans.
    var slice: DaySlice
    /// Colours and calendar names of the plans.
    var style: PlanRowStyle
}

/// How many day columns fit a week view `width` pixels wide: 7 while each gets
/// `minimumWeekColumn`, else 3 while each gets `minimumFewColumns`, else 1 (a phone).
enum WeekColumns {
    static let minimumWeekColumn = 64
    static let minimumFewColumns = 110

    static func count(forWidth width: Int) -> Int {
        let days = width - Int(WeekView.gutterWidth)
        if days >= 7 * minimumWeekColumn { return 7 }
        if days >= 3 * minimumFewColumns { return 3 }
        return 1
    }
}
