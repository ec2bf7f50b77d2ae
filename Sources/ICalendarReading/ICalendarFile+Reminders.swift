import CalendarModel
import Foundation

/// Reminders (VALARMs) coming due in a range, for every plan and occurrence of the file.
extension ICalendarFile {
    /// Every reminder due in `range` (half-open), in order: each alarm of each single event,
    /// override and occurrence of a series (an override carries its own alarms, an EXDATEd
    /// occurrence none), its REPEATs included, except those acknowledged (RFC 9074's
    /// ACKNOWLEDGED, Thunderbird's X-MOZ-LASTACK) and actions that do not remind (EMAIL,
    /// PROCEDURE). Relative triggers count from the start (or the end) of the occurrence; an
    /// all-day plan's start is local midnight of its day. An absolute trigger, or a reminder
    /// snoozed elsewhere (X-MOZ-SNOOZE-TIME), is one moment: a series shows it once, with the
    /// occurrence it leads up to.
    public func reminders(in range: DateInterval) -> [Reminder] {
        // A first part's reminders would be a few of them: they come with the whole file.
        guard coverage == nil else { return [] }
        var found: [Reminder] = []
        let calendar = expander.userCalendar
        let around = DateInterval(start: range.start.addingTimeInterval(-alarmReach - 86_400),
                                  end: range.end.addingTimeInterval(alarmReach + 86_400))
        func relative(_ plan: Plan, _ alarms: EventAlarms) {
            let span = plan.interval(in: calendar)
            for alarm in alarms.alarms where alarm.reminds {
                guard case .relative = alarm.trigger else { continue }
                for due in alarm.dueTimes(start: span.start, end: span.end)
                where range.contains(due) && !alarms.isAcknowledged(due, by: alarm) {
                    found.append(Reminder(plan: plan, due: due))
                }
            }
        }
        /// Absolute triggers and snoozes, each with the first of `plans` not yet over at that moment.
        func moments(_ plans: [Plan], _ alarms: EventAlarms) {
            var moments: [(Date, Bool)] = alarms.snoozedUntil.map { ($0, true) }
            for alarm in alarms.alarms where alarm.reminds {
                guard case .absolute = alarm.trigger else { continue }
                for due in alarm.dueTimes(start: .distantPast, end: .distantPast) where !alarms.isAcknowledged(due, by: alarm) {
                    moments.append((due, false))
                }
            }
            let spans = plans.map { ($0, $0.interval(in: calendar)) }.sorted { $0.1.start < $1.1.start }
            for (due, snoozed) in moments where range.contains(due) {
                guard !snoozed || due > (alarms.lastAcknowledged ?? .distantPast),
                      let plan = spans.first(where: { $0.1.end > due })?.0 ?? spans.last?.0 else { continue }
                found.append(Reminder(plan: plan, due: due, isSnoozed: snoozed))
            }
        }
        for plan in fixedPlans.plans(overlapping: around) {
            guard let alarms = fixedAlarms[plan.id] else { continue }
            relative(plan, alarms)
            moments([plan], alarms)
        }
        let allDays = AllDayWindow(around, calendar: calendar)
        for (master, bound) in zip(masters, masterBounds) {
            guard let alarms = master.alarms, bound.earliest < around.end, bound.latest.map({ $0 > around.start }) ?? true
            else { continue }
            var occurrences: [Plan] = []
            expander.appendPlans(of: master, overlapping: around, replaced: replaced[master.uid] ?? [],
                                 allDays: allDays, to: &occurrences)
            for occurrence in occurrences { relative(occurrence, alarms) }
            moments(occurrences, alarms)
        }
        return found.sorted(by: Reminder.ordered)
    }
}
