import CalDAV
import CalendarSync
import Foundation
import TestSupport
import XCTest

/// The sync checks every server besides Radicale goes through (issue 15): both directions with
/// removals, a conflict settled each way, and faults during uploads, with nothing lost or
/// duplicated after a clean resync. A subclass starts its server in `setUpWithError` and calls
/// each check from a test of its own (XCTest on Linux finds only the tests a class declares).
class OtherServerSyncTestCase: LocalCalendarTestCase {
    var server: (any CalDAVTestServer)!

    override func tearDown() {
        server?.stop()
        super.tearDown()
    }

    func client(_ base: URL? = nil) -> CalDAVClient {
        CalDAVClient(baseURL: base ?? server.baseURL, user: server.user, password: server.password, timeout: 10)
    }

    func syncer(_ name: String? = nil, through proxy: FaultProxy? = nil) -> CalendarSyncer {
        let name = name ?? server.defaultCalendar
        let base = proxy?.baseURL ?? server.baseURL
        return CalendarSyncer(client: client(base), collection: base.appendingPathComponent(server.calendarPath(name)),
                              calendarPath: calendarPath, statePath: statePath(name), timeZone: utc)
    }

    func statePath(_ name: String? = nil) -> String {
        folder.appendingPathComponent("sync/\(name ?? server.defaultCalendar).json").path
    }

    func remote(_ name: String? = nil) async throws -> [String: String] {
        try await serverTexts(of: server.calendarURL(name ?? server.defaultCalendar), client: client())
    }

    func changeOnServer(_ uid: String, summary: String) async throws {
        try await changeOnServer(uid, summary: summary, in: server.calendarURL(server.defaultCalendar), client: client())
    }

    func title(_ uid: String) throws -> String? { title(uid, in: try local()) }

    /// `afterFirstSync` runs once the first sync has sent both plans (a server's own checks).
    func checkPlansGoBothWaysWithRemovals(afterFirstSync: () throws -> Void = {}) async throws {
        let calendar = server.calendarURL(server.defaultCalendar)
        try makeLocalCalendar(events: [("a", "Dentist"), ("b", "Review")])
        _ = try await syncer().sync()
        try afterFirstSync()
        let first = try await remote()
        XCTAssertEqual(first.keys.sorted(), ["a", "b"])

        _ = try await client().create(calendar: calendar, name: "c.ics", ics: eventICS(uid: "c", summary: "From the phone"))
        try await changeOnServer("a", summary: "Dentist (moved)")
        try editLocally { $0.replaceEvent(uid: "b", with: nil) }
        let report = try await syncer().sync()
        XCTAssertTrue(report.conflicts.isEmpty, "\(report.conflicts)")
        XCTAssertEqual(try local().eventUIDs.sorted(), ["a", "c"])
        XCTAssertEqual(try title("a"), "Dentist (moved)")
        XCTAssertEqual(try title("c"), "From the phone")
        let after = try await remote()
        XCTAssertEqual(after.keys.sorted(), ["a", "c"], "the removal reached the server")

        let etags = try await client().listETags(calendar: calendar)
        let objects = try await client().fetch(calendar: calendar, hrefs: etags.map(\.href))
        let c = try XCTUnwrap(objects.first { $0.icsText.contains("UID:c") })
        try await client().delete(href: c.href, etag: c.etag)
        _ = try await syncer().sync()
        XCTAssertEqual(try local().eventUIDs, ["a"], "a removal there is made here")
        let settled = try await syncer().sync()
        XCTAssertEqual(settled.sent + settled.received, 0, "nothing moves when nothing changed")
    }

    func checkAConflictIsSettledEachWay() async throws {
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

    func checkFaultsDuringUploadsLoseNothingAndDuplicateNothing() async throws {
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
