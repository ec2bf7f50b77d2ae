import CalendarModel
import Foundation
import GtkKit

/// Search over every plan: the window's search bar feeds queries to a `SearchSession` over an
/// index of the store's sources, the results replace the plan list, and activating one pages
/// the store to its day.
///
/// The index is built on the first query after the bar opens and dropped whenever the plans,
/// the calendars or today change (it measures distances from today).
@MainActor
final class SearchController: SearchResultsViewDelegate {
    /// How many results get a row; the rest are counted (a longer query narrows them).
    static let rowLimit = 50
    /// From this many plans on, the index is folded and sorted on a background thread
    /// (about 2 ms per 1,000 plans in a release build), so opening search never stalls a frame.
    nonisolated static let backgroundBuildThreshold = 5_000

    private let store: CalendarStore
    private let surface: any SearchSurface
    private var formatter: CalendarFormatter
    private var session: SearchSession?
    /// Counts index builds, so a background build that finishes after the plans changed again
    /// is dropped.
    private var generation = 0
    private var isBuilding = false
    private var observation: StoreObservation?
    /// Told when the bar opens, so a collapsed plan panel can make room for the results.
    var didOpen: (@MainActor () -> Void)?
    /// Told when the bar closes, so the plan list and its handle show the day again.
    var didClose: (@MainActor () -> Void)?
    /// Told when results change, with the text for the panel's handle.
    var didUpdateSummary: (@MainActor (String) -> Void)?
    private(set) var results = SearchResults.empty

    init(store: CalendarStore, surface: any SearchSurface, formatter: CalendarFormatter) {
        self.store = store
        self.surface = surface
        self.formatter = formatter
        surface.searchResults.delegate = self
        surface.searchEntry.onSearchChanged { [weak self] in self?.run() }
        surface.searchEntry.onActivate { [weak self] in self?.surface.searchResults.activateRow(at: 0) }
        surface.searchBar.onSearchModeChanged { [weak self] open in self?.searchModeChanged(open) }
        observation = store.observe { [weak self] change in
            guard let self, !change.isDisjoint(with: [.plans, .calendars, .today]) else { return }
            self.session = nil
            self.generation += 1
            self.isBuilding = false
            if self.isOpen { self.run() }
        }
    }

    var isOpen: Bool { surface.searchBar.isSearchMode }

    /// New locale or time zone: result rows are formatted again.
    func replaceFormatter(_ newFormatter: CalendarFormatter) {
        formatter = newFormatter
        if isOpen { run() }
    }

    /// Runs the entry's current text as a query and shows what it found.
    func run() {
        guard isOpen else { return }
        let query = surface.searchEntry.text
        guard let session = self.session ?? buildSession() else {
            // TRANSLATORS: in the results list while a large calendar's search index is being built.
            surface.searchResults.render([], emptyText: L("Preparing the search…"), summary: "")
            return
        }
        results = session.search(query, limit: Self.rowLimit)
        let calendars = Dictionary(store.calendars.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let rows = results.items.map {
            SearchResultRow($0, calendar: calendars[$0.plan.calendarID], formatter: formatter)
        }
        let blank = query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        // TRANSLATORS: in the results list while the search field is still empty.
        let emptyText = blank ? L("Type to search the plans of every date")
            // TRANSLATORS: in the results list when no plan matches what was typed.
            : L("No plans match the search")
        let count = formatter.planCountText(results.totalCount)
        surface.searchResults.render(rows, emptyText: emptyText, summary: count)
        // TRANSLATORS: the plan panel's handle while searching, before the number of plans found.
        didUpdateSummary?(blank ? L("Search") : CalendarCoordinator.handleTitle(L("Search"), count))
    }

    /// A session over a new index: built here for a small calendar, else started on a
    /// background thread (nil until it arrives; `run()` is called again then).
    private func buildSession() -> SearchSession? {
        guard !isBuilding else { return nil }
        // Sources are read on this thread (they are not thread-safe); folding and sorting,
        // the bulk of the work, can happen anywhere.
        let entries = store.searchablePlans()
        let today = store.today
        let calendar = store.calendar
        if entries.count < Self.backgroundBuildThreshold {
            session = SearchSession(index: SearchIndex(entries: entries, today: today, calendar: calendar))
            return session
        }
        isBuilding = true
        let expected = generation
        MainLoop.runInBackground({ SearchIndex(entries: entries, today: today, calendar: calendar) }) { [weak self] index in
            guard let self, self.generation == expected else { return }
            self.isBuilding = false
            self.session = SearchSession(index: index)
            self.run()
        }
        return nil
    }

    // MARK: SearchResultsViewDelegate

    func searchResults(_ view: SearchResultsView, didActivate row: SearchResultRow) {
        surface.closeSearch()
        store.show(row.day)
        surface.focusShownView()
    }

    private func searchModeChanged(_ open: Bool) {
        surface.showSearchResults(open)
        if open {
            didOpen?()
            run()
        } else {
            surface.searchEntry.text = ""
            results = .empty
            didClose?()
            // The field is gone: give the keyboard back to the view shown.
            if surface.searchEntry.containsFocus || surface.searchResults.root.containsFocus { surface.focusShownView() }
        }
    }
}
