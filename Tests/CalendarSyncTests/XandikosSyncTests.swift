import CalDAV
import CalendarSync
import Foundation
import ICalendar
import TestSupport
import XCTest

/// The sync against a second real server, Xandikos (issue 15): it stores what it is sent in a
/// git repository and words its answers differently from Radicale. Discovery, both directions
/// with removals, a conflict settled each way, and faults during uploads.
final class XandikosSyncTests: XCTestCase {
    private var server: XandikosServer!
    private var folder: URL!
    private let utc = TimeZone(identifier: "UTC")!

    override func setUpWithError() throws {
        server = try XandikosServer()
        folder = try TestEnvironment.makeFolder("koyomi-xandikos-sync")
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    private func client(_ base: URL? = nil) -> CalDAVClient {
        CalDAVClient(baseURL: base ?? server.baseURL, user: "alice", password: "unused", timeout: 10)
    }

    private var calendarPath: String { folder.appendingPathComponent("work.ics").path }

    private func syncer(_ name: String = "calendar", through proxy: FaultProxy? = nil) -> CalendarSyncer {
        let base = proxy?.baseURL ?? server.baseURL
        return CalendarSyncer(client: client(base), collection: base.appendingPathComponent("alice/calendars/\(name)/"),
                              calendarPath: calendarPath, statePath: folder.appendingPathComponent("sync/\(name).json").path,
                              timeZone: utc)
    }

    private func writeLocal(_ events: [(uid: String, summary: String)]) throws {
        let body = events.map {
            "BEGIN:VEVENT\r\nUID:\($0.uid)\r\nDTSTAMP:20261129T120000Z\r\nDTSTART:20261201T100000Z\r\n"
                + "DTEND:20261201T110000Z\r\nSUMMARY:\($0.summary)\r\nEND:VEVENT\r\n"
        }.joined()
        try Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\n" + body + "END:VCALENDAR\r\n").utf8)
            .write(to: URL(fileURLWithPath: calendarPath))
    }

    private func local() throws -> CalendarDocument { try CalendarDocument.load(path: calendarPath, timeZone: utc).document }

    private func editLocally(_ body: (inout CalendarDocument) throws -> Void) throws {
        try CalendarFile(path: calendarPath, timeZone: utc, writer: AtomicFileWriter()).modify(body)
    }

    /// UID → text of every resource in the calendar.
    private func remote(_ name: String = "calendar") async throws -> [String: String] {
        let calendar = server.calendarURL(name)
        let etags = try await client().listETags(calendar: calendar)
        var byUID: [String: String] = [:]
        for object in try await client().fetch(calendar: calendar, hrefs: etags.map(\.href)) {
            guard let line = object.icsText.components(separatedBy: .newlines).first(where: { $0.hasPrefix("UID:") }) else { continue }
            byUID[String(line.dropFirst(4))] = object.icsText
        }
        return byUID
    }

    private func changeOnServer(_ uid: String, summary: String, in name: String = "calendar") async throws {
        let calendar = server.calendarURL(name)
        let etags = try await client().listETags(calendar: calendar)
        let objects = try await client().fetch(calendar: calendar, hrefs: etags.map(\.href))
        let object = try XCTUnwrap(objects.first { $0.icsText.contains("UID:\(uid)") })
        let text = object.icsText.replacingOccurrences(of: #"SUMMARY:[^\r\n]*"#, with: "SUMMARY:\(summary)",
                                                       options: .regularExpression)
        _ = try await client().update(href: object.href, ics: text, etag: object.etag)
    }

    private func title(_ uid: String) throws -> String? {
        try local().snapshot(uid: uid).componentTexts.first.flatMap { text in
            text.components(separatedBy: .newlines).first { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst(8)) }
        }
    }

    func testDiscoveryFindsAlicesCalendars() async throws {
        try await server.makeCalendar("work")
        let found = try await client().discover(from: server.baseURL)
        XCTAssertEqual(Set(found.map { $0.url.lastPathComponent }), ["calendar", "work"], "\(found)")
    }

    func testPlansGoBothWaysWithRemovals() async throws {
        try writeLocal([("a", "Dentist"), ("b", "Review")])
        _ = try await syncer().sync()
        let first = try await remote()
        XCTAssertEqual(first.keys.sorted(), ["a", "b"])

        _ = try await client().create(calendar: server.calendarURL("calendar"), name: "c.ics",
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

        let etags = try await client().listETags(calendar: server.calendarURL("calendar"))
        let objects = try await client().fetch(calendar: server.calendarURL("calendar"), hrefs: etags.map(\.href))
        let c = try XCTUnwrap(objects.first { $0.icsText.contains("UID:c") })
        try await client().delete(href: c.href, etag: c.etag)
        _ = try await syncer().sync()
        XCTAssertEqual(try local().eventUIDs, ["a"], "a removal there is made here")
        let settled = try await syncer().sync()
        XCTAssertEqual(settled.sent + settled.received, 0)
    }

    func testAConflictIsSettledEachWay() async throws {
        try writeLocal([("a", "Dentist"), ("b", "Review"), ("c", "Lunch")])
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
        let server = try await remote()
        XCTAssertTrue(server["a"]?.contains("SUMMARY:a mine") == true)
        XCTAssertEqual(try title("b"), "b theirs")
        XCTAssertEqual(try title("c"), "c theirs")
        XCTAssertEqual(Set(server.keys), Set(try local().eventUIDs), "the copy kept by Keep Both is there too")
        XCTAssertEqual(server.count, 4)
    }

    func testFaultsDuringUploadsLoseNothingAndDuplicateNothing() async throws {
        let plans = (1...6).map { (uid: "p\($0)", summary: "Plan \($0)") }
        for fault in ["reset", "half", "503"] {
            let name = "fault-\(fault)"
            try await server.makeCalendar(name)
            try writeLocal(plans)
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
