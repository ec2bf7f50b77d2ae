import CalendarModel
import GtkKit

/// One plan in the week view: a block in a day's time grid, or a bar in the all-day row. A
/// flat button (Enter and a click work, a screen reader reads its name) holding the title and,
/// for timed plans, the time; made once and filled again as the week changes.
@MainActor
final class WeekPlanBlock {
    let button: Button
    private let title = Inscription()
    private let time = Inscription()
    private var colorClass: String?
    private(set) var entry: PlanOnDay?

    init(isBar: Bool) {
        let content = Box(.vertical)
        // No minimum height: a block is as tall as its plan is long (`DayColumnLayout` keeps
        // it a quarter hour at least), and what does not fit is clipped.
        title.overflow = .ellipsizeEnd
        title.minChars = 1
        title.minLines = 0
        title.addCSSClass("plan-block-title")
        time.overflow = .ellipsizeEnd
        time.minChars = 1
        time.minLines = 0
        time.addCSSClass("plan-block-time")
        content.append(title)
        content.append(time)
        content.valign = .start
        button = Button(child: content)
        button.hasFrame = false
        button.addCSSClass(isBar ? "plan-bar" : "plan-block")
    }

    /// Shows `entry` in `colorClass`'s colour; `timeText` nil for a bar, and drawn only when
    /// `showsTime` (a block of two lines' height at least).
    func show(_ entry: PlanOnDay, titleText: String, timeText: String?, showsTime: Bool = true, colorClass: String,
              accessibleLabel: String, isSelected: Bool, cutBefore: Bool, cutAfter: Bool) {
        self.entry = entry
        title.text = titleText
        time.text = timeText ?? ""
        time.isVisible = timeText != nil && showsTime
        if colorClass != self.colorClass {
            if let old = self.colorClass { button.removeCSSClass(old) }
            button.addCSSClass(colorClass)
            self.colorClass = colorClass
        }
        button.setCSSClass("selected", isSelected)
        button.setCSSClass("cut-before", cutBefore)
        button.setCSSClass("cut-after", cutAfter)
        button.setCSSClass("cancelled", entry.plan.status == .cancelled)
        button.accessibleLabel = accessibleLabel
        button.tooltip = accessibleLabel
        button.isVisible = true
    }

    var titleText: String { title.text }
    /// The time the block says (also when it is too short to draw it).
    var timeText: String? { time.text.isEmpty ? nil : time.text }

    func hide() {
        entry = nil
        button.isVisible = false
    }
}
