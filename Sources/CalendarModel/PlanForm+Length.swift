import Foundation

extension PlanForm {
    /// This form with its end moved so that the plan keeps the length it had in `before`,
    /// when the user has changed the start (its date or time) and not the end since then, as
    /// GNOME Calendar and phone calendars do: moving a one-hour meeting to 15:00 makes it end
    /// at 16:00, not "before it starts". Only changing the end changes the length.
    ///
    /// `before` is the last form whose dates and times were valid; the form is returned
    /// unchanged while its new start is not valid yet (the user is still typing), or when the
    /// all-day switch or the end changed too.
    public func keepingLength(of before: PlanForm, calendar: Calendar) -> PlanForm {
        guard isAllDay == before.isAllDay, endDateText == before.endDateText,
              isAllDay || endTimeText == before.endTimeText,
              startDateText != before.startDateText || (!isAllDay && startTimeText != before.startTimeText),
              let old = before.timing(calendar: calendar), let newDay = Self.parseDate(startDateText) else { return self }
        var moved = self
        switch old {
        case let .allDay(start, end):
            // `end` is exclusive: a one-day plan ends on its start day.
            moved.endDateText = newDay.adding(days: end.julianOffset - start.julianOffset - 1).description
        case let .timed(start, end):
            guard let time = Self.parseTime(startTimeText, calendar: calendar), let zone = zone(calendar: calendar),
                  let from = Self.instant(newDay, time, zone: zone, calendar: calendar) else { return self }
            var local = calendar
            local.timeZone = zone
            let to = from.addingTimeInterval(end.timeIntervalSince(start))
            moved.endDateText = CalendarDay(to, in: local).description
            moved.endTimeText = Self.timeText(of: to, in: local)
        }
        return moved
    }
}
