import CalendarModel
import GtkKit

/// What a view of days is handed to draw: the shared store's state and how plans look.
@MainActor
struct CalendarViewContext {
    let store: CalendarStore
    /// Colours and calendar names of the plans (one per render).
    let style: PlanRowStyle
    /// The plan clicked last (the time grids draw it selected).
    let selectedPlan: Plan.ID?
}

/// The header's words for what a view shows: its title (and a shorter one, asked only when
/// the header has no room) and the names of its paging buttons.
struct ViewTitle {
    let text: String
    let shortText: () -> String
    /// "Previous month", "Previous week"…: the paging buttons' tooltips and spoken names.
    let previous: String
    let next: String
}

/// A view that shows days: the month grid, the week and day time grids. The coordinator
/// holds them by kind and talks to the one shown only through this; each reports the user's
/// actions to its own delegate (the coordinator, given in `report(to:)`). A new view is a
/// folder with its widget and its conformance, a `CalendarViewKind` case, and one entry in
/// `MainWindow`'s list of views (docs/architecture.md, "Adding a view").
@MainActor
protocol CalendarView: AnyObject {
    var kind: CalendarViewKind { get }
    var rootWidget: Widget { get }
    var formatter: CalendarFormatter { get set }
    /// Makes the coordinator its delegate (once, as the coordinator is made).
    func report(to coordinator: CalendarCoordinator)
    /// The days it shows for the store's state now (and its own width).
    func span(for store: CalendarStore) -> DaySpan
    /// The header's title and paging names for the store's state now.
    func title(for store: CalendarStore, formatter: CalendarFormatter) -> ViewTitle
    /// Previous (-1) or Next (1) in the header: moves the store by a page of this view.
    func page(_ store: CalendarStore, by pages: Int)
    /// Page Up / Page Down: like `page`, unless the view moves the selected day instead.
    func pageSelection(_ store: CalendarStore, by pages: Int)
    /// Whether it always shows a selected day (Escape then keeps it; showing it selects one).
    var needsSelection: Bool { get }
    /// Shows the selection, today and the plans of its span.
    func render(_ context: CalendarViewContext)
    /// The plans or calendars changed: draw them again (batched before the next frame where possible).
    func plansChanged(_ context: CalendarViewContext)
    /// Draws at once what changed since it last drew: it is shown again after another view
    /// was, or a batch of calendars came or went and the next frame must show them.
    func drawChangesNow(_ context: CalendarViewContext)
    /// Hidden views drawn once the window is idle while this one is shown, so that switching
    /// to them only shows them.
    var viewsToPrepare: [CalendarViewKind] { get }
    /// The months whose plans to index on another thread while it is shown: where paging goes next.
    func monthsToPrepare(for store: CalendarStore) -> [YearMonth]
    /// The width the window leaves the views changed.
    func setAvailableWidth(_ width: Int)
    /// Puts the keyboard focus on the selected day (or its first plan).
    func focusBestCell()
}

extension CalendarView {
    func pageSelection(_ store: CalendarStore, by pages: Int) { page(store, by: pages) }
    func drawChangesNow(_ context: CalendarViewContext) {}
    var viewsToPrepare: [CalendarViewKind] { [] }
    func setAvailableWidth(_ width: Int) {}

    /// The months of the spans a page either side of `span`.
    static func monthsAround(_ span: DaySpan) -> [YearMonth] {
        let pages = [span.first.adding(days: span.count), span.first.adding(days: -span.count)]
        var months: [YearMonth] = []
        for first in pages {
            for month in [first.yearMonth, first.adding(days: span.count - 1).yearMonth] where !months.contains(month) {
                months.append(month)
            }
        }
        return months
    }
}
