import CalendarModel
import GtkKit

/// The time grid as the week view (7 columns, or 3 or 1 when narrow) and as the day view (1).
extension WeekView: CalendarView {
    var rootWidget: Widget { root }

    func report(to coordinator: CalendarCoordinator) { delegate = coordinator }

    /// The week holding the selected day (else the day selected last, else today), or 3 or 1
    /// days in a narrow window, kept while they hold the selection; the day view's one day.
    func span(for store: CalendarStore) -> DaySpan {
        DaySpan.weekView(columns: columnCount, day: store.selection ?? store.today, firstWeekday: store.firstWeekday,
                         shown: state?.span)
    }

    func title(for store: CalendarStore, formatter: CalendarFormatter) -> ViewTitle {
        let span = span(for: store)
        let names = kind == .day
            // TRANSLATORS: the header's paging buttons in the day view.
            ? (L("Previous day"), L("Next day"))
            // TRANSLATORS: the header's paging buttons in the week view.
            : (L("Previous week"), L("Next week"))
        return ViewTitle(text: formatter.spanTitle(span), shortText: { formatter.shortSpanTitle(span) },
                         previous: names.0, next: names.1)
    }

    /// A page is the days shown (7, or 3 or 1 when narrow): the selected day moves by them.
    func page(_ store: CalendarStore, by pages: Int) {
        store.show((store.selection ?? store.today).adding(days: pages * span(for: store).count))
    }

    var needsSelection: Bool { true }

    func render(_ context: CalendarViewContext) {
        let store = context.store
        let span = span(for: store)
        render(WeekViewState(span: span, selection: store.selection, selectedPlan: context.selectedPlan,
                             today: store.today, slice: store.slice(of: span), style: context.style))
    }

    func plansChanged(_ context: CalendarViewContext) { render(context) }

    func monthsToPrepare(for store: CalendarStore) -> [YearMonth] {
        Self.monthsAround(span(for: store))
    }
}
