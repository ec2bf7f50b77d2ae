import CalendarModel
import Foundation

/// A plan held by the pointer in the week view: moved in time and across days, or its end
/// dragged. Offsets snap to `WeekView.snapMinutes` and whole days.
struct WeekDrag {
    enum Kind { case move, resize }

    let entry: PlanOnDay
    let kind: Kind
    /// The column the drag began in.
    let column: Int
    /// Past the few pixels a click may wander: the drag has taken the pointer.
    var isActive = false
    var days = 0
    var minutes = 0

    /// Whether the plan would change.
    var changes: Bool { days != 0 || minutes != 0 }

    /// Reads the pointer's offset (pixels since the press) as whole days and snapped minutes.
    /// `columns`: how many days the view shows; the plan never leaves them.
    mutating func follow(dx: Double, dy: Double, columnWidth: Double, rightToLeft: Bool, columns: Int) {
        let step = Double(WeekView.snapMinutes)
        minutes = Int((dy / WeekView.hourHeight * 60 / step).rounded()) * WeekView.snapMinutes
        guard kind == .move, columnWidth > 0 else { return }
        days = min(max(Int(((rightToLeft ? -dx : dx) / columnWidth).rounded()), -column), columns - 1 - column)
    }

    /// When the plan would happen after the drag.
    func timing(in calendar: Calendar) -> PlanTiming {
        switch kind {
        case .move: entry.plan.timing.moved(days: days, minutes: minutes, calendar: calendar)
        case .resize: entry.plan.timing.endMoved(minutes: minutes, minimumMinutes: WeekView.snapMinutes)
        }
    }
}
