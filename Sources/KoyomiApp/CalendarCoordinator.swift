import CalendarModel
import Foundation
import GtkKit

/// Receives what the views report, updates the shared store, and pushes the store's changes
/// back into the views as plain values: the seeds' Coordinator, without the pointer soup.
@MainActor
final class CalendarCoordinator: MonthGridViewDelegate, CalendarHeaderDelegate, PlanListViewDelegate, MainWindowDelegate {
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
    /// Runs its argument once every edit asked for is saved and read back (the window's).
    var whenEditsSettled: ((@escaping @MainActor () -> Void) -> Void)?
    /// Told when the user switches between month and week (the window remembers it).
    var onViewChanged: ((CalendarViewKind) -> Void)?
    /// The view shown now.
    private(set) var view: CalendarViewKind = .month
    /// The plan clicked last in the week view, drawn selected there (set here and by the
    /// week view's delegate methods, CalendarCoordinator+WeekView.swift).
    var selectedPlan: Plan.ID?

    init(store: CalendarStore, formatter: CalendarFormatter, window: MainWindow) {
        self.store = store
        self.formatter = formatter
        self.window = window
        search = SearchController(store: store, window: window, formatter: formatter)
        window.grid.delegate = self
        window.week.delegate = self
        window.header.delegate = self
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
        window.week.formatter = newFormatter
        window.planList.formatter = newFormatter
        search.replaceFormatter(newFormatter)
        renderAll()
        window.grid.reloadDecorationsNow()
    }

    // MARK: MonthGridViewDelegate

    func monthGrid(_ grid: MonthGridView, didSelect day: CalendarDay) {
        store.select(day)
    }

    /// A double click on a day's free space means "a new plan on this day" (issue 19), and
    /// never "deselect": the first click selected it.
    func monthGrid(_ grid: MonthGridView, didDoubleClick day: CalendarDay) {
        newPlan(on: day)
    }

    /// A double click on a chip edits its plan (or shows a read-only plan's details).
    func monthGrid(_ grid: MonthGridView, didActivatePlan entry: PlanOnDay) {
        store.show(entry.day)
        activate(entry)
    }

    /// Enter on a day with no plans: a new plan there.
    func monthGrid(_ grid: MonthGridView, didRequestNewPlanOn day: CalendarDay) {
        newPlan(on: day)
    }

    private func newPlan(on day: CalendarDay) {
        store.show(day)
        editing?.newPlan()
    }

    func monthGrid(_ grid: MonthGridView, decorationFor day: CalendarDay) -> DayDecoration {
        store.decoration(for: day)
    }

    func monthGrid(_ grid: MonthGridView, didNavigate navigation: CalendarNavigation) {
        navigate(navigation)
    }

    /// A chip or bar: its day is shown (never deselected) and the plan's row takes the focus.
    func monthGrid(_ grid: MonthGridView, didSelectPlan entry: PlanOnDay) {
        store.show(entry.day)
        window.planList.focusRow(of: entry.plan.id)
    }

    func monthGridPlans(_ grid: MonthGridView) -> (slice: DaySlice, style: PlanRowStyle) {
        (store.slice(of: store.layout.span), rowStyle)
    }

    // MARK: MainWindowDelegate

    func mainWindow(_ window: MainWindow, didNavigate navigation: CalendarNavigation) {
        navigate(navigation)
    }

    func mainWindowDidRequestPanelCycle(_ window: MainWindow) {
        guard let panel else { return }
        panel.move(to: panel.position.cycled)
    }

    func mainWindow(_ window: MainWindow, didChooseView view: CalendarViewKind) {
        show(view)
    }

    /// Page Up/Down and Alt+←/→ page a month in the month view and the shown days in the week view.
    func navigate(_ navigation: CalendarNavigation) {
        switch navigation {
        case let .days(days): store.moveSelection(by: days)
        case let .months(months):
            if view == .week { pageWeek(by: months) } else { store.moveSelection(byMonths: months) }
        case .today: store.goToToday()
        case .deselect:
            // The week view always shows the selected day's week: Escape leaves it selected.
            if view == .month { store.clearSelection() }
        }
    }

    // MARK: Views

    /// How plans are drawn (calendar colours, time texts) as of now.
    private var rowStyle: PlanRowStyle { PlanRowStyle(calendars: store.calendars, formatter: formatter) }

    /// The view shown now, as the `CalendarView` the coordinator talks to.
    private var current: CalendarView { view == .month ? window.grid : window.week }

    /// Switches to the month grid or the week view; the selected day is kept (the week view
    /// selects one: the day selected last in this month, else today or the month's first).
    func show(_ newView: CalendarViewKind) {
        guard newView != view else { return }
        let hadFocus = current.rootWidget.containsFocus
        view = newView
        window.show(newView)
        if newView == .week, store.selection == nil { store.moveSelection(by: 0) }
        renderAll()
        // Plans may have changed while the month was hidden.
        if newView == .month { window.grid.reloadDecorationsNow() }
        if hadFocus { current.focusBestCell() }
        onViewChanged?(newView)
    }

