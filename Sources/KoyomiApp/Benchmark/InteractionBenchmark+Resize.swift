import CalendarModel
import GtkKit

/// The resize sweep of the interaction benchmark (issue 19): the window widened from 360 to
/// 2560 px in steps showing the month, and narrowed again showing the week, at the height it
/// has. Each step counts until the first frame painted at its width with the month's cells'
/// density settled (dots or chips, bars placed), so a step that needs a second frame to
/// change density is timed to that frame.
extension InteractionBenchmark {
    /// The widths and the view shown, up in the month then down in the week: both ways cross
    /// the point where cells turn roomy.
    nonisolated static let resizeSweep: [(width: Int32, view: CalendarViewKind)] = {
        let up = Array(stride(from: Int32(360), through: 2560, by: 100))
        return up.map { ($0, .month) } + up.reversed().dropFirst().map { ($0, .week) }
    }()

    func resizeSteps() -> [Step] {
        let header = controller.mainWindow.header
        let window = controller.mainWindow.window
        let grid = controller.mainWindow.grid
        let height = Int32(window.allocatedHeight)
        return Self.resizeSweep.map { width, view in
            Step(kind: .resize, action: {
                if header.view != view { header.viewButton(view).click() }
                window.setDefaultSize(width: width, height: height)
            }, model: { _ in }, isShown: {
                window.allocatedWidth == Int(width) && grid.pendingDensityCheck == nil
            }, width: Int(width))
        }
    }
}
