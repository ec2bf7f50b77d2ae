import CalendarModel
import GtkKit

/// Receives what the views report, updates the shared store, and pushes the store's changes
/// back into the views as plain values: the seeds' Coordinator, without the pointer soup.
@MainActor
final class CalendarCoordinator: MonthGridViewDelegate, MonthPagerDelegate, PlanListViewDelegate, MainWindowDelegate {
    let store: CalendarStore
    private(set) var formatter: CalendarFormatter
    private let window: MainWindow
    private var observation: StoreObservation?
    /// The plan panel, told about selections and what its handle should say.
    weak var panel: PanelController?
    /// Ctrl+F search over all plans; its results stand in for the plan list while it is open.
    let search: SearchController
    /// Opens the editor and deletes plans (writable calendars only).
    weak var editing: EditingController?
    init(store: CalendarStore, formatter: CalendarFormatter, window: MainWindow) {
        self.store = store
        self.formatter = formatter
        self.window = window
        search = SearchController(store: store, window: window, formatter: formatter)
        window.grid.delegate = self
        window.pager.delegate = self
        window.planList.delegate = self
        window.delegate = self
        observation = store.observe { [weak self] change in
            self?.storeDidChange(change)
        }
        search.didOpen = { [weak self] in
            guard let panel = self?.panel, panel.position == .tip else { return }
            panel.move(to: .half)
        }
        search.didUpdateSummary = { [weak self] text in self?.panel?.setHandleTitle(text) }
        search.didClose = { [weak self] in self?.renderList() }
        renderAll()
    }

    /// New locale or time zone: every text is formatted again.
    func replaceFormatter(_ newFormatter: CalendarFormatter) {
        formatter = newFormatter
        window.grid.formatter = newFormatter
        window.planList.formatter = newFormatter
        search.replaceFormatter(newFormatter)
        renderAll()
        window.grid.reloadDecorationsNow()
    }

    // MARK: MonthGridViewDelegate

    func monthGrid(_ grid: MonthGridView, didSelect day: CalendarDay) {
        store.select(day)
    }

    /// A double click means "this day", never "deselect": the first click selected it.
    func monthGrid(_ grid: MonthGridView, didDoubleClick day: CalendarDay) {
        store.show(day)
    }

    func monthGrid(_ grid: MonthGridView, decorationFor day: CalendarDay) -> DayDecoration {
        store.decoration(for: day)
    }

    func monthGrid(_ grid: MonthGridView, didNavigate navigation: CalendarNavigation) {
        navigate(navigation)
    }

    // MARK: MainWindowDelegate

    func mainWindow(_ window: MainWindow, didNavigate navigation: CalendarNavigation) {
        navigate(navigation)
    }

    func mainWindowDidRequestPanelCycle(_ window: MainWindow) {
        guard let panel else { return }
        panel.move(to: panel.position.cycled)
    }

    private func navigate(_ navigation: CalendarNavigation) {
        switch navigation {
        case let .days(days): store.moveSelection(by: days)
        case let .months(months): store.moveSelection(byMonths: months)
        case .today: store.goToToday()
        case .deselect: store.clearSelection()
        }
    }

    // MARK: PlanListViewDelegate

    func planList(_ list: PlanListView, didActivate row: PlanRow) {
        guard let editing, isWritable(row.entry.plan.calendarID) else { return window.showDetails(of: row) }
        editing.edit(row.entry)
    }

    func planListDidRequestNewPlan(_ list: PlanListView) {
        editing?.newPlan()
    }

    func planList(_ list: PlanListView, didRequestDeleteOf row: PlanRow) {
        guard isWritable(row.entry.plan.calendarID) else { return }
        editing?.delete(row.entry)
    }

    private func isWritable(_ id: CalendarID) -> Bool {
        store.calendars.first { $0.id == id }.map { !$0.isReadOnly } ?? false
    }

    // MARK: MonthPagerDelegate

    func monthPager(_ pager: MonthPager, didChangeVisibleMonth month: YearMonth) {
        store.showMonth(month)
    }

    func monthPagerDidRequestToday(_ pager: MonthPager) {
        store.goToToday()
    }

    // MARK: Store → views

