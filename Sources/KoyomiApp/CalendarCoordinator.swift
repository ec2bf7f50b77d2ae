import CalendarModel
import Foundation
import GtkKit

/// Receives what the views report, updates the shared store, and pushes the store's changes
/// back into the views as plain values: the seeds' Coordinator, without the pointer soup.
@MainActor
final class CalendarCoordinator: PlanListViewDelegate, MainWindowDelegate {
    let store: CalendarStore
    private(set) var formatter: CalendarFormatter
    let window: MainWindow
    /// The views by kind, as the window made them; one is shown (`view`).
    private let views: [CalendarViewKind: CalendarView]
    private var observation: StoreObservation?
    /// The plan panel, told about selections and what its handle should say.
    let panel: PanelController
    /// Ctrl+F search over all plans; its results stand in for the plan list while it is open.
    let search: SearchController
    /// Opens the editor and deletes plans (writable calendars only).
    let editing: EditingController
    /// Runs its argument once every edit asked for is saved and read back (the window's).
    let whenEditsSettled: (@escaping @MainActor () -> Void) -> Void
    /// Told when the user switches views (the window remembers it, "win.view" shows it).
    var onViewChanged: ((CalendarViewKind) -> Void)?
    /// The view shown now.
    private(set) var view: CalendarViewKind = .month
    /// The plan clicked last in a time grid, drawn selected there (set here and by the
    /// time grids' delegate methods, CalendarCoordinator+WeekView.swift).
    var selectedPlan: Plan.ID?

    /// Given everything it talks to when it is made: the store, the window's views, the plan
    /// panel, editing, and the window's way of waiting for saves (`whenEditsSettled`).
    init(store: CalendarStore, formatter: CalendarFormatter, window: MainWindow, panel: PanelController,
         editing: EditingController, whenEditsSettled: @escaping (@escaping @MainActor () -> Void) -> Void) {
        self.store = store
        self.formatter = formatter
        self.window = window
        self.panel = panel
        self.editing = editing
        self.whenEditsSettled = whenEditsSettled
        search = SearchController(store: store, surface: window, formatter: formatter)
        views = Dictionary(uniqueKeysWithValues: window.calendarViews.map { ($0.kind, $0) })
        window.planList.delegate = self
        window.delegate = self
        for view in window.calendarViews { view.report(to: self) }
        observation = store.observe { [weak self] change in
            self?.storeDidChange(change)
        }
        search.didOpen = { [weak self] in
            guard let panel = self?.panel, panel.position == .tip else { return }
            panel.move(to: .half)
        }
        search.didUpdateSummary = { [weak self] text in self?.panel.setHandleTitle(text) }
        search.didClose = { [weak self] in self?.renderList() }
        renderAll()
    }

    /// New locale or time zone: every text is formatted again.
    func replaceFormatter(_ newFormatter: CalendarFormatter) {
        formatter = newFormatter
        for view in views.values { view.formatter = newFormatter }
        window.planList.formatter = newFormatter
        search.replaceFormatter(newFormatter)
        renderAll()
        current.drawChangesNow(viewContext)
    }

    // MARK: MainWindowDelegate

    func mainWindow(_ window: MainWindow, didNavigate navigation: CalendarNavigation) {
        navigate(navigation)
    }

    /// Page Up/Down page what the shown view shows (a month, the shown days…).
    func navigate(_ navigation: CalendarNavigation) {
        switch navigation {
        case let .days(days): store.moveSelection(by: days)
        case let .pages(pages): current.pageSelection(store, by: pages)
        case .today: goToToday()
        case .deselect:
            // A view that always shows the selected day leaves it selected.
            if !current.needsSelection { store.clearSelection() }
        }
    }

    /// Calendars came or went in a batch: the shown view draws them in one pass now.
    func drawPlansNow() {
        current.drawChangesNow(viewContext)
    }

    /// Previous (-1) or Next (1): a page of the shown view.
    func page(by pages: Int) {
        current.page(store, by: pages)
    }

    // MARK: Views

    /// How plans are drawn (calendar colours, time texts) as of now.
    var rowStyle: PlanRowStyle { PlanRowStyle(calendars: store.calendars, formatter: formatter) }

    /// The view shown now, as the `CalendarView` the coordinator talks to.
    var current: CalendarView { views[view]! }

