import CalendarEditing
import CalendarLibrary
import CalendarModel
import Foundation
import GtkKit
import ICalendarReading

/// Quick add: reads the header entry's words as the user types (`QuickAddParser`), shows
/// what will be made, saves it on Enter (with Undo, like any new plan) or hands it to the full
/// editor ("More Options…").
@MainActor
final class QuickAddController {
    private let view: QuickAddView
    private let store: CalendarStore
    private let editing: EditingController
    private let formatter: () -> CalendarFormatter
    private let locale: Locale
    private let now: () -> Date
    /// Compiled once for every keystroke's reading.
    private let patterns = QuickAddPatterns()

    init(view: QuickAddView, store: CalendarStore, editing: EditingController, formatter: @escaping () -> CalendarFormatter,
         locale: Locale, now: @escaping () -> Date) {
        self.view = view
        self.store = store
        self.editing = editing
        self.formatter = formatter
        self.locale = locale
        self.now = now
        view.onChange = { [weak self] in self?.render() }
        view.onSave = { [weak self] in self?.save() }
        view.onMoreOptions = { [weak self] in self?.moreOptions() }
        // On a first run the window is built before "Personal" is read: the preview said no
        // calendar could take plans until the words changed.
        view.onOpen = { [weak self] in self?.render() }
        render()
    }

    /// The plan the words describe now, and the calendar it goes to.
    var reading: (plan: QuickAddPlan, calendar: CalendarInfo)? {
        guard case let .success(found)? = read() else { return nil }
        return found
    }

    /// What the words say now: a plan and its calendar, why there is none, or nil when no
    /// calendar here takes new plans.
    private func read() -> Result<(plan: QuickAddPlan, calendar: CalendarInfo), QuickAddProblem>? {
        let writable = editing.writableCalendars
        guard let target = writable.first else { return nil }
        var calendar = store.calendar
        calendar.firstWeekday = store.firstWeekday
        let parser = QuickAddParser(now: now(), calendar: calendar, locale: locale,
                                    calendarNames: writable.flatMap { [$0.name, Self.fileName($0)] }, patterns: patterns)
        let plan: QuickAddPlan
        switch parser.read(view.entry.text) {
        case let .success(found): plan = found
        case let .failure(problem): return .failure(problem)
        }
        let named = plan.calendarName.flatMap { name in
            writable.first { $0.name.caseInsensitiveCompare(name) == .orderedSame
                || Self.fileName($0).caseInsensitiveCompare(name) == .orderedSame }
        }
        return .success((plan, named ?? target))
    }

    private static func fileName(_ info: CalendarInfo) -> String { UserCalendarFolder.shortName(info.id.rawValue) }

    /// The plan as the list would show it (for the preview and the editor).
    private static func shown(_ plan: QuickAddPlan, in calendar: CalendarInfo) -> Plan {
        Plan(id: Plan.ID(uid: "quick-add"), calendarID: calendar.id, title: plan.title, location: plan.location, timing: plan.timing)
    }

    func render() {
        let plan: QuickAddPlan, calendar: CalendarInfo
        switch read() {
        case nil:
            return view.show(preview: L("No calendar here can take new plans: open or create one of your own"), understood: [])
        case let .success(found): (plan, calendar) = found
        case .failure(.noTitle):
            let empty = view.entry.text.trimmingCharacters(in: .whitespaces).isEmpty
            return view.show(preview: empty ? L("Type a plan, its day and time, e.g. “Lunch with Ann tomorrow 12:30”")
                             : L("Say what the plan is, not only when"), understood: [])
        case let .failure(.impossibleDate(words)):
            // TRANSLATORS: under quick add's entry; %@ are the typed words, e.g. "Feb 30".
            return view.show(preview: FormatterStrings.fill(L("“%@” is not a day that exists"), words), understood: [])
        case let .failure(.impossibleTime(words)):
            // TRANSLATORS: under quick add's entry; %@ are the typed words, e.g. "25:00".
            return view.show(preview: FormatterStrings.fill(L("“%@” is not a time of day"), words), understood: [])
        case let .failure(.endBeforeStart(words)):
            // TRANSLATORS: under quick add's entry; %@ are the typed days, e.g. "Dec 28–24".
            return view.show(preview: FormatterStrings.fill(L("“%@” ends before it starts"), words), understood: [])
        }
        let shown = Self.shown(plan, in: calendar)
        let format = formatter()
        var lines = [plan.title, format.agendaHeader(shown.days(in: store.calendar).lowerBound) + L(", ") + format.rangeText(for: shown)]
        if let rule = plan.simpleRepeatRule(in: store.calendar) { lines.append(Self.repeatText(rule, formatter: format)) }
        // TRANSLATORS: in quick add's preview; %@ is the place.
        if let place = plan.location { lines.append(FormatterStrings.fill(L("At %@"), place)) }
        // TRANSLATORS: in quick add's preview; %@ is the calendar the plan goes to.
        lines.append(FormatterStrings.fill(L("In %@"), calendar.name))
        view.show(preview: lines.joined(separator: "\n"), titled: true, understood: Self.ranges(of: plan.understood, in: view.entry.text))
    }

