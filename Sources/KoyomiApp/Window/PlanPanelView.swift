import GtkKit

/// The plan panel: the handle bar above the plan list (or, while searching, the results),
/// on a raised sheet.
@MainActor
final class PlanPanelView {
    let root = Box(.vertical)
    let handle = PanelHandle()
    private let list: Widget
    private let results: Widget

    /// Collapsed to its handle: neither list shows (nor takes the focus).
    var isCollapsed = false {
        didSet { showContent() }
    }
    /// The search results stand in for the plan list.
    var isSearching = false {
        didSet { showContent() }
    }

    init(list: PlanListView, results: SearchResultsView) {
        self.list = list.root
        self.results = results.root
        root.addCSSClass("plan-panel")
        root.append(handle.root)
        root.append(list.root)
        root.append(results.root)
        list.root.vexpand = true
        showContent()
    }

    /// One place decides what the sheet shows: the panel's position and the search each set
    /// their own flag, so neither can bring back what the other hid.
    private func showContent() {
        list.isVisible = !isCollapsed && !isSearching
        results.isVisible = !isCollapsed && isSearching
    }

    /// Beside the grid: a plain side pane (no sheet corners, no grabber).
    func setSideBySide(_ side: Bool) {
        root.setCSSClass("side", side)
        handle.isMovable = !side
    }
}
