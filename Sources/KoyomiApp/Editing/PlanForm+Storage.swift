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
                         notes: notes.nilIfBlank, repeatRule: writtenRepeatRule,
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
        if !changed.isDisjoint(with: [.repeatRule, .repeatEnd]) { changes.append(.repeatRule(writtenRepeatRule)) }
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
}

private extension String {
    var nilIfBlank: String? {
        trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : self
    }
}
