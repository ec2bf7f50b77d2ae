import CalDAV
import CalendarSync
import Foundation
import ICalendar
import TestSupport
import XCTest

/// The sync against a third real server, SabreDAV 1.8 (issue 15): the engine of older Baïkal
/// and ownCloud, with no `sync-collection`, so every sync compares ETags. Discovery from the
/// server's root, both directions with removals, a conflict settled each way, and faults
/// during uploads: nothing lost or duplicated after a clean resync.
final class SabreDAVSyncTests: LocalCalendarTestCase {
    private var server: SabreDAVServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try SabreDAVServer()
    }

    override func tearDown() {
        server?.stop()
        super.tearDown()
    }

    private func client(_ base: URL? = nil) -> CalDAVClient {
        CalDAVClient(baseURL: base ?? server.baseURL, user: SabreDAVServer.user, password: SabreDAVServer.password, timeout: 10)
    }

    private func syncer(_ name: String = "work", through proxy: FaultProxy? = nil) -> CalendarSyncer {
        let base = proxy?.baseURL ?? server.baseURL
        return CalendarSyncer(client: client(base), collection: base.appendingPathComponent("calendars/test/\(name)/"),
                              calendarPath: calendarPath, statePath: folder.appendingPathComponent("sync/\(name).json").path,
                              timeZone: utc)
    }

    private func remote(_ name: String = "work") async throws -> [String: String] {
        try await serverTexts(of: server.calendarURL(name), client: client())
    }

    private func changeOnServer(_ uid: String, summary: String) async throws {
        try await changeOnServer(uid, summary: summary, in: server.calendarURL("work"), client: client())
    }

    private func title(_ uid: String) throws -> String? { title(uid, in: try local()) }

    func testDiscoveryFindsTheUsersCalendars() async throws {
        try await server.makeCalendar("home")
        let found = try await client().discover(from: server.baseURL)
        XCTAssertEqual(Set(found.map { $0.url.lastPathComponent }), ["work", "home"], "\(found)")
        XCTAssertEqual(found.first { $0.url.lastPathComponent == "work" }?.displayName, "Work")
        XCTAssertEqual(found.first { $0.url.lastPathComponent == "work" }?.color?.lowercased().prefix(7), "#3584e4")
    }

    func testPlansGoBothWaysWithRemovalsByComparingETags() async throws {
        try makeLocalCalendar(events: [("a", "Dentist"), ("b", "Review")])
        _ = try await syncer().sync()
        let state = try SyncState.load(path: folder.appendingPathComponent("sync/work.json").path,
                                       collection: server.calendarURL("work"))
        XCTAssertNil(state.syncToken, "no sync-collection here: every sync compares ETags")
        XCTAssertEqual(state.resources.keys.sorted(), ["a", "b"])
        let first = try await remote()
        XCTAssertEqual(first.keys.sorted(), ["a", "b"])

        _ = try await client().create(calendar: server.calendarURL("work"), name: "c.ics",
                                      ics: eventICS(uid: "c", summary: "From the phone"))
        try await changeOnServer("a", summary: "Dentist (moved)")
        try editLocally { $0.replaceEvent(uid: "b", with: nil) }
        let report = try await syncer().sync()
        XCTAssertTrue(report.conflicts.isEmpty, "\(report.conflicts)")
        XCTAssertEqual(try local().eventUIDs.sorted(), ["a", "c"])
        XCTAssertEqual(try title("a"), "Dentist (moved)")
        XCTAssertEqual(try title("c"), "From the phone")
        let after = try await remote()
        XCTAssertEqual(after.keys.sorted(), ["a", "c"], "the removal reached the server")

        let etags = try await client().listETags(calendar: server.calendarURL("work"))
        let objects = try await client().fetch(calendar: server.calendarURL("work"), hrefs: etags.map(\.href))
        let c = try XCTUnwrap(objects.first { $0.icsText.contains("UID:c") })
        try await client().delete(href: c.href, etag: c.etag)
        _ = try await syncer().sync()
        XCTAssertEqual(try local().eventUIDs, ["a"], "a removal there is made here")
        let settled = try await syncer().sync()
        XCTAssertEqual(settled.sent + settled.received, 0, "nothing moves when nothing changed")
    }

    func testAConflictIsSettledEachWay() async throws {
        try makeLocalCalendar(events: [("a", "Dentist"), ("b", "Review"), ("c", "Lunch")])
        _ = try await syncer().sync()
        for uid in ["a", "b", "c"] {
            try await changeOnServer(uid, summary: "\(uid) theirs")
            try editLocally { try $0.updateEvent(uid: uid, [.title("\(uid) mine")], now: Date()) }
        }
        let report = try await syncer().sync()
        XCTAssertEqual(Set(report.conflicts.map(\.uid)), ["a", "b", "c"])
        try await syncer().resolve("a", keeping: .mine)
        try await syncer().resolve("b", keeping: .theirs)
        try await syncer().resolve("c", keeping: .both)
        let after = try await syncer().sync()
        XCTAssertTrue(after.conflicts.isEmpty, "\(after.conflicts)")
        let stored = try await remote()
        XCTAssertTrue(stored["a"]?.contains("SUMMARY:a mine") == true)
        XCTAssertEqual(try title("b"), "b theirs")
        XCTAssertEqual(try title("c"), "c theirs")
        XCTAssertEqual(Set(stored.keys), Set(try local().eventUIDs), "the copy kept by Keep Both is there too")
        XCTAssertEqual(stored.count, 4)
    }

    func testFaultsDuringUploadsLoseNothingAndDuplicateNothing() async throws {
        let plans = (1...6).map { (uid: "p\($0)", summary: "Plan \($0)") }
        for fault in ["reset", "half", "503"] {
            let name = "fault-\(fault)"
            try await server.makeCalendar(name)
            try makeLocalCalendar(events: plans)
            let proxy = try FaultProxy(to: server.baseURL, faults: [.init("PUT", 3, fault)])
            defer { proxy.stop() }
            do {
                _ = try await syncer(name, through: proxy).sync()
                XCTFail("\(fault): the third upload failed, the sync cannot have succeeded")
            } catch let error as CalDAVError {
                XCTAssertFalse(error.description.contains("Domain"), "\(fault): \(error.description)")
            }
            let report = try await syncer(name, through: proxy).sync()
            XCTAssertTrue(report.conflicts.isEmpty, "\(fault): \(report.conflicts)")
            let etags = try await client().listETags(calendar: server.calendarURL(name))
            XCTAssertEqual(etags.count, 6, "\(fault): each plan once on the server")
            let stored = try await remote(name)
            XCTAssertEqual(stored.keys.sorted(), plans.map(\.uid))
            XCTAssertEqual(try local().eventUIDs.sorted(), plans.map(\.uid))
        }
    }
}
