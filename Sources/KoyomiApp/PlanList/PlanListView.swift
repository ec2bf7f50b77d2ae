import CalendarModel
import GtkKit

/// What the plan list reports.
@MainActor
protocol PlanListViewDelegate: AnyObject {
    /// The user activated a plan's row (Enter, or a click).
    func planList(_ list: PlanListView, didActivate row: PlanRow)
    /// Delete on a focused plan row.
    func planList(_ list: PlanListView, didRequestDeleteOf row: PlanRow)
    /// "Add a Plan" under an empty day's message.
    func planListDidRequestNewPlan(_ list: PlanListView)
    /// Ctrl+←/→ (a day) or Ctrl+↑/↓ (a week) on a focused plan row: move the plan by `days`.
    func planList(_ list: PlanListView, didRequestMoveOf row: PlanRow, byDays days: Int)
    /// The focused row went with its plan and no row is left to take the focus.
    func planListDidLoseFocus(_ list: PlanListView)
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
    /// Under an empty day's message, when a calendar can take the new plan.
    // TRANSLATORS: a button under "No plans on …": makes a new plan on that day.
    let addButton = Button(label: L("_Add a Plan"))
    /// Whether any open calendar takes new plans (the coordinator says; samples do not).
    var canAddPlans = false {
        didSet { showAddButton() }
    }
    private(set) var content: PlanListContent?
    /// Where each agenda section's header sits among the items (empty for a day's list), and
    /// how many items there are: items are read from `content` as rows bind, never copied out.
    private var sectionStarts: [Int] = []
    private var itemCount = 0
    private var flattenedRows: [PlanRow]?
    /// Where the user had scrolled each day's list (and the agenda), so moving the panel or
    /// coming back to a day does not reset it.
    private var scrollOffsets: [String: Double] = [:]
    private var contentKey = ""
    private let colors: ColorClasses
    /// A long list (a busy month's agenda) is handed to GTK a screenful first and the rest once
    /// the user pauses or scrolls (in idle batches up to `widgetLimit`, then at once), so
    /// paging to a month never waits for hundreds of rows to be built.
    static let batch = 40
    /// GTK 4.8 keeps a widget for at most about this many items, so growing past it builds none.
    static let widgetLimit = 200
    private var filling: MainLoopSource?
    private var keys: KeyController?
    var formatter: CalendarFormatter

    /// The plans listed, in order (agenda headers excluded).
    var rows: [PlanRow] {
        switch content {
        case let .day(_, rows)?: return Array(rows)
        case let .agenda(_, sections)?:
            if let flattenedRows { return flattenedRows }
            let made = sections.flatMap(\.rows)
            flattenedRows = made
            return made
        case nil: return []
        }
    }

    /// The agenda's day headers, in order.
    var headerTexts: [String] {
        guard case let .agenda(_, sections)? = content else { return [] }
        return sections.map(\.header)
    }

    /// What the list shows at `position`: an agenda day header or a plan.
    func item(at position: Int) -> Item? {
        guard position >= 0, position < itemCount, let content else { return nil }
        switch content {
        case let .day(_, rows):
            let row = rows[position]
            return .plan(row, colorClass: colors.className(for: row.color))
        case let .agenda(_, sections):
            // The last section starting at or before the position.
            var low = 0, high = sectionStarts.count
            while high - low > 1 {
                let middle = (low + high) / 2
                if sectionStarts[middle] <= position { low = middle } else { high = middle }
            }
            let offset = position - sectionStarts[low]
            guard offset > 0 else { return .header(sections[low].header) }
            let row = sections[low].rows[offset - 1]
            return .plan(row, colorClass: colors.className(for: row.color))
        }
    }

