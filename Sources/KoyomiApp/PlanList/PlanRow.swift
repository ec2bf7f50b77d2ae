import CalendarModel

/// One row of the plan list as plain values: what the row view draws and reads out.
///
/// A busy month's agenda holds thousands of rows but shows a screenful, so a row keeps its
/// plan and formats its texts (the range, the id) only when read, i.e. when a row view binds
/// it: paging never formats what nobody sees.
struct PlanRow: Equatable, Identifiable {
    /// The day's list the row's plan is in, and where: a row shares the store's array instead
    /// of copying its plan (a reference per text field), so listing a month's thousands of
    /// rows costs a reference each.
    private let entries: [PlanOnDay]
    private let index: Int
    let color: DotColor
    let calendarName: String
    private let formatter: CalendarFormatter

    /// The plan on its day, as the store gave it.
    var entry: PlanOnDay { entries[index] }

    init(_ entry: PlanOnDay, calendar: CalendarInfo?, formatter: CalendarFormatter) {
        self.init(entry, color: DayDecoration.dotColor(for: entry.plan, calendar: calendar),
                  calendarName: calendar?.name ?? "", formatter: formatter)
    }

    /// `color` as `DayDecoration.dotColor(for:calendar:)` gives it (callers listing many rows
    /// work it out once per calendar).
    init(_ entry: PlanOnDay, color: DotColor, calendarName: String, formatter: CalendarFormatter) {
        self.init([entry], at: 0, color: color, calendarName: calendarName, formatter: formatter)
    }

    /// The row of `entries[index]` (a list of rows made from one array shares it).
    init(_ entries: [PlanOnDay], at index: Int, color: DotColor, calendarName: String, formatter: CalendarFormatter) {
        precondition(entries.indices.contains(index), "a row of a plan that is not in the list")
        self.entries = entries
        self.index = index
        self.color = color
        self.calendarName = calendarName
        self.formatter = formatter
    }

    var id: String { entries[index].id }
    var title: String { entries[index].plan.title }
    var rangeText: String { formatter.rangeText(for: entries[index].plan) }
    var startsOnDay: Bool { entries[index].startsOnDay }
    var isCancelled: Bool { entries[index].plan.status == .cancelled }
    var location: String? { entries[index].plan.location }
    var notes: String? { entries[index].plan.notes }

    /// "Starts" on the plan's first day, "Continues" on the days after.
    var markerText: String {
        // TRANSLATORS: beside a plan in the list: it begins on this day / began on an earlier day.
        startsOnDay ? L("Starts") : L("Continues")
    }

    /// What a screen reader says for the row: title, time, calendar and whether it starts here.
    var accessibleLabel: String { accessibleLabel(rangeText: rangeText) }

    /// The same, with `rangeText` already formatted.
    func accessibleLabel(rangeText: String) -> String {
        var parts = [title, rangeText]
        if !calendarName.isEmpty { parts.append(calendarName) }
        // TRANSLATORS: spoken after a plan's title, time and calendar: it begins on this day / began earlier.
        parts.append(startsOnDay ? L("starts") : L("continues from an earlier day"))
        // TRANSLATORS: spoken for a plan whose organizer called it off.
        if isCancelled { parts.append(L("cancelled")) }
        // TRANSLATORS: separates the parts of a plan's spoken description (title, time, calendar…).
        return parts.joined(separator: L(", "))
    }

    /// Same plan on the same day, drawn the same way (the texts follow from these).
    static func == (a: PlanRow, b: PlanRow) -> Bool {
        a.entries[a.index] == b.entries[b.index] && a.color == b.color && a.calendarName == b.calendarName && a.formatter === b.formatter
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
