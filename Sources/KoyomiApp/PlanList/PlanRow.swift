import CalendarModel

/// One row of the plan list as plain values: what the row view draws and reads out.
struct PlanRow: Equatable, Identifiable {
    var id: String
    var title: String
    var rangeText: String
    var color: DotColor
    var calendarName: String
    var startsOnDay: Bool
    var isCancelled: Bool

    init(_ entry: PlanOnDay, calendar: CalendarInfo?, formatter: CalendarFormatter) {
        id = entry.id
        title = entry.plan.title
        rangeText = formatter.rangeText(for: entry.plan)
        color = DayDecoration.dotColor(for: entry.plan, calendar: calendar)
        calendarName = calendar?.name ?? ""
        startsOnDay = entry.startsOnDay
        isCancelled = entry.plan.status == .cancelled
    }

    var markerText: String { startsOnDay ? "Starts" : "Continues" }

    /// What a screen reader says for the row: title, time, calendar and whether it starts here.
    var accessibleLabel: String {
        var parts = [title, rangeText]
        if !calendarName.isEmpty { parts.append(calendarName) }
        parts.append(startsOnDay ? "starts" : "continues from an earlier day")
        if isCancelled { parts.append("cancelled") }
        return parts.joined(separator: ", ")
    }
}

/// What the plan list shows: one day's plans, or the month's agenda when no day is selected.
enum PlanListContent: Equatable {
    struct Section: Equatable {
        var header: String
        var rows: [PlanRow]
    }

    case day(emptyText: String, rows: [PlanRow])
    case agenda(emptyText: String, sections: [Section])
}
