import CalendarModel
import GtkKit

/// The calendar window: header bar with the pager, the error strip, and the month grid above
/// the plan list in a resizable split (the grid starts with about 60% of the height).
@MainActor
final class MainWindow {
    static let gridShare = 0.6

    let window: Window
    let pager = MonthPager()
    let errors = ErrorArea()
    let grid: MonthGridView
    let planList: PlanListView
    private let split: Paned
    private var splitSetByUs: Int32 = -1
    private var lastMaximum: Int32 = -1
    private var userMovedSplit = false

    init(application: Application, formatter: CalendarFormatter, colors: ColorClasses) {
        window = Window(application: application)
        window.title = "Koyomi"
        window.setDefaultSize(width: 720, height: 760)

        grid = MonthGridView(formatter: formatter, colors: colors)
        planList = PlanListView(formatter: formatter, colors: colors)
        split = Paned(.vertical, start: grid.root, end: planList.root)
        split.isWide = true
        split.vexpand = true

        let content = Box(.vertical)
        content.append(pager.headerBar)
        content.append(errors.root)
        content.append(split)
        window.setContent(content)
        keepGridShare()
    }

    /// Keeps the divider at `gridShare` of the height as the window resizes, until the user
    /// drags it; from then on their choice stands.
    private func keepGridShare() {
        split.onNotify("max-position") { [weak self] in
            guard let self, !self.userMovedSplit else { return }
            let maximum = self.split.maxPosition
            guard maximum > 0 else { return }
            // Never below the grid's own minimum, which would push its top out of view.
            self.splitSetByUs = max(Int32(Double(maximum) * Self.gridShare), self.split.minPosition)
            self.lastMaximum = maximum
            self.split.position = self.splitSetByUs
        }
        split.onNotify("position") { [weak self] in
            // GTK also moves the divider while clamping during a resize (max-position changes
            // then); only a move at an unchanged size is the user's.
            guard let self, self.splitSetByUs >= 0, self.split.maxPosition == self.lastMaximum,
                  self.split.position != self.splitSetByUs else { return }
            self.userMovedSplit = true
        }
    }

    var splitPosition: Int32 { split.position }
}