    private func storeDidChange(_ change: CalendarStore.Change) {
        if !change.isDisjoint(with: [.visibleMonth, .selection, .today]) {
            renderGridAndTitle()
        }
        if !change.isDisjoint(with: [.plans, .calendars]) {
            window.grid.reloadDecorations()
        }
        renderList()
        if change.contains(.selection), store.selection != nil { panel?.daySelected() }
        if !change.isDisjoint(with: [.visibleMonth, .plans, .calendars]) { prepareNeighbours() }
    }

    /// The months either side of the visible one, prepared on another thread once the frame
    /// is painted, so that paging to them only draws and the main thread stays free for the
    /// next click. A jump further away builds its month when asked.
    private var isPreparing = false
    private var waitsForPaint = false

    private func prepareNeighbours() {
        // Started after the paint: the frame showing this month comes first.
        guard !waitsForPaint else { return }
        waitsForPaint = true
        window.window.afterNextPaint { [weak self] in
            guard let self else { return }
            self.waitsForPaint = false
            self.prepareNeighbours(of: self.store.visibleMonth)
        }
    }

    /// One preparation at a time. When it ends, the visible month's neighbours are looked at
    /// again: the month may have changed meanwhile, or the plans (then the built indexes are
    /// refused, holding the old ones).
    private func prepareNeighbours(of month: YearMonth) {
        guard !isPreparing else { return }
        let preparations = [month.next, month.previous].compactMap { store.indexPreparation(for: $0) }
        guard !preparations.isEmpty else { return }
        isPreparing = true
        MainLoop.runInBackground(givingWay: true, { preparations.map { $0.build() } }, then: { [weak self] built in
            guard let self else { return }
            self.isPreparing = false
            built.forEach { self.store.adopt($0) }
            self.prepareNeighbours(of: self.store.visibleMonth)
        })
    }

    private func renderAll() {
        renderGridAndTitle()
        renderList()
    }

    private func renderGridAndTitle() {
        window.pager.render(month: store.visibleMonth, title: formatter.monthTitle(store.visibleMonth))
        window.grid.render(MonthGridState(layout: store.layout, selection: store.selection, today: store.today))
    }

    /// The panel handle's text: what the list shows and how many plans.
    static func handleTitle(_ what: String, _ count: String) -> String {
        // TRANSLATORS: the plan panel's handle: %1$@ is a day or a month, %2$@ the plan count,
        // e.g. "Sunday, November 29 · 2 plans".
        FormatterStrings.fill(L("%1$@ · %2$@"), what, count)
    }

    /// Renders the plan list (and the panel's handle) again.
    func refreshList() { renderList() }

    private func renderList() {
        let style = PlanRowStyle(calendars: store.calendars, formatter: formatter)
        func rows(_ entries: [PlanOnDay]) -> PlanRows { PlanRows(entries, style: style) }
        if let day = store.selection {
            let entries = store.plans(on: day)
            window.planList.canAddPlans = store.calendars.contains { !$0.isReadOnly }
            window.planList.render(.day(emptyText: formatter.emptyDayText(day), rows: rows(entries)), key: day.description)
            guard !search.isOpen else { return } // the handle shows the search's count meanwhile
            // An empty day's list says "No plans on …" itself: the handle says it only once.
            panel?.setHandleTitle(entries.isEmpty ? formatter.agendaHeader(day)
                : Self.handleTitle(formatter.agendaHeader(day), formatter.planCountText(entries.count)))
        } else {
            let agenda = store.agenda()
            let sections = agenda.map { entry in
                PlanListContent.Section(header: formatter.agendaHeader(entry.day), rows: rows(entry.plans))
            }
            window.planList.render(.agenda(emptyText: formatter.emptyMonthText(store.visibleMonth), sections: sections),
                                   key: store.visibleMonth.description)
            // Plans, not rows: a ten-day trip is one plan, listed on ten days. Each is counted
            // on its first day, or on the month's first day when it began before (no set of
            // ids: a busy month has thousands of rows, and this runs on every page).
            let first = store.visibleMonth.firstDay
            let count = agenda.reduce(0) { total, entry in
                total + entry.plans.reduce(0) { $0 + ($1.startsOnDay || $1.day == first ? 1 : 0) }
            }
            guard !search.isOpen else { return }
            panel?.setHandleTitle(Self.handleTitle(formatter.monthTitle(store.visibleMonth), formatter.planCountText(count)))
        }
    }
}