    private var viewContext: CalendarViewContext {
        CalendarViewContext(store: store, style: rowStyle,
                            selectedPlan: selectedPlan)
    }

    /// While the month is shown, the hidden week view is drawn once the frame is painted and
    /// the window is idle, whenever the plans changed: its blocks are made then, not in the
    /// frame of the first switch to the week (which would otherwise build a couple of hundred
    /// widgets in a busy week).
    private func prepareWeekView() {
        guard !weekPreparationScheduled else { return }
        weekPreparationScheduled = true
        window.window.whenIdleAfterNextPaint { [weak self] in
            guard let self else { return }
            self.weekPreparationScheduled = false
            if self.view == .month { self.window.week.render(self.viewContext) }
        }
    }

    private var weekPreparationScheduled = false

    /// Moves the selection by the week view's shown days (7, or 3 or 1 when narrow).
    private func pageWeek(by pages: Int) {
        let count = window.week.span(for: store).count
        store.show((store.selection ?? store.today).adding(days: pages * count))
    }

    // MARK: PlanListViewDelegate

    func planList(_ list: PlanListView, didActivate row: PlanRow) {
        activate(row.entry, row: row)
    }

    /// Enter, a click on a list row or a double click on a plan: a plan of a writable calendar
    /// opens in the editor, any other shows its details (`row`: as the list drew it).
    func activate(_ entry: PlanOnDay, row: PlanRow? = nil) {
        guard let editing, isWritable(entry.plan.calendarID) else {
            return window.showDetails(of: row ?? PlanRows([entry], style: rowStyle)[0])
        }
        editing.edit(entry)
    }

    func planListDidRequestNewPlan(_ list: PlanListView) {
        editing?.newPlan()
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
    private func move(_ entry: PlanOnDay, byDays days: Int, showing day: CalendarDay) {
        guard days != 0, let editing = editingToMove(entry) else { return }
        editing.retime(entry, to: entry.plan.timing.moved(days: days, minutes: 0, calendar: store.calendar))
        store.show(day)
    }

    /// The editor to move `entry` with; nil, and a toast saying why, for a read-only calendar's plan.
    func editingToMove(_ entry: PlanOnDay) -> EditingController? {
        guard let editing, isWritable(entry.plan.calendarID) else {
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
        editing?.delete(entry)
    }

    private func isWritable(_ id: CalendarID) -> Bool {
        store.calendars.first { $0.id == id }.map { !$0.isReadOnly } ?? false
    }

    func monthGrid(_ grid: MonthGridView, didMove entry: PlanOnDay, byDays days: Int, droppedOn day: CalendarDay) {
        move(entry, byDays: days, showing: day)
    }

    // MARK: CalendarHeaderDelegate

    func calendarHeader(_ header: CalendarHeader, didPage pages: Int) {
        if view == .week { pageWeek(by: pages) } else { store.showMonth(store.visibleMonth.adding(months: pages)) }
    }

    func calendarHeaderDidRequestToday(_ header: CalendarHeader) {
        store.goToToday()
    }

    func calendarHeader(_ header: CalendarHeader, didChooseView view: CalendarViewKind) {
        show(view)
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
            // The hidden month grid follows too: its decorations are read before its next frame.
            if view == .week {
                window.week.plansChanged(viewContext)
            } else {
                window.grid.reloadDecorations()
                prepareWeekView()
            }
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

    func renderGridAndTitle() {
        switch view {
        case .month:
            let month = store.visibleMonth
            window.header.render(title: formatter.monthTitle(month), shortTitle: { [formatter] in formatter.shortMonthTitle(month) },
                                 view: .month)
            window.grid.render(viewContext)
        case .week:
            // The hidden month grid is drawn when it is shown again (`show(_:)`): drawing it
            // here would build each month's whole index as the weeks are paged through.
            window.week.render(viewContext)
            let span = window.week.span(for: store)
            window.header.render(title: formatter.spanTitle(span), shortTitle: { [formatter] in formatter.shortSpanTitle(span) },
                                 view: .week)
        }
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
                PlanListContent.Section(header: formatter.agendaHeader(entry.day),
                                        rows: PlanRows(entry.plans, style: style, wholePlans: true))
            }
            window.planList.render(.agenda(emptyText: formatter.emptyMonthText(store.visibleMonth), sections: sections),
                                   key: store.visibleMonth.description)
            // The agenda lists each plan once (a ten-day trip under its first day), so its
            // rows are the month's plans.
            let count = agenda.reduce(0) { $0 + $1.plans.count }
            guard !search.isOpen else { return }
            panel?.setHandleTitle(Self.handleTitle(formatter.monthTitle(store.visibleMonth), formatter.planCountText(count)))
        }
    }
}
