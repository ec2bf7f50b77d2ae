import CalendarModel
import GtkKit

/// What the plan list reports.
@MainActor
protocol PlanListViewDelegate: AnyObject {
    /// The user activated a plan's row (Enter, or a click).
    func planList(_ list: PlanListView, didActivate row: PlanRow)
    /// Delete on a focused plan row.
    func planList(_ list: PlanListView, didRequestDeleteOf row: PlanRow)
}

/// The list under the grid: the selected day's plans, or the visible month's agenda. Rows are
/// recycled (a GtkListView), so a month with thousands of plans costs what a screenful costs.
@MainActor
final class PlanListView {
    /// What the list shows, in order: agenda day headers and plans.
    enum Item: Equatable {
        case header(String)
        case plan(PlanRow, colorClass: String)
    }

    weak var delegate: PlanListViewDelegate?
    /// The list and, when it is empty, what it says instead.
    let root = Box(.vertical)
    let scroller: ScrolledWindow
    private let list: RecyclingList<PlanRowView>
    private let empty = Label()
    private(set) var content: PlanListContent?
    private(set) var items: [Item] = []
    /// The plans listed, in order (agenda headers excluded).
    private(set) var rows: [PlanRow] = []
    private(set) var headerTexts: [String] = []
    /// Where the user had scrolled each day's list (and the agenda), so moving the panel or
    /// coming back to a day does not reset it.
    private var scrollOffsets: [String: Double] = [:]
    private var contentKey = ""
    private let colors: ColorClasses
    /// A long list (a busy month's agenda) is handed to GTK a screenful first and the rest in
    /// idle batches, so paging to a month never waits for hundreds of rows to be built.
    static let firstBatch = 40
    static let batch = 40
    private var filling: MainLoopSource?
    private var keys: KeyController?
    var formatter: CalendarFormatter

    init(formatter: CalendarFormatter, colors: ColorClasses) {
        self.formatter = formatter
        self.colors = colors
        var itemsAt: (Int) -> Item? = { _ in nil }
        list = RecyclingList(makeRow: { PlanRowView() }, bind: { row, position in
            switch itemsAt(position) {
            case let .header(text)?:
                row.showHeader(text)
                return false
            case let .plan(model, colorClass)?:
                row.showPlan(model, colorClass: colorClass)
                return true
            case nil:
                return false
            }
        })
        list.addCSSClass("plan-list")
        list.vexpand = true // fills the panel, so a scroll anywhere in it reaches the list
        // TRANSLATORS: the name screen readers give the list of plans under the month.
        list.accessibleLabel = L("Plans")
        empty.addCSSClass("empty-list")
        empty.wraps = true
        empty.isVisible = false
        scroller = ScrolledWindow(child: list)
        scroller.vexpand = true
        root.append(empty)
        root.append(scroller)
        root.vexpand = true
        itemsAt = { [weak self] position in
            guard let self, self.items.indices.contains(position) else { return nil }
            return self.items[position]
        }
        list.onActivate { [weak self] position in
            guard let self, self.items.indices.contains(position),
                  case let .plan(model, _) = self.items[position] else { return }
            self.delegate?.planList(self, didActivate: model)
        }
        keys = KeyController(on: list)
        keys?.onKeyPressed { [weak self] key, modifiers in
            guard let self, key == .delete, modifiers.isEmpty, let row = self.list.focusedRow?.model else { return false }
            self.delegate?.planList(self, didRequestDeleteOf: row)
            return true
        }
    }

    /// Activates the `index`th plan as Enter would (for tests and keyboard-driven checks).
    func activateRow(at index: Int) {
        guard rows.indices.contains(index) else { return }
        delegate?.planList(self, didActivate: rows[index])
    }

    var emptyText: String? { rows.isEmpty ? empty.text : nil }

    /// The row widgets that exist now (the ones on screen), for checks of what GTK shows.
    var boundRowViews: [PlanRowView] { list.boundRows }

    /// The list widget itself, for controllers that watch its scrolling.
    var listWidget: Widget { list }

    /// How far the list is scrolled (0 = top).
    var scrollOffset: Double { scroller.verticalOffset }

    /// `key` names what is shown (a day, or a month's agenda) for the remembered scroll offset.
    func render(_ newContent: PlanListContent, key: String) {
        guard newContent != content || key != contentKey else { return }
        if !contentKey.isEmpty { scrollOffsets[contentKey] = scroller.verticalOffset }
        contentKey = key
        content = newContent
        var newItems: [Item] = []
        switch newContent {
        case let .day(emptyText, dayRows):
            empty.text = emptyText
            newItems = dayRows.map { .plan($0, colorClass: colors.className(for: $0.color)) }
        case let .agenda(emptyText, sections):
            empty.text = emptyText
            for section in sections {
                newItems.append(.header(section.header))
                newItems += section.rows.map { .plan($0, colorClass: colors.className(for: $0.color)) }
            }
        }
        // Colour classes are written before any row binds (binding happens during layout).
        colors.flush()
        items = newItems
        rows = newItems.compactMap { if case let .plan(row, _) = $0 { row } else { nil } }
        headerTexts = newItems.compactMap { if case let .header(text) = $0 { text } else { nil } }
        filling?.cancel()
        filling = nil
        list.reload(count: min(newItems.count, Self.firstBatch))
        if newItems.count > Self.firstBatch { fillRest(of: key) }
        list.accessibleDescription = formatter.planCountText(rows.count)
        // The empty list stays (with its name and "no plans") for screen readers; the text
        // above it says the same to everyone else.
        empty.isVisible = newItems.isEmpty
        restoreScrollOffset()
    }

    /// Hands the remaining items to the list one batch per idle turn (after each frame).
    private func fillRest(of key: String) {
        filling = MainLoop.idle { [weak self] in
            guard let self, self.contentKey == key else { return }
            self.filling = nil
            self.list.extend(to: min(self.items.count, self.list.count + Self.batch))
            if self.list.count < self.items.count {
                self.fillRest(of: key)
            } else {
                self.restoreScrollOffset()
            }
        }
    }

    /// Whether every item has reached the list (tests wait for this).
    var isFilled: Bool { list.count == items.count }

    /// GTK clamps the offset to the content it has laid out, and new rows are laid out only in
    /// the next frame: set it now, and again once that frame is painted.
    private func restoreScrollOffset() {
        let wanted = scrollOffsets[contentKey] ?? 0
        scroller.verticalOffset = wanted
        guard wanted > 0 else { return }
        let key = contentKey
        scroller.afterNextPaint { [weak self] in
            guard let self, self.contentKey == key else { return }
            self.scroller.verticalOffset = wanted
        }
    }
}