    /// Where the understood words stand in the phrase (they are found in order).
    static func ranges(of words: [String], in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = [], rest = text[...]
        for word in words {
            guard let range = rest.range(of: word) else { continue }
            ranges.append(range)
            rest = rest[range.upperBound...]
        }
        return ranges
    }

    /// "Repeats every week on Monday, Thursday, until March 31, 2027".
    static func repeatText(_ rule: RecurrenceRule, formatter: CalendarFormatter) -> String {
        var text: String
        switch rule.frequency {
        case .daily: text = rule.interval > 1 ? FormatterStrings.fill(L("Repeats every %@ days"), String(rule.interval)) : L("Repeats daily")
        case .weekly: text = rule.interval > 1 ? FormatterStrings.fill(L("Repeats every %@ weeks"), String(rule.interval)) : L("Repeats weekly")
        case .monthly: text = rule.interval > 1 ? FormatterStrings.fill(L("Repeats every %@ months"), String(rule.interval)) : L("Repeats monthly")
        default: // yearly (quick add makes no hourly rule)
            text = rule.interval > 1 ? FormatterStrings.fill(L("Repeats every %@ years"), String(rule.interval)) : L("Repeats yearly")
        }
        if !rule.byDay.isEmpty {
            let names = formatter.calendar.standaloneWeekdaySymbols
            // TRANSLATORS: after "Repeats weekly"; %@ lists weekdays.
            text += FormatterStrings.fill(L(" on %@"), rule.byDay.map { names[$0.weekday - 1] }.joined(separator: L(", ")))
        }
        // TRANSLATORS: after a repeat; %@ is the last day.
        if let until = rule.untilDay { text += FormatterStrings.fill(L(", until %@"), formatter.agendaHeader(until)) }
        // TRANSLATORS: after a repeat; %@ is how many times.
        if let count = rule.count { text += FormatterStrings.fill(L(", %@ times"), String(count)) }
        return text
    }

    private func save() {
        guard let (plan, calendar) = reading else {
            view.entry.grabFocus()
            return
        }
        editing.add(draft(plan), to: calendar.id)
        view.entry.text = ""
        view.popover.popdown()
    }

    private func draft(_ plan: QuickAddPlan) -> PlanDraft {
        let zone = store.calendar.timeZone
        let utc = ["UTC", "GMT", "Etc/UTC", "Etc/GMT"].contains(zone.identifier)
        return PlanDraft(title: plan.title, timing: plan.timing, timeZone: utc ? nil : zone, location: plan.location,
                         repeatRule: plan.simpleRepeatRule(in: store.calendar))
    }

    private func moreOptions() {
        guard let (plan, calendar) = reading else {
            view.popover.popdown()
            editing.newPlan()
            return
        }
        let shown = Self.shown(plan, in: calendar)
        let rule = plan.simpleRepeatRule(in: store.calendar)
        var form = PlanForm(plan: shown, repeatRule: rule, calendar: store.calendar)
        form.reminders = editing.defaultReminders(calendar.id)
        view.entry.text = ""
        view.popover.popdown()
        editing.newPlan(from: form)
    }
}
