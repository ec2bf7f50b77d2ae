import CalendarEditing
import CalendarModel
import Foundation
import ICalendarReading

/// Between the editor's form and what the storage layer writes: a `PlanDraft` for a new plan,
/// and for an edit only the `PlanChange`s of the fields the user touched, so an RRULE part,
/// alarm or property Koyomi cannot show survives every save.
extension PlanForm {
    /// The new plan, or nil while the form is not valid. A timed plan carries the form's IANA
    /// zone (its TZID and VTIMEZONE); the UTC aliases are written as plain UTC.
    func draft(calendar: Calendar) -> PlanDraft? {
        guard let timing = timing(calendar: calendar) else { return nil }
        return PlanDraft(title: title.trimmingCharacters(in: .whitespacesAndNewlines), timing: timing,
                         timeZone: writtenZone(calendar: calendar), location: location.nilIfBlank,
                         notes: notes.nilIfBlank, repeatRule: repeatRule(calendar: calendar),
                         remindersBefore: reminders)
    }

    /// What to write for an edit: one change per field the user changed.
    func changes(from original: PlanForm, calendar: Calendar) -> [PlanChange] {
        let changed = changedFields(from: original)
        var changes: [PlanChange] = []
        if changed.contains(.title) { changes.append(.title(title.trimmingCharacters(in: .whitespacesAndNewlines))) }
        if !changed.isDisjoint(with: [.isAllDay, .startDate, .endDate, .startTime, .endTime, .timeZone]),
           let timing = timing(calendar: calendar) {
            changes.append(.timing(timing, timeZone: writtenZone(calendar: calendar)))
        }
        if changed.contains(.location) { changes.append(.location(location.nilIfBlank)) }
        if changed.contains(.notes) { changes.append(.notes(notes.nilIfBlank)) }
        if !changed.isDisjoint(with: [.repeatRule, .repeatEnd]) { changes.append(.repeatRule(repeatRule(calendar: calendar))) }
        if changed.contains(.reminders) { changes.append(.reminders(reminders)) }
        return changes
    }

    /// The first day, for selecting it after a save.
    var startDay: CalendarDay? { Self.parseDate(startDateText) }

    private func writtenZone(calendar: Calendar) -> TimeZone? {
        guard !isAllDay, let zone = zone(calendar: calendar) else { return nil }
        let utc = ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Etc/Universal", "Universal", "Zulu", "Etc/Zulu"]
        return utc.contains(zone.identifier) ? nil : zone
    }

    /// The RRULE for the chosen repeat, or nil for "Never".
    func repeatRule(calendar: Calendar) -> RepeatRule? {
        let end: RepeatRule.End
        switch repeatEnd {
        case .never: end = .never
        case let .onDate(text): end = Self.parseDate(text).map(RepeatRule.End.on) ?? .never
        case let .afterCount(count): end = .afterCount(count)
        }
        switch `repeat` {
        case .none: return nil
        case .daily: return RepeatRule(frequency: .daily, end: end)
        case .weekdays: return .weekdays(end: end)
        case let .weekly(days):
            // Monday first, as RFC 5545's default WKST; an empty set repeats on the start's weekday.
            let order: [RepeatRule.Weekday] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]
            let chosen = order.filter { days.contains($0.calendarWeekday) }
            return RepeatRule(frequency: .weekly, weekdays: chosen, end: end)
        case .monthly: return RepeatRule(frequency: .monthly, end: end)
        case .yearly: return RepeatRule(frequency: .yearly, end: end)
        }
    }
}

extension PlanForm.Repeat {
    /// What the editor can show of a stored rule; nil when it says more than the editor offers
    /// (an interval, BYDAY on a monthly rule…): then the field stays as it is unless changed.
    init?(rule: RepeatRule) {
        guard rule.interval == 1 else { return nil }
        switch rule.frequency {
        case .daily where rule.weekdays.isEmpty: self = .daily
        case .weekly where Set(rule.weekdays) == [.monday, .tuesday, .wednesday, .thursday, .friday]: self = .weekdays
        case .weekly: self = .weekly(Set(rule.weekdays.map(\.calendarWeekday)))
        case .monthly where rule.weekdays.isEmpty: self = .monthly
        case .yearly where rule.weekdays.isEmpty: self = .yearly
        default: return nil
        }
    }
}

extension PlanForm.RepeatEnd {
    init(_ end: RepeatRule.End) {
        switch end {
        case .never: self = .never
        case let .on(day): self = .onDate(day.description)
        case let .afterCount(count): self = .afterCount(count)
        }
    }
}

extension RepeatRule.Weekday {
    /// 1 = Sunday … 7 = Saturday, as `Calendar.weekday` and `PlanForm.Repeat.weekly` count.
    var calendarWeekday: Int {
        switch self {
        case .sunday: 1
        case .monday: 2
        case .tuesday: 3
        case .wednesday: 4
        case .thursday: 5
        case .friday: 6
        case .saturday: 7
        }
    }
}

private extension String {
    var nilIfBlank: String? {
        trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : self
    }
}
