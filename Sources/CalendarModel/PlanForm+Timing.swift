import Foundation

extension PlanForm {
    /// The form with its dates and times set to `timing` (a plan dragged in the week view): a
    /// timed plan's wall times in the form's own zone, an all-day plan's inclusive last day.
    /// Everything else stays as it was.
    public func with(_ timing: PlanTiming, calendar: Calendar) -> PlanForm {
        var form = self
        var local = calendar
        local.timeZone = TimeZone(identifier: timeZoneID) ?? calendar.timeZone
        switch timing {
        case let .allDay(start, end):
            form.isAllDay = true
            form.startDateText = start.description
            form.endDateText = max(start, end.adding(days: -1)).description
        case let .timed(start, end):
            form.isAllDay = false
            form.startDateText = CalendarDay(start, in: local).description
            form.endDateText = CalendarDay(end, in: local).description
            form.startTimeText = Self.timeText(of: start, in: local)
            form.endTimeText = Self.timeText(of: end, in: local)
        }
        return form
    }
}
