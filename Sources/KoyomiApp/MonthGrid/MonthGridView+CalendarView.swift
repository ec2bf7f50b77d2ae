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
        render(MonthGridState(layout: store.layout, selection: store.selection, today: store.today),
               plans: Self.plans(context))
    }

    func plansChanged(_ context: CalendarViewContext) { plansChanged(Self.plans(context)) }

    /// Its decorations are drawn again in one pass, not before the next frame.
    func drawChangesNow(_ context: CalendarViewContext) {
        plansChanged(Self.plans(context))
        reloadDecorationsNow()
    }

    /// The grid's 42 days' slice of the store, and how plans look.
    private static func plans(_ context: CalendarViewContext) -> MonthGridPlans {
        MonthGridPlans(slice: context.store.slice(of: context.store.layout.span), style: context.style)
    }

    /// The week's blocks are made while the month is shown, not in the frame of the first switch.
    var viewsToPrepare: [CalendarViewKind] { [.week] }

    func spansToPrepare(for store: CalendarStore) -> [DaySpan] {
        [store.gridSpan(of: store.visibleMonth.next), store.gridSpan(of: store.visibleMonth.previous)]
    }
}
