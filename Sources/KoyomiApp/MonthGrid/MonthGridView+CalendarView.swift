import CalendarModel
import GtkKit

/// The month grid as one of the window's views: a month a page; Escape may leave no day
/// selected (the list then shows the month's agenda).
extension MonthGridView: CalendarView {
    var kind: CalendarViewKind { .month }
    var rootWidget: Widget { root }

    func report(to coordinator: CalendarCoordinator) { delegate = coordinator }

    func span(for store: CalendarStore) -> DaySpan { store.layout.span }

    func title(for store: CalendarStore, formatter: CalendarFormatter) -> ViewTitle {
        let month = store.visibleMonth
        // TRANSLATORS: the header's paging buttons in the month view.
        return ViewTitle(text: formatter.monthTitle(month), shortText: { formatter.shortMonthTitle(month) },
                         previous: L("Previous month"), next: L("Next month"))
    }

    func page(_ store: CalendarStore, by pages: Int) {
        store.showMonth(store.visibleMonth.adding(months: pages))
    }

    /// Page Up / Page Down move the selected day by a month (to the same day there).
    func pageSelection(_ store: CalendarStore, by pages: Int) {
        store.moveSelection(byMonths: pages)
    }

    var needsSelection: Bool { false }

    func render(_ context: CalendarViewContext) {
        let store = context.store
        render(MonthGridState(layout: store.layout, selection: store.selection, today: store.today))
    }

    func plansChanged(_ context: CalendarViewContext) { reloadDecorations() }

    /// Its decorations are read again in one pass, not before the next frame.
    func drawChangesNow(_ context: CalendarViewContext) { reloadDecorationsNow() }

    /// The week's blocks are made while the month is shown, not in the frame of the first switch.
    var viewsToPrepare: [CalendarViewKind] { [.week] }

    func monthsToPrepare(for store: CalendarStore) -> [YearMonth] {
        [store.visibleMonth.next, store.visibleMonth.previous]
    }
}