    /// Switches views; the selected day is kept (a view that needs one selects the day
    /// selected last in this month, else today or the month's first).
    func show(_ newView: CalendarViewKind) {
        guard newView != view, views[newView] != nil else { return }
        let hadFocus = current.rootWidget.containsFocus
        view = newView
        window.show(newView)
        if current.needsSelection, store.selection == nil { store.moveSelection(by: 0) }
        renderAll()
        current.drawChangesNow(viewContext)
        if hadFocus { current.focusBestCell() }
        onViewChanged?(newView)
        prepareNeighbours()
    }

    private var viewContext: CalendarViewContext {
        CalendarViewContext(store: store, style: rowStyle,
                            selectedPlan: selectedPlan)
    }

    /// The hidden views the shown one names (the month names the week) are drawn once the
    /// frame is painted and the window is idle, whenever the plans changed: their widgets are
    /// made then, not in the frame of the first switch (a busy week builds a couple of
    /// hundred blocks).
    private func prepareHiddenViews() {
        guard !current.viewsToPrepare.isEmpty, !hiddenPreparationScheduled else { return }
        hiddenPreparationScheduled = true
        window.window.whenIdleAfterNextPaint { [weak self] in
            guard let self else { return }
            self.hiddenPreparationScheduled = false
            let context = self.viewContext
            for kind in self.current.viewsToPrepare where kind != self.view { self.views[kind]?.render(context) }
        }
    }

    private var hiddenPreparationScheduled = false

    // MARK: PlanListViewDelegate

    func planList(_ list: PlanListView, didActivate row: PlanRow) {
        activate(row.entry, row: row)
    }

    /// Enter, a click on a list row or a double click on a plan: a plan of a writable calendar
    /// opens in the editor, any other shows its details (`row`: as the list drew it).
    func activate(_ entry: PlanOnDay, row: PlanRow? = nil) {
        guard isWritable(entry.plan.calendarID) else {
            return window.showDetails(of: row ?? PlanRows([entry], style: rowStyle)[0])
        }
        editing.edit(entry)
    }

    func planListDidRequestNewPlan(_ list: PlanListView) {
        editing.newPlan()
    }

    func planList(_ list: PlanListView, didRequestMoveOf row: PlanRow, byDays days: Int) {
        move(row.entry, byDays: days, showing: row.entry.day.adding(days: days))
    }

    func planListDidLoseFocus(_ list: PlanListView) {
        // The day's last plan went: the day (where Enter makes a new plan) takes the focus.
        current.focusBestCell()
    }

    /// Moves a plan by whole days (timed plans keep their time of day, plans of several days
    /// their length) as an edit with Undo; `day`, where it lands, is shown.
    func move(_ entry: PlanOnDay, byDays days: Int, showing day: CalendarDay) {
        guard days != 0, let editing = editingToMove(entry) else { return }
        editing.retime(entry, to: entry.plan.timing.moved(days: days, minutes: 0, calendar: store.calendar))
        store.show(day)
    }

    /// The editor to move `entry` with; nil, and a toast saying why, for a read-only calendar's plan.
    func editingToMove(_ entry: PlanOnDay) -> EditingController? {
        guard isWritable(entry.plan.calendarID) else {
            if store.calendars.contains(where: { $0.id == entry.plan.calendarID && $0.isLoading }) {
                // TRANSLATORS: a toast when a plan is dragged while its large calendar file is still being read.
                window.showToast(L("This calendar is still being read: its plans can be moved in a moment"))
            } else {
                // TRANSLATORS: a toast when a plan of a read-only calendar is dragged.
                window.showToast(L("This calendar is read-only: its plans cannot be moved"))
            }
            return nil
        }
        return editing
    }

    func planList(_ list: PlanListView, didRequestDeleteOf row: PlanRow) {
        delete(row.entry)
    }

    /// Delete on a plan, in the list or a view: deleted with Undo, or a word on why it cannot be.
    func delete(_ entry: PlanOnDay) {
        guard isWritable(entry.plan.calendarID) else {
            // TRANSLATORS: a toast when Delete is pressed on a plan of a read-only calendar.
            return window.showToast(L("This calendar is read-only: its plans cannot be deleted"))
        }
        editing.delete(entry)
    }

    private func isWritable(_ id: CalendarID) -> Bool {
        store.calendars.first { $0.id == id }.map { !$0.isReadOnly } ?? false
    }

    // MARK: Window actions (WindowActions.swift: "win.next" calls `page(by:)`, "win.view" `show(_:)`)

    func goToToday() {
        store.goToToday()
    }

