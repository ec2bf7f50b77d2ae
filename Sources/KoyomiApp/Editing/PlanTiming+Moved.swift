import CalendarModel
import Foundation

extension PlanTiming {
    /// This timing, a move of `shown`, made instead from `base`: each end moves by as much as
    /// it moved from `shown` (so a resize stays a resize). Nil when the move changed the kind
    /// of timing (all-day ↔ timed), which has no "as much".
    func moved(from shown: PlanTiming, onto base: PlanTiming) -> PlanTiming? {
        switch (shown, self, base) {
        case let (.timed(shownStart, shownEnd), .timed(start, end), .timed(baseStart, baseEnd)):
            return .timed(start: baseStart.addingTimeInterval(start.timeIntervalSince(shownStart)),
                          end: baseEnd.addingTimeInterval(end.timeIntervalSince(shownEnd)))
        case let (.allDay(shownStart, shownEnd), .allDay(start, end), .allDay(baseStart, baseEnd)):
            return .allDay(start: baseStart.adding(days: shownStart.distance(to: start)),
                           end: baseEnd.adding(days: shownEnd.distance(to: end)))
        default:
            return nil
        }
    }
}
