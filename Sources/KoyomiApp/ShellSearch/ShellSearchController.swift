import CalendarModel
import Foundation
import GtkKit

/// Koyomi's plans in GNOME Shell's overview search (`org.gnome.Shell.SearchProvider2`).
///
/// Queries are answered from the window's store with the in-app search's index and folding
/// (`SearchSession`: case, accents, kana), upcoming plans first, then the most recent past
/// ones. The index is built on the first query and dropped when the plans, the calendars or
/// today change. Started by D-Bus activation for a search, Koyomi opens the calendars without
/// presenting the window (`openCalendars`) and answers once they are read.
@MainActor
final class ShellSearchController: ShellSearchProviding {
    /// The object path the installed `.search-provider.ini` names.
    nonisolated static let objectPath = "/app/koyomi/Koyomi/SearchProvider"
    /// Results handed to the Shell per query (it shows a handful; a longer query narrows).
    static let resultLimit = 100

    /// The window's controller, opening the calendars (hidden) if there is none yet.
    private let controller: @MainActor () -> WindowController
    /// Presents the window (building it if needed).
    private let present: @MainActor () -> Void
    private var session: SearchSession?
    private var observation: StoreObservation?
    private var isBuilding = false
    private var waiting: [@MainActor (SearchSession) -> Void] = []
    /// The results of the last queries by id: the metas and activations asked for next.
    private var known: [String: SearchResult] = [:]

    init(controller: @escaping @MainActor () -> WindowController, present: @escaping @MainActor () -> Void) {
        self.controller = controller
        self.present = present
    }

    /// A stable id for a plan occurrence: its calendar, UID and recurrence id.
    static func id(of plan: Plan) -> String {
        [plan.calendarID.rawValue, plan.id.uid, plan.id.occurrence ?? ""].joined(separator: "\n")
    }

    // MARK: ShellSearchProviding

    func initialResults(for terms: [String], reply: @escaping @MainActor ([String]) -> Void) {
        withSession { [weak self] session in
            reply(self?.search(session, terms) ?? [])
        }
    }

    func subsearchResults(previous: [String], terms: [String], reply: @escaping @MainActor ([String]) -> Void) {
        withSession { [weak self] session in
            guard let self else { return reply([]) }
            let found = self.search(session, terms)
            // A full previous list may have been cut at the limit: only a shorter one narrows.
            guard previous.count < Self.resultLimit else { return reply(found) }
            let earlier = Set(previous)
            reply(found.filter { earlier.contains($0) })
        }
    }

    func resultMetas(for ids: [String], reply: @escaping @MainActor ([ShellSearchResultMeta]) -> Void) {
        withSession { [weak self] session in
            guard let self else { return reply([]) }
            let store = self.controller().store
            let formatter = self.controller().coordinator.formatter
            let calendars = Dictionary(store.calendars.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            reply(ids.compactMap { id in
                guard let result = self.result(for: id, in: session) else { return nil }
                let row = SearchResultRow(result, calendar: calendars[result.plan.calendarID], formatter: formatter)
                let description = row.calendarName.isEmpty ? row.detailText : row.detailText + " · " + row.calendarName
                return ShellSearchResultMeta(id: id, name: row.title, description: description,
                                             iconName: KoyomiApplication.applicationID)
            })
        }
    }

    func activateResult(_ id: String, terms: [String], timestamp: UInt32) {
        present()
        withSession { [weak self] session in
            guard let self, let result = self.result(for: id, in: session) else { return }
            let controller = self.controller()
            controller.whenLoaded { [weak controller] in
                controller?.showPlan(result.plan)
                controller?.coordinator.selectedPlan = result.plan.id
            }
        }
    }

    func launchSearch(terms: [String], timestamp: UInt32) {
        present()
        let window = controller().mainWindow
        window.openSearch()
        window.searchEntry.text = terms.joined(separator: " ")
    }

    // MARK: Index

    private func search(_ session: SearchSession, _ terms: [String]) -> [String] {
        let results = session.searchUpcomingFirst(terms, limit: Self.resultLimit)
        known = [:]
        return results.map { result in
            let id = Self.id(of: result.plan)
            known[id] = result
            return id
        }
    }

    private func result(for id: String, in session: SearchSession) -> SearchResult? {
        if let result = known[id] { return result }
        return session.index.firstPosition(where: { Self.id(of: $0) == id }).map { session.index.result(at: $0) }
    }

    /// Runs `body` with a session over the store's plans once every calendar is read: at once
    /// when the index is built, else after building it (off the main thread when large).
    private func withSession(_ body: @escaping @MainActor (SearchSession) -> Void) {
        if let session { return body(session) }
        waiting.append(body)
        guard !isBuilding else { return }
        isBuilding = true
        let controller = self.controller()
        if observation == nil {
            observation = controller.store.observe { [weak self] change in
                guard let self, !change.isDisjoint(with: [.plans, .calendars, .today]) else { return }
                self.session = nil
                self.known = [:]
            }
        }
        controller.whenLoaded { [weak self, weak controller] in
            guard let self, let store = controller?.store else { return }
            let entries = store.searchablePlans()
            let (today, calendar) = (store.today, store.calendar)
            let finish: @MainActor (SearchIndex) -> Void = { [weak self] index in
                guard let self else { return }
                let session = SearchSession(index: index)
                self.session = session
                self.isBuilding = false
                let waiting = self.waiting
                self.waiting = []
                waiting.forEach { $0(session) }
            }
            if entries.count < SearchController.backgroundBuildThreshold {
                finish(SearchIndex(entries: entries, today: today, calendar: calendar))
            } else {
                MainLoop.runInBackground({ SearchIndex(entries: entries, today: today, calendar: calendar) }, then: finish)
            }
        }
    }
}
