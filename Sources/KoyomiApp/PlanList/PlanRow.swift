import CalendarModel
import Foundation

/// One row of the plan list as plain values: what the row view draws and reads out.
///
/// A busy month's agenda holds thousands of rows but shows a screenful, so rows are made when
/// read (`PlanRows`) and format their texts (the range, the id) only then, i.e. when a row
/// view binds them: paging never formats what nobody sees.
struct PlanRow: Equatable, Identifiable {
    /// The day's list the row's plan is in, and where: a row shares the store's array instead
    /// of copying its plan (a reference per text field), so listing a month's thousands of
    /// rows costs a reference each.
    private let entries: [PlanOnDay]
    private let index: Int
    let color: DotColor
    let calendarName: String
    private let formatter: CalendarFormatter
    /// The row stands for the whole plan (the month's agenda lists each plan once), not for
    /// one of its days.
    private let isWholePlan: Bool

    /// The plan on its day, as the store gave it.
    var entry: PlanOnDay { entries[index] }

    /// The row of `entries[index]` (a list of rows made from one array shares it).
    init(_ entries: [PlanOnDay], at index: Int, color: DotColor, calendarName: String, formatter: CalendarFormatter,
         isWholePlan: Bool = false) {
        precondition(entries.indices.contains(index), "a row of a plan that is not in the list")
        self.entries = entries
        self.index = index
        self.color = color
        self.calendarName = calendarName
        self.formatter = formatter
        self.isWholePlan = isWholePlan
    }

    var id: String { entries[index].id }
    var title: String { entries[index].plan.title }
    var rangeText: String { formatter.rangeText(for: entries[index].plan) }
    /// Its day or days and its time, a line each, for its details (`CalendarFormatter.whenText`).
    var whenText: [String] { formatter.whenText(for: entries[index].plan) }
    var startsOnDay: Bool { entries[index].startsOnDay }
    var isCancelled: Bool { entries[index].plan.status == .cancelled }
    var location: String? { entries[index].plan.location }
    var notes: String? { entries[index].plan.notes }

    /// Where the row's day falls in the plan (`PlanOnDay.place`). A row for a whole plan that
    /// starts on its day is the plan's `.only` row: its range says the days, and "Starts"
    /// would be noise; one that began before the month still says it goes on.
    var place: PlanOnDay.Place {
        let place = entries[index].place(in: formatter.calendar)
        return isWholePlan && place == .first ? .only : place
    }

    /// For a plan over several days, "Starts" on its first day, "Continues" on the days
    /// between and "Ends" on its last; nothing for a plan of one day, where it would be noise.
    var markerText: String {
        switch place {
        case .only: return ""
        // TRANSLATORS: beside a plan of several days in the list: it begins on this day.
        case .first: return L("Starts")
        // TRANSLATORS: beside a plan of several days in the list: it began on an earlier day and goes on after this one.
        case .middle: return L("Continues")
        // TRANSLATORS: beside a plan of several days in the list: this is its last day.
        case .last: return L("Ends")
        }
    }

    /// What a screen reader says for the row: title, time (`rangeText`, formatted by the
    /// caller), calendar and whether it starts here.
    func accessibleLabel(rangeText: String) -> String {
        var parts = [title, rangeText]
        if !calendarName.isEmpty { parts.append(calendarName) }
        switch place {
        case .only: break
        // TRANSLATORS: spoken after a plan's title, time and calendar: it begins on this day.
        case .first: parts.append(L("starts"))
        // TRANSLATORS: spoken after a plan's title, time and calendar: it began on an earlier day.
        case .middle: parts.append(L("continues from an earlier day"))
        // TRANSLATORS: spoken after a plan's title, time and calendar: this is its last day.
        case .last: parts.append(L("ends this day"))
        }
        // TRANSLATORS: spoken for a plan whose organizer called it off.
        if isCancelled { parts.append(L("cancelled")) }
        // TRANSLATORS: separates the parts of a plan's spoken description (title, time, calendar…).
        return parts.joined(separator: L(", "))
    }

    /// ", day 2 of 3" for a plan of several days whose bar starts on `day`, as a screen reader
    /// hears a bar (week view, roomy month); nothing for a plan of one day.
    static func spokenDayOf(_ plan: Plan, from day: CalendarDay, calendar: Calendar) -> String {
        let days = plan.days(in: calendar)
        let total = days.upperBound.julianOffset - days.lowerBound.julianOffset + 1
        guard total > 1 else { return "" }
        let number = max(day, days.lowerBound).julianOffset - days.lowerBound.julianOffset + 1
        // TRANSLATORS: spoken after a plan of several days: which of its days the bar (in the week or the month) starts on.
        return L(", ") + String(format: L("day %1$d of %2$d"), number, total)
    }

