import GtkKit

/// The plan panel: the handle bar above the plan list, on a raised sheet.
@MainActor
final class PlanPanelView {
    let root = Box(.vertical)
    let handle = PanelHandle()

    init(list: PlanListView) {
        root.addCSSClass("plan-panel")
        root.append(handle.root)
        root.append(list.root)
        list.root.vexpand = true
    }

    /// Beside the grid: a plain side pane (no sheet corners, no grabber).
    func setSideBySide(_ side: Bool) {
        root.setCSSClass("side", side)
        handle.isMovable = !side
    }
}
