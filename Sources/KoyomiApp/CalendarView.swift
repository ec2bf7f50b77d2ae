import CalendarModel
import GtkKit

/// What a view of days is handed to draw: the shared store's state and how plans look.
@MainActor
struct CalendarViewContext {
    let store: CalendarStore
    /// Colours and calendar names of the plans (one per render).
    let style: PlanRowStyle
    /// The plan clicked last (the week view draws it selected).
    let selectedPlan: Plan.ID?
}

/// A view that shows a span of days: the month grid or the week view. The coordinator talks
/// to whichever is shown through this; each reports the user's actions to its own delegate.
/// A new view (a day, a year…) implements it and gets a `CalendarViewKind`.
@MainActor
protocol CalendarView: AnyObject {
    var rootWidget: Widget { get }
    /// The days it shows for the store's state now (and its own width).
    func span(for store: CalendarStore) -> DaySpan
    /// Shows the selection, today and the plans of its span.
    func render(_ context: CalendarViewContext)
    /// The plans or calendars changed: draw them again (batched before the next frame where possible).
    func plansChanged(_ context: CalendarViewContext)
    /// Puts the keyboard focus on the selected day (or its first plan).
    func focusBestCell()
}

extension MonthGridView: CalendarView {
    var rootWidget: Widget { root }

    func span(for store: CalendarStore) -> DaySpan { store.layout.span }

    func render(_ context: CalendarViewContext) {
        let store = context.store
        render(MonthGridState(layout: store.layout, selection: store.selection, today: store.today))
    }

    func plansChanged(_ context: CalendarViewContext) { reloadDecorations() }
}

extension WeekView: CalendarView {
    var rootWidget: Widget { root }

    /// The week holding the selected day (else the day selected last, else today), or 3 or 1
    /// days in a narrow window, kept while they hold the selection.
    func span(for store: CalendarStore) -> DaySpan {
        DaySpan.weekView(columns: columnCount, day: store.selection ?? store.today, firstWeekday: store.firstWeekday,
                         shown: state?.span)
    }

    func render(_ context: CalendarViewContext) {
        let store = context.store
        let span = span(for: store)
        render(WeekViewState(span: span, selection: store.selection, selectedPlan: context.selectedPlan,
                             today: store.today, slice: store.slice(of: span), style: context.style))
    }

    func plansChanged(_ context: CalendarViewContext) { render(context) }
}