    /// Same plan on the same day, drawn the same way (the texts follow from these).
    static func == (a: PlanRow, b: PlanRow) -> Bool {
        a.entries[a.index] == b.entries[b.index] && a.color == b.color && a.calendarName == b.calendarName
            && a.formatter === b.formatter && a.isWholePlan == b.isWholePlan
    }
}

/// How one list's rows are drawn: each calendar's colour and name, worked out once per list
/// (nearly every plan takes its calendar's colour).
final class PlanRowStyle: Equatable {
    let formatter: CalendarFormatter
    /// As given, for comparing two styles.
    private let infos: [CalendarInfo]
    private let calendars: [CalendarID: (info: CalendarInfo, color: DotColor)]

    init(calendars: [CalendarInfo], formatter: CalendarFormatter) {
        infos = calendars
        var known: [CalendarID: (info: CalendarInfo, color: DotColor)] = [:]
        for info in calendars where known[info.id] == nil {
            known[info.id] = (info, DayDecoration.dotColor(planColor: nil, calendar: info))
        }
        self.calendars = known
        self.formatter = formatter
    }

    /// The colour of a plan of `calendar` whose own colour is `planColor`, as
    /// `DayDecoration.dotColor(for:calendar:)` gives it.
    func color(calendar: CalendarID, planColor: String?) -> DotColor {
        let known = calendars[calendar]
        guard let planColor else { return known?.color ?? DayDecoration.dotColor(planColor: nil, calendar: nil) }
        let key = OwnColor(calendar: calendar, color: planColor)
        if let made = ownColors[key] { return made }
        let made = DayDecoration.dotColor(planColor: planColor, calendar: known?.info)
        ownColors[key] = made
        return made
    }

    /// Plans' own colours, parsed once per list (a file may give every plan one).
    private var ownColors: [OwnColor: DotColor] = [:]

    private struct OwnColor: Hashable {
        var calendar: CalendarID
        var color: String
    }

    func calendarName(of calendar: CalendarID) -> String { calendars[calendar]?.info.name ?? "" }

    static func == (a: PlanRowStyle, b: PlanRowStyle) -> Bool {
        a === b || (a.formatter === b.formatter && a.infos == b.infos)
    }
}

/// A day's plans as list rows, each made when it is read: a month's agenda lists thousands of
/// plans and shows a screenful, so paging costs a reference per day, not a row per plan.
struct PlanRows: RandomAccessCollection, Equatable {
    /// The store's array for the day, shared.
    let entries: [PlanOnDay]
    let style: PlanRowStyle
    /// Each row stands for its whole plan (`PlanRow.place`): the month's agenda.
    let wholePlans: Bool

    init(_ entries: [PlanOnDay], style: PlanRowStyle, wholePlans: Bool = false) {
        self.entries = entries
        self.style = style
        self.wholePlans = wholePlans
    }

    var startIndex: Int { 0 }
    var endIndex: Int { entries.count }

    subscript(position: Int) -> PlanRow {
        // Fields are read in place: copying a plan out costs a reference per text field.
        let calendar = entries[position].plan.calendarID
        return PlanRow(entries, at: position, color: style.color(calendar: calendar, planColor: entries[position].plan.color),
                       calendarName: style.calendarName(of: calendar), formatter: style.formatter, isWholePlan: wholePlans)
    }

    /// Every colour the rows use, each once, without making the rows. A colour is worked out
    /// only where the calendar or own colour changes, and a plan in its calendar's colour is
    /// passed over once that calendar's is found: a month's agenda interleaves a few calendars
    /// over thousands of rows, and looking each change up was a tenth of a page's handler.
    var colors: [DotColor] {
        var found: [DotColor] = []
        var last: (calendar: CalendarID, color: String?)?
        var plainFound: [CalendarID] = []
        for index in entries.indices {
            let calendar = entries[index].plan.calendarID
            let planColor = entries[index].plan.color
            if let last, last.calendar == calendar, last.color == planColor { continue }
            last = (calendar, planColor)
            if planColor == nil {
                if plainFound.contains(calendar) { continue }
                plainFound.append(calendar)
            }
            let color = style.color(calendar: calendar, planColor: planColor)
            if !found.contains(color) { found.append(color) }
        }
        return found
    }

    static func == (a: PlanRows, b: PlanRows) -> Bool {
        a.style == b.style && a.wholePlans == b.wholePlans && a.entries == b.entries
    }
}

/// What the plan list shows: one day's plans, or the month's agenda when no day is selected
/// (each plan once, under its first day in the month: `CalendarStore.agenda`).
enum PlanListContent: Equatable {
    struct Section: Equatable {
        var header: String
        var rows: PlanRows
    }

    case day(emptyText: String, rows: PlanRows)
    case agenda(emptyText: String, sections: [Section])
}
