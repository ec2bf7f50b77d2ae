import CalDAV
import CalendarEditing
import CalendarSync
@testable import FileSafety
import Foundation
import TestSupport
import XCTest

/// What every sync test needs on this side: a throwaway folder holding the local calendar
/// file (`work.ics`) and its sync state, and ways to write, read and edit that file.
class LocalCalendarTestCase: XCTestCase {
    var folder: URL!
    let utc = TimeZone(identifier: "UTC")!

    override func setUpWithError() throws {
        folder = try TestEnvironment.makeFolder("koyomi-sync")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    var calendarPath: String { folder.appendingPathComponent("work.ics").path }

    /// The local calendar file with `events` (replacing any earlier one).
    func makeLocalCalendar(events: [(uid: String, summary: String)]) throws {
        let body = events.map { event in
            "BEGIN:VEVENT\r\nUID:\(event.uid)\r\nDTSTAMP:20261129T120000Z\r\nDTSTART:20261201T100000Z\r\n"
                + "DTEND:20261201T110000Z\r\nSUMMARY:\(event.summary)\r\nEND:VEVENT\r\n"
        }.joined()
        try Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\nX-WR-CALNAME:Work\r\n" + body
                  + "END:VCALENDAR\r\n").utf8).write(to: URL(fileURLWithPath: calendarPath))
    }

    func local() throws -> CalendarDocument {
        try CalendarDocument.load(path: calendarPath, timeZone: utc).document
    }

    func editLocally(_ body: (inout CalendarDocument) throws -> Void) throws {
        let file = try CalendarFile(path: calendarPath, timeZone: utc, writer: AtomicFileWriter())
        try file.modify(body)
    }

    func title(_ uid: String, in document: CalendarDocument) -> String? {
        document.snapshot(uid: uid).componentTexts.first.flatMap { text in
            text.components(separatedBy: .newlines).first { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst(8)) }
        }
    }

    /// UID → resource text of every plan in `calendar` on the server.
    func serverTexts(of calendar: URL, client: CalDAVClient) async throws -> [String: String] {
        let etags = try await client.listETags(calendar: calendar)
        let objects = try await client.fetch(calendar: calendar, hrefs: etags.map(\.href))
        var byUID: [String: String] = [:]
        for object in objects {
            let document = try CalendarDocument(text: object.icsText, timeZone: utc)
            for uid in document.eventUIDs { byUID[uid] = object.icsText }
        }
        return byUID
    }

    /// Another device's change, straight to the server with the ETag it holds.
    func changeOnServer(_ uid: String, summary: String, in calendar: URL, client: CalDAVClient) async throws {
        let etags = try await client.listETags(calendar: calendar)
        let objects = try await client.fetch(calendar: calendar, hrefs: etags.map(\.href))
        let object = try XCTUnwrap(objects.first { $0.icsText.contains("UID:\(uid)") })
        let text = object.icsText.replacingOccurrences(of: #"SUMMARY:[^\r\n]*"#, with: "SUMMARY:\(summary)",
                                                       options: .regularExpression)
        _ = try await client.update(href: object.href, ics: text, etag: object.etag)
    }
}

/// The same against a real Radicale started per test: alice's calendar "work".
class RadicaleSyncTestCase: LocalCalendarTestCase {
    var server: RadicaleServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try RadicaleServer()
    }

    override func tearDown() {
        server?.stop()
        super.tearDown()
    }

    var client: CalDAVClient {
        CalDAVClient(baseURL: server.baseURL, user: "alice", password: "secret", timeout: 10)
    }

    var collection: URL { server.calendarURL("work") }

    func syncer() -> CalendarSyncer {
        CalendarSyncer(client: client, collection: collection, calendarPath: calendarPath,
                       statePath: folder.appendingPathComponent("sync/work.json").path, timeZone: utc)
    }

    /// A syncer of the calendar `name` that talks to the server through `proxy`.
    func syncer(of name: String, through proxy: FaultProxy, timeout: TimeInterval = 10) -> CalendarSyncer {
        CalendarSyncer(client: CalDAVClient(baseURL: proxy.baseURL, user: "alice", password: "secret", timeout: timeout),
                       collection: proxy.baseURL.appendingPathComponent("alice/\(name)/"), calendarPath: calendarPath,
                       statePath: folder.appendingPathComponent("sync/\(name).json").path, timeZone: utc)
    }

    func makeCalendar(events: [(uid: String, summary: String)] = []) async throws {
        try await server.makeCalendar("work", displayName: "Work", color: "#e66100")
        try makeLocalCalendar(events: events)
    }

    func serverTexts(of calendar: URL? = nil) async throws -> [String: String] {
        try await serverTexts(of: calendar ?? collection, client: client)
    }

    func changeOnServer(_ uid: String, summary: String) async throws {
        try await changeOnServer(uid, summary: summary, in: collection, client: client)
    }
}
