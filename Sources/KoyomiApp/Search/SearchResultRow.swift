import CalendarModel
import Foundation

/// One search result as plain values: what its row draws and a screen reader says.
struct SearchResultRow: Equatable {
    var title: String
    /// The occurrence's first day, with weekday and year ("Tue, Nov 10, 2026").
    var dateText: String
    var rangeText: String
    var color: DotColor
    var calendarName: String
    var repeats: Bool
    /// Where activating the row takes the calendar.
    var day: CalendarDay

    init(_ result: SearchResult, calendar: CalendarInfo?, formatter: CalendarFormatter) {
        title = result.plan.title
        dateText = formatter.resultDate(result.day)
        rangeText = formatter.rangeText(for: result.plan)
        color = DayDecoration.dotColor(for: result.plan, calendar: calendar)
        calendarName = calendar?.name ?? ""
        repeats = result.repeats
        day = result.day
    }

    /// The second line: "Tue, Nov 10, 2026 · 9:30 AM – 9:45 AM", and whether it repeats.
    var detailText: String {
        // TRANSLATORS: after a search result's date and time: the plan is one of a repeating series.
        let parts = [dateText, rangeText] + (repeats ? [L("repeats")] : [])
        return parts.joined(separator: " · ")
    }

    var accessibleLabel: String {
        var parts = [title, dateText, rangeText]
        if !calendarName.isEmpty { parts.append(calendarName) }
        // TRANSLATORS: spoken for a search result that is one occurrence of a repeating plan.
        if repeats { parts.append(L("repeats")) }
        return parts.joined(separator: L(", "))
    }
}