    init(formatter: CalendarFormatter, colors: ColorClasses) {
        self.formatter = formatter
        self.colors = colors
        var itemsAt: (Int) -> Item? = { _ in nil }
        var filled: (PlanRowView) -> Void = { _ in }
        list = RecyclingList(makeRow: { PlanRowView() }, bind: { row, position in
            defer { filled(row) }
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
        }, tooltip: { row in row.tooltipText })
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
        addButton.useUnderline = true
        addButton.halign = .center
        addButton.addCSSClass("pill")
        addButton.isVisible = false
        addButton.onClicked { [weak self] in
            guard let self else { return }
            self.delegate?.planListDidRequestNewPlan(self)
        }
        root.append(addButton)
        root.append(scroller)
        root.vexpand = true
        itemsAt = { [weak self] position in self?.item(at: position) }
        filled = { [weak self] row in self?.sendAccessibleLabelAfterPaint(row) }
        list.scrolled = { [weak self] in self?.fillNow() }
        list.onActivate { [weak self] position in
            guard let self, case let .plan(model, _)? = self.item(at: position) else { return }
            self.delegate?.planList(self, didActivate: model)
        }
        keys = KeyController(on: list)
        keys?.onKeyPressed { [weak self] key, modifiers in
            guard let self, let row = self.list.focusedRow?.model else { return false }
            if key == .delete, modifiers.isEmpty {
                self.delegate?.planList(self, didRequestDeleteOf: row)
                return true
            }
            guard modifiers == .control else { return false }
            let forward = self.list.isRightToLeft ? -1 : 1
            let days: Int
            switch key {
            case .left: days = -forward
            case .right: days = forward
            case .up: days = -7
            case .down: days = 7
            default: return false
            }
            self.delegate?.planList(self, didRequestMoveOf: row, byDays: days)
            return true
        }
    }

    /// The focused row's plan went (deleted, moved away): the focus goes to the row that took
    /// its place, or the last one, else to the delegate. Left alone, GTK handed it to the next
    /// thing it found, the toast's Undo, where no ring showed and the arrow keys did nothing.
    private func keepFocus(at position: Int?) {
        guard let position, position >= list.count else { return }
        if list.count > 0 {
            list.focus(position: list.count - 1)
        } else {
            delegate?.planListDidLoseFocus(self)
        }
    }

    /// Rows filled for a frame get their screen-reader names once it is painted: each is a
    /// D-Bus signal, and a screenful of them made the frame later (as the grid's cells do).
    private func sendAccessibleLabelAfterPaint(_ row: PlanRowView) {
        guard row.hasUnsentAccessibleLabel else { return }
        unsentLabels.append(row)
        guard unsentLabels.count == 1 else { return }
        list.whenIdleAfterNextPaint { [weak self] in self?.sendAccessibleLabels() }
    }

    private var unsentLabels: [PlanRowView] = []

    /// Sends every waiting row name now.
    func sendAccessibleLabels() {
        let rows = unsentLabels
        unsentLabels = []
        rows.forEach { $0.sendAccessibleLabel() }
    }

    /// Whether some row's name waits for the frame to be painted.
    var hasUnsentAccessibleText: Bool { !unsentLabels.isEmpty }

    /// The title of the plan whose row has the keyboard focus.
    var focusedPlanTitle: String? { list.focusedRow?.model?.title }

    /// Gives the keyboard focus to the row of the plan `id` (a reminder's plan), if listed.
    func focusRow(of id: Plan.ID) {
        guard case let .day(_, rows)? = content, let index = rows.firstIndex(where: { $0.entry.plan.id == id }) else { return }
        list.focus(position: index)
    }

    /// Activates the `index`th plan as Enter would (for tests and keyboard-driven checks).
    func activateRow(at index: Int) {
        guard rows.indices.contains(index) else { return }
        delegate?.planList(self, didActivate: rows[index])
    }

    var emptyText: String? { itemCount == 0 ? empty.text : nil }

    /// The row widgets that show the list's positions now (on screen and beside it), for
    /// checks of what GTK shows.
    var boundRowViews: [PlanRowView] { list.boundRows }

    /// The row widgets on screen now, top to bottom (`RecyclingList.rowsOnScreen`).
    var rowViewsOnScreen: [PlanRowView] { list.rowsOnScreen }

    /// The list widget itself, for controllers that watch its scrolling.
    var listWidget: Widget { list }

