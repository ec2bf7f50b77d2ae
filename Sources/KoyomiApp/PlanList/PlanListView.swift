import CalendarModel
import GtkKit

/// What the plan list reports.
@MainActor
protocol PlanListViewDelegate: AnyObject {
    /// The user activated a plan's row (Enter, or a click).
    func planList(_ list: PlanListView, didActivate row: PlanRow)
}

/// The list under the grid: the selected day's plans, or the visible month's agenda.
@MainActor
final class PlanListView {
    weak var delegate: PlanListViewDelegate?
    let root: ScrolledWindow
    private let list = ListBox()
    private let empty = Label()
    private(set) var content: PlanListContent?
    /// The rows on screen, in order (agenda headers excluded).
    private(set) var rowViews: [PlanRowView] = []
    private(set) var headerTexts: [String] = []
    /// Where the user had scrolled each day's list (and the agenda), so moving the panel or
    /// coming back to a day does not reset it.
    private var scrollOffsets: [String: Double] = [:]
    private var contentKey = ""
    private let colors: ColorClasses
    var formatter: CalendarFormatter

    init(formatter: CalendarFormatter, colors: ColorClasses) {
        self.formatter = formatter
        self.colors = colors
        list.addCSSClass("plan-list")
        list.vexpand = true // fills the panel, so a scroll anywhere in it reaches the list
        // TRANSLATORS: the name screen readers give the list of plans under the month.
        list.accessibleLabel = L("Plans")
        empty.addCSSClass("empty-list")
        empty.wraps = true
        list.setPlaceholder(empty)
        root = ScrolledWindow(child: list)
        root.vexpand = true
        list.onRowActivated { [weak self] activated in
            guard let self, let view = self.rowViews.first(where: { $0.row === activated }) else { return }
            self.delegate?.planList(self, didActivate: view.model)
        }
    }

    /// Activates a row as Enter would (for tests and keyboard-driven checks).
    func activateRow(at index: Int) {
        guard rowViews.indices.contains(index) else { return }
        delegate?.planList(self, didActivate: rowViews[index].model)
    }

    var emptyText: String? { rowViews.isEmpty ? empty.text : nil }

    /// The list widget itself, for controllers that watch its scrolling.
    var listWidget: Widget { list }

    /// How far the list is scrolled (0 = top).
    var scrollOffset: Double { root.verticalOffset }

    /// `key` names what is shown (a day, or a month's agenda) for the remembered scroll offset.
    func render(_ newContent: PlanListContent, key: String) {
        guard newContent != content || key != contentKey else { return }
        if !contentKey.isEmpty { scrollOffsets[contentKey] = root.verticalOffset }
        contentKey = key
        content = newContent
        defer { restoreScrollOffset() }
        list.removeAll()
        rowViews.removeAll()
        headerTexts.removeAll()
        switch newContent {
        case let .day(emptyText, rows):
            empty.text = emptyText
            rows.forEach(append)
            list.accessibleDescription = formatter.planCountText(rows.count)
        case let .agenda(emptyText, sections):
            empty.text = emptyText
            for section in sections {
                let header = Label(section.header)
                header.addCSSClass("agenda-day")
                header.xalign = 0
                headerTexts.append(section.header)
                list.append(ListBoxRow(child: header, activatable: false))
                section.rows.forEach(append)
            }
            list.accessibleDescription = formatter.planCountText(rowViews.count)
        }
        colors.flush()
    }

    /// GTK clamps the offset to the content it has laid out, and new rows are laid out only in
    /// the next frame: set it now, and again once that frame is painted.
    private func restoreScrollOffset() {
        let wanted = scrollOffsets[contentKey] ?? 0
        root.verticalOffset = wanted
        guard wanted > 0 else { return }
        let key = contentKey
        root.afterNextPaint { [weak self] in
            guard let self, self.contentKey == key else { return }
            self.root.verticalOffset = wanted
        }
    }

    private func append(_ model: PlanRow) {
        let view = PlanRowView(model, colors: colors)
        rowViews.append(view)
        list.append(view.row)
    }
}
