import GtkKit

/// The resize sweep of the interaction benchmark (issue 19): the month window widened from
/// 360 to 2560 px in steps and narrowed again, at the height it has. Each step counts until
/// the first frame painted at its width with the cells' density settled (dots or chips, bars
/// placed), so a step that needs a second frame to change density is timed to that frame.
extension InteractionBenchmark {
    /// The widths, up then down: both ways cross the point where cells turn roomy.
    nonisolated static let resizeWidths: [Int32] = {
        let up = Array(stride(from: Int32(360), through: 2560, by: 100))
        return up + up.reversed().dropFirst()
    }()

    func resizeSteps() -> [Step] {
        let header = controller.mainWindow.header
        let window = controller.mainWindow.window
        let grid = controller.mainWindow.grid
        let height = Int32(window.allocatedHeight)
        return Self.resizeWidths.map { width in
            Step(kind: .resize, action: {
                if header.view != .month { header.monthViewButton.isActive = true }
                window.setDefaultSize(width: width, height: height)
            }, model: { _ in }, isShown: {
                window.allocatedWidth == Int(width) && grid.pendingDensityCheck == nil
            }, width: Int(width))
        }
    }
}