    /// How far the list is scrolled (0 = top).
    var scrollOffset: Double { scroller.verticalOffset }

    /// `key` names what is shown (a day, or a month's agenda) for the remembered scroll offset.
    func render(_ newContent: PlanListContent, key: String) {
        guard key != contentKey || newContent != content else { return }
        if !contentKey.isEmpty { scrollOffsets[contentKey] = scroller.verticalOffset }
        contentKey = key
        content = newContent
        flattenedRows = nil
        sectionStarts = []
        var planCount = 0
        func registerColors(of rows: PlanRows) {
            planCount += rows.count
            for color in rows.colors { _ = colors.className(for: color) }
        }
        switch newContent {
        case let .day(emptyText, dayRows):
            empty.text = emptyText
            registerColors(of: dayRows)
            itemCount = dayRows.count
        case let .agenda(emptyText, sections):
            empty.text = emptyText
            var position = 0
            for section in sections {
                sectionStarts.append(position)
                position += 1 + section.rows.count
                registerColors(of: section.rows)
            }
            itemCount = position
        }
        // Colour classes are written before any row binds (binding happens during layout).
        colors.flush()
        filling?.cancel()
        filling = nil
        // Positions the list already has stay (their rows are refilled in place, see
        // `RecyclingList.reload`); a longer list grows in idle batches from there.
        let focusedPosition = list.focusedPosition
        list.reload(count: min(itemCount, max(firstBatch, list.count)))
        keepFocus(at: focusedPosition)
        fillWait?.cancel()
        fillWait = nil
        if itemCount > list.count {
            // The rest waits until the user pauses (or scrolls): growing makes GTK build rows
            // and lay the list out again, and a frame for it just before the next click (the
            // next day, held arrow keys) would make that click's frame wait for the clock.
            fillWait = MainLoop.every(milliseconds: list.quietMilliseconds) { [weak self] in
                self?.fillWait = nil
                self?.fillRest(of: key)
                return false
            }
        }
        list.accessibleDescription = formatter.planCountText(planCount)
        // The empty list stays (with its name and "no plans") for screen readers; the text
        // above it says the same to everyone else.
        empty.isVisible = itemCount == 0
        showAddButton()
        restoreScrollOffset()
    }

    /// A day with no plans offers to add one (the month's agenda does not: no day is chosen).
    private func showAddButton() {
        guard case .day? = content else { return addButton.isVisible = false }
        addButton.isVisible = canAddPlans && itemCount == 0
    }

    /// About a screenful of rows (GTK 4.8 makes a widget for every item it is handed, up to
    /// 200), so a reload builds what is seen and the idle batches the rest.
    private var firstBatch: Int {
        let height = scroller.allocatedHeight
        return height > 0 ? min(Self.batch, max(8, height / 30 + 2)) : Self.batch
    }

    private var fillWait: MainLoopSource?

    /// Grows the list now (a scroll wants the rows), unless it is growing already.
    private func fillNow() {
        guard list.count < itemCount, filling == nil else { return }
        fillWait?.cancel()
        fillWait = nil
        fillRest(of: contentKey)
    }

    /// Hands the remaining items to the list one batch per idle turn (after each frame), while
    /// GTK makes a widget for each; past the ~200 it keeps, the rest goes in at once.
    private func fillRest(of key: String) {
        filling = MainLoop.idle { [weak self] in
            guard let self, self.contentKey == key else { return }
            self.filling = nil
            let next = self.list.count < Self.widgetLimit ? self.list.count + Self.batch : self.itemCount
            self.list.extend(to: min(self.itemCount, next))
            if self.list.count < self.itemCount {
                self.fillRest(of: key)
            } else {
                self.restoreScrollOffset()
            }
        }
    }

    /// Whether the list is handing its remaining items to GTK now (not waiting for a pause).
    var isGrowing: Bool { filling != nil }

    /// Whether every item has reached the list and every row GTK keeps shows its own item
    /// (tests wait for this).
    var isFilled: Bool { list.count == itemCount && !list.hasStaleRows }

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
