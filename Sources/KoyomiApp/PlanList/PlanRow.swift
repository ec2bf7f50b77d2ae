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
    var location: String?
    var notes: String?

    init(_ entry: PlanOnDay, calendar: CalendarInfo?, formatter: CalendarFormatter) {
        id = entry.id
        title = entry.plan.title
        rangeText = formatter.rangeText(for: entry.plan)
        color = DayDecoration.dotColor(for: entry.plan, calendar: calendar)
        calendarName = calendar?.name ?? ""
        startsOnDay = entry.startsOnDay
        isCancelled = entry.plan.status == .cancelled
        location = entry.plan.location
        notes = entry.plan.notes
    }

    /// "Starts" on the plan's first day, "Continues" on the days after.
    var markerText: String {
        // TRANSLATORS: beside a plan in the list: it begins on this day / began on an earlier day.
        startsOnDay ? L("Starts") : L("Continues")
    }

    /// What a screen reader says for the row: title, time, calendar and whether it starts here.
    var accessibleLabel: String {
        var parts = [title, rangeText]
        if !calendarName.isEmpty { parts.append(calendarName) }
        // TRANSLATORS: spoken after a plan's title, time and calendar: it begins on this day / began earlier.
        parts.append(startsOnDay ? L("starts") : L("continues from an earlier day"))
        // TRANSLATORS: spoken for a plan whose organizer called it off.
        if isCancelled { parts.append(L("cancelled")) }
        // TRANSLATORS: separates the parts of a plan's spoken description (title, time, calendar…).
        return parts.joined(separator: L(", "))
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