    // MARK: Store → views

    private func storeDidChange(_ change: CalendarStore.Change) {
        if change.contains(.selection), let plan = selectedPlan,
           !(store.selection.map { store.plans(on: $0).contains { $0.plan.id == plan } } ?? false) {
            selectedPlan = nil
        }
        if !change.isDisjoint(with: [.visibleMonth, .selection, .today]) {
            renderGridAndTitle()
        }
        if !change.isDisjoint(with: [.plans, .calendars]) {
            // Hidden views catch up as they are shown again (`drawChangesNow`), or when prepared.
            current.plansChanged(viewContext)
            prepareHiddenViews()
        }
        renderList()
        if change.contains(.selection), store.selection != nil { panel.daySelected() }
        if !change.isDisjoint(with: [.visibleMonth, .selection, .plans, .calendars]) { prepareNeighbours() }
    }

    /// The spans the shown view pages to next (`spansToPrepare`), indexed on another
    /// thread once the frame is painted, so that paging there only draws and the main thread
    /// stays free for the next click. A jump further away builds its month when asked.
    private var isPreparing = false
    private var waitsForPaint = false

    private func prepareNeighbours() {
        // Started after the paint: the frame showing this month comes first.
        guard !waitsForPaint else { return }
        waitsForPaint = true
        window.window.afterNextPaint { [weak self] in
            guard let self else { return }
            self.waitsForPaint = false
            self.prepareNeighbours(of: self.current.spansToPrepare(for: self.store))
        }
    }

    /// One preparation at a time. When it ends, the shown view's neighbours are looked at
    /// again: what it shows may have changed meanwhile, or the plans (then the built indexes
    /// are refused, holding the old ones).
    private func prepareNeighbours(of spans: [DaySpan]) {
        guard !isPreparing else { return }
        let preparations = spans.compactMap { store.indexPreparation(for: $0) }
        guard !preparations.isEmpty else { return }
        isPreparing = true
        MainLoop.runInBackground(givingWay: true, { preparations.map { $0.build() } }, then: { [weak self] built in
            guard let self else { return }
            self.isPreparing = false
            built.forEach { self.store.adopt($0) }
            self.prepareNeighbours(of: self.current.spansToPrepare(for: self.store))
        })
    }

    private func renderAll() {
        renderGridAndTitle()
        renderList()
    }

    /// Draws the shown view and its title. Hidden views are not drawn: a hidden month grid
    /// would build each month's whole index as the weeks are paged through.
    func renderGridAndTitle() {
        current.render(viewContext)
        window.header.render(current.title(for: store, formatter: formatter), view: view)
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
        let style = rowStyle
        func rows(_ entries: [PlanOnDay]) -> PlanRows { PlanRows(entries, style: style) }
        if let day = store.selection {
            // Read through the day's own slice: an index holding the day when one is built (the
            // shown grid's or week's), else one of that day alone. A year page selects a day a
            // year away whose month no view shows: its whole grid's index built here on the
            // window's thread took 18-46 ms of the page (100,000 plans), the day's own 6-8 ms.
            let entries = store.slice(of: DaySpan(first: day, count: 1)).plans(on: day)
            window.planList.canAddPlans = store.calendars.contains { !$0.isReadOnly }
            window.planList.render(.day(emptyText: formatter.emptyDayText(day), rows: rows(entries)), key: day.description)
            guard !search.isOpen else { return } // the handle shows the search's count meanwhile
            // An empty day's list says "No plans on …" itself: the handle says it only once.
            panel.setHandleTitle(entries.isEmpty ? formatter.agendaHeader(day)
                : Self.handleTitle(formatter.agendaHeader(day), formatter.planCountText(entries.count)))
        } else {
            let agenda = store.agenda()
            let sections = agenda.map { entry in
                PlanListContent.Section(header: formatter.agendaHeader(entry.day),
                                        rows: PlanRows(entry.plans, style: style, wholePlans: true))
            }
            window.planList.render(.agenda(emptyText: formatter.emptyMonthText(store.visibleMonth), sections: sections),
                                   key: store.visibleMonth.description)
            // The agenda lists each plan once (a ten-day trip under its first day), so its
            // rows are the month's plans.
            let count = agenda.reduce(0) { $0 + $1.plans.count }
            guard !search.isOpen else { return }
            panel.setHandleTitle(Self.handleTitle(formatter.monthTitle(store.visibleMonth), formatter.planCountText(count)))
        }
    }
}
