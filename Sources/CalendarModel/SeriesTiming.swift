import Foundation

/// Moving a whole repeating series after the user changed the times of one occurrence and
/// chose "All of them": the series moves by as much as that occurrence did and takes its new
/// length, so the other occurrences keep their places relative to it.
public enum SeriesTiming {
    /// - Parameters:
    ///   - series: the series' own first timing (its DTSTART/DTEND).
    ///   - old: the occurrence as it was; `new`: as the user set it.
    ///   - calendar: the user's calendar, for day arithmetic and times of day.
    public static func moved(_ series: PlanTiming, occurrence old: PlanTiming, to new: PlanTiming,
                             calendar: Calendar) -> PlanTiming {
        switch (series, old, new) {
        case let (.allDay(seriesStart, _), .allDay(oldStart, _), .allDay(newStart, newEnd)):
            let start = seriesStart.adding(days: oldStart.distance(to: newStart))
            return .allDay(start: start, end: start.adding(days: max(1, newStart.distance(to: newEnd))))
        case let (.timed(seriesStart, _), .timed(oldStart, _), .timed(newStart, newEnd)):
            let start = seriesStart.addingTimeInterval(newStart.timeIntervalSince(oldStart))
            return .timed(start: start, end: start.addingTimeInterval(max(0, newEnd.timeIntervalSince(newStart))))
        default:
            // All-day became timed or back: same day shift, the new kind's times.
            let shift = firstDay(of: old, calendar).distance(to: firstDay(of: new, calendar))
            let day = firstDay(of: series, calendar).adding(days: shift)
            switch new {
            case let .allDay(newStart, newEnd):
                return .allDay(start: day, end: day.adding(days: max(1, newStart.distance(to: newEnd))))
            case let .timed(newStart, newEnd):
                // The wall-clock time, not seconds since midnight: right on DST days too.
                let clock = calendar.dateComponents([.hour, .minute, .second], from: newStart)
                let start = calendar.date(bySettingHour: clock.hour ?? 0, minute: clock.minute ?? 0,
                                          second: clock.second ?? 0, of: day.start(in: calendar)) ?? day.start(in: calendar)
                return .timed(start: start, end: start.addingTimeInterval(max(0, newEnd.timeIntervalSince(newStart))))
            }
        }
    }

    private static func firstDay(of timing: PlanTiming, _ calendar: Calendar) -> CalendarDay {
        switch timing {
        case let .allDay(start, _): start
        case let .timed(start, _): CalendarDay(start, in: calendar)
        }
    }
}
