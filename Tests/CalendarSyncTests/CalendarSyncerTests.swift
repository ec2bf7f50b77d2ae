import CalDAV
import CalendarSync
import Foundation
import ICalendar
import TestSupport
import XCTest

/// The sync engine against a real Radicale: both directions, conflicts and each way out of
/// them, a refused sync token, an upload whose answer was lost, and a server that dies.
final class CalendarSyncerTests: XCTestCase {
    private var server: RadicaleServer!
    private var folder: URL!
    private let utc = TimeZone(identifier: "UTC")!

    override func setUpWithError() throws {
        server = try RadicaleServer()
        folder = try TestEnvironment.makeFolder("koyomi-sync")
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: Fixtures

    private var client: CalDAVClient {
        CalDAVClient(baseURL: server.baseURL, user: "alice", password: "secret", timeout: 10)
    }

    private var collection: URL { server.calendarURL("work") }
    private var calendarPath: String { folder.appendingPathComponent("work.ics").path }

    private func syncer() -> CalendarSyncer {
        CalendarSyncer(client: client, collection: collection, calendarPath: calendarPath,
                       statePath: folder.appendingPathComponent("sync/work.json").path, timeZone: utc)
    }

    /// A syncer of the calendar `name` that talks to the server through `proxy`.
    private func syncer(of name: String, through proxy: FaultProxy, timeout: TimeInterval = 10) -> CalendarSyncer {
        CalendarSyncer(client: CalDAVClient(baseURL: proxy.baseURL, user: "alice", password: "secret", timeout: timeout),
                       collection: proxy.baseURL.appendingPathComponent("alice/\(name)/"), calendarPath: calendarPath,
                       statePath: folder.appendingPathComponent("sync/\(name).json").path, timeZone: utc)
    }

    private func makeCalendar(events: [(uid: String, summary: String)] = []) async throws {
        try await server.makeCalendar("work", displayName: "Work", color: "#e66100")
        try makeLocalCalendar(events: events)
    }

    /// The local calendar file with `events` (replacing any earlier one).
    private func makeLocalCalendar(events: [(uid: String, summary: String)]) throws {
        let body = events.map { event in
            "BEGIN:VEVENT\r\nUID:\(event.uid)\r\nDTSTAMP:20261129T120000Z\r\nDTSTART:20261201T100000Z\r\n"
                + "DTEND:20261201T110000Z\r\nSUMMARY:\(event.summary)\r\nEND:VEVENT\r\n"
        }.joined()
        try Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\nX-WR-CALNAME:Work\r\n" + body
                  + "END:VCALENDAR\r\n").utf8).write(to: URL(fileURLWithPath: calendarPath))
    }

    private func local() throws -> CalendarDocument {
        try CalendarDocument.load(path: calendarPath, timeZone: utc).document
    }

    private func editLocally(_ body: (inout CalendarDocument) throws -> Void) throws {
        let file = try CalendarFile(path: calendarPath, timeZone: utc, writer: AtomicFileWriter())
        try file.modify(body)
    }

    private func serverTexts(of calendar: URL? = nil) async throws -> [String: String] {
        let collection = calendar ?? collection
        let etags = try await client.listETags(calendar: collection)
        let objects = try await client.fetch(calendar: collection, hrefs: etags.map(\.href))
        var byUID: [String: String] = [:]
        for object in objects {
            let document = try CalendarDocument(text: object.icsText, timeZone: utc)
            for uid in document.eventUIDs { byUID[uid] = object.icsText }
        }
        return byUID
    }

    /// Another device's change, straight to the server with the ETag it holds.
    private func changeOnServer(_ uid: String, summary: String) async throws {
        let etags = try await client.listETags(calendar: collection)
        let objects = try await client.fetch(calendar: collection, hrefs: etags.map(\.href))
        let object = try XCTUnwrap(objects.first { $0.icsText.contains("UID:\(uid)") })
        let text = object.icsText.replacingOccurrences(of: #"SUMMARY:[^\r\n]*"#, with: "SUMMARY:\(summary)",
                                                       options: .regularExpression)
        _ = try await client.update(href: object.href, ics: text, etag: object.etag)
    }

    private func title(_ uid: String, in document: CalendarDocument) -> String? {
        document.snapshot(uid: uid).componentTexts.first.flatMap { text in
            text.components(separatedBy: .newlines).first { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst(8)) }
        }
    }

    // MARK: Tests

    func testLocalPlansGoUpAndServerChangesComeDownBothWays() async throws {
        try await makeCalendar(events: [("a", "Dentist"), ("b", "Review")])
        var report = try await syncer().sync()
        XCTAssertEqual(report.sent, 2)
        var remote = try await serverTexts()
        XCTAssertEqual(Set(remote.keys), ["a", "b"])
        report = try await syncer().sync()
        XCTAssertEqual(report, SyncReport(), "nothing changed: nothing moves")

        // Another device creates, changes and deletes.
        _ = try await client.create(calendar: collection, name: "c.ics", ics: eventICS(uid: "c", summary: "Concert"))
        try await changeOnServer("a", summary: "Dentist (moved)")
        let etags = try await client.listETags(calendar: collection)
        let objects = try await client.fetch(calendar: collection, hrefs: etags.map(\.href))
        let bHref = try XCTUnwrap(objects.first { $0.icsText.contains("UID:b") })
        try await client.delete(href: bHref.href, etag: bHref.etag)

        report = try await syncer().sync()
        XCTAssertEqual(report.received, 2)
        XCTAssertEqual(report.removedHere, 1)
        var document = try local()
        XCTAssertEqual(Set(document.eventUIDs), ["a", "c"])
        XCTAssertEqual(title("a", in: document), "Dentist (moved)")
        XCTAssertTrue(document.text.contains("X-WR-CALNAME:Work"), "the calendar's own lines stay")

        // And a local change goes up with If-Match.
        try editLocally { try $0.updateEvent(uid: "c", [.title("Concert (sold out)")], now: Date()) }
        report = try await syncer().sync()
        XCTAssertEqual(report.sent, 1)
        remote = try await serverTexts()
        XCTAssertTrue(remote["c"]?.contains("SUMMARY:Concert (sold out)") == true, remote["c"] ?? "")
        document = try local()
        XCTAssertEqual(title("c", in: document), "Concert (sold out)")
    }

    func testEditsOnBothSidesBecomeAConflictAndEachChoiceSettlesIt() async throws {
        try await makeCalendar(events: [("a", "Dentist"), ("b", "Review"), ("c", "Lunch")])
        _ = try await syncer().sync()
        for uid in ["a", "b", "c"] {
            try await changeOnServer(uid, summary: "\(uid) theirs")
            try editLocally { try $0.updateEvent(uid: uid, [.title("\(uid) mine")], now: Date()) }
        }
        let report = try await syncer().sync()
        XCTAssertEqual(Set(report.conflicts.map(\.uid)), ["a", "b", "c"])
        XCTAssertTrue(report.conflicts.allSatisfy { $0.kind == .bothChanged })
        var document = try local()
        XCTAssertEqual(title("a", in: document), "a mine", "nothing is overwritten before the user decides")
        var remote = try await serverTexts()
        XCTAssertTrue(remote["a"]?.contains("SUMMARY:a theirs") == true)

        try await syncer().resolve("a", keeping: .mine)
        try await syncer().resolve("b", keeping: .theirs)
        try await syncer().resolve("c", keeping: .both)
        let after = try await syncer().sync()
        XCTAssertTrue(after.conflicts.isEmpty, "\(after.conflicts)")

        document = try local()
        remote = try await serverTexts()
        XCTAssertEqual(title("a", in: document), "a mine")
        XCTAssertTrue(remote["a"]?.contains("SUMMARY:a mine") == true, "mine went to the server")
        XCTAssertEqual(title("b", in: document), "b theirs", "theirs came here")
        XCTAssertTrue(remote["b"]?.contains("SUMMARY:b theirs") == true)
        XCTAssertEqual(title("c", in: document), "c theirs")
        let copies = document.eventUIDs.filter { !["a", "b", "c"].contains($0) }
        XCTAssertEqual(copies.count, 1, "keeping both made one more plan")
        XCTAssertEqual(copies.first.flatMap { title($0, in: document) }, "c mine")
        XCTAssertEqual(Set(remote.keys), Set(document.eventUIDs), "and it reached the server too")
    }

    /// Removed here while another device changed it (issue 15): labelled "deleted here", named
    /// by its title; Keep Mine deletes it on the server (If-Match on the version seen) and the
    /// conflict does not come back; Keep Theirs brings the other device's version here.
    func testAPlanDeletedHereWhileChangedOnTheServerIsSettledEitherWay() async throws {
        try await makeCalendar(events: [("a", "Dentist"), ("b", "Review")])
        _ = try await syncer().sync()
        for uid in ["a", "b"] {
            try await changeOnServer(uid, summary: "\(uid) changed there")
            try editLocally { document in document.replaceEvent(uid: uid, with: nil) }
        }
        let report = try await syncer().sync()
        XCTAssertEqual(report.conflicts.map(\.kind), [.deletedHere, .deletedHere])
        XCTAssertEqual(Set(report.conflicts.map(\.title)), ["a changed there", "b changed there"],
                       "named by the title the server has, not the UID")

        try await syncer().resolve("a", keeping: .mine)
        try await syncer().resolve("b", keeping: .theirs)
        let after = try await syncer().sync()
        XCTAssertTrue(after.conflicts.isEmpty, "settled for good: \(after.conflicts)")
        let remote = try await serverTexts()
        XCTAssertNil(remote["a"], "keeping mine deleted it on the server")
        XCTAssertEqual(title("b", in: try local()), "b changed there", "keeping theirs brought it back here")
        XCTAssertTrue(remote["b"]?.contains("SUMMARY:b changed there") == true)
    }

    func testAPlanDeletedOnTheServerWhileEditedHereIsOfferedBack() async throws {
        try await makeCalendar(events: [("a", "Dentist")])
        _ = try await syncer().sync()
        let etags = try await client.listETags(calendar: collection)
        try await client.delete(href: etags[0].href, etag: etags[0].etag)
        try editLocally { try $0.updateEvent(uid: "a", [.title("Dentist (bring X-rays)")], now: Date()) }

        let report = try await syncer().sync()
        XCTAssertEqual(report.conflicts.map(\.kind), [.deletedOnServer])
        XCTAssertEqual(title("a", in: try local()), "Dentist (bring X-rays)", "the local edit is not dropped")

        try await syncer().resolve("a", keeping: .mine)
        _ = try await syncer().sync()
        let remote = try await serverTexts()
        XCTAssertTrue(remote["a"]?.contains("Dentist (bring X-rays)") == true, "kept: uploaded again")
    }

    /// The other resolutions of deleted-versus-changed (issue 15): deleted there and edited
    /// here, Keep Theirs removes it here for good and Keep Both uploads mine again; deleted here
    /// and changed there, Keep Both brings theirs back; Keep Mine when the server changed it
    /// once more after the conflict was shown deletes nothing and shows the newer version.
    func testEveryOtherWayOutOfDeletedVersusChanged() async throws {
        try await makeCalendar(events: [("a", "Dentist"), ("b", "Review"), ("c", "Lunch"), ("d", "Gym")])
        _ = try await syncer().sync()
        let etags = try await client.listETags(calendar: collection)
        let objects = try await client.fetch(calendar: collection, hrefs: etags.map(\.href))
        for uid in ["a", "b"] {
            let object = try XCTUnwrap(objects.first { $0.icsText.contains("UID:\(uid)") })
            try await client.delete(href: object.href, etag: object.etag)
            try editLocally { try $0.updateEvent(uid: uid, [.title("\(uid) edited here")], now: Date()) }
        }
        for uid in ["c", "d"] {
            try await changeOnServer(uid, summary: "\(uid) changed there")
            try editLocally { document in document.replaceEvent(uid: uid, with: nil) }
        }
        let report = try await syncer().sync()
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: report.conflicts.map { ($0.uid, $0.kind) }),
                       ["a": .deletedOnServer, "b": .deletedOnServer, "c": .deletedHere, "d": .deletedHere])

        try await syncer().resolve("a", keeping: .theirs)
        try await syncer().resolve("b", keeping: .both)
        try await syncer().resolve("c", keeping: .both)
        try await changeOnServer("d", summary: "d changed there again")
        try await syncer().resolve("d", keeping: .mine)
        let after = try await syncer().sync()
        let remote = try await serverTexts()
        let document = try local()
        XCTAssertFalse(document.eventUIDs.contains("a"), "theirs: removed here too")
        XCTAssertNil(remote["a"], "and not uploaded again")
        XCTAssertTrue(remote["b"]?.contains("SUMMARY:b edited here") == true, "both: mine uploaded again")
        XCTAssertEqual(title("c", in: document), "c changed there", "both: theirs brought back")
        XCTAssertEqual(after.conflicts.map(\.uid), ["d"], "a newer change there is shown again, not deleted")
        XCTAssertEqual(after.conflicts.first?.title, "d changed there again")
        XCTAssertTrue(remote["d"]?.contains("SUMMARY:d changed there again") == true, "nothing was lost on the server")
        let settled = try await syncer().sync()
        XCTAssertEqual(settled.conflicts.map(\.uid), ["d"], "it waits for the user; nothing else moves")
        XCTAssertEqual(settled.sent + settled.received, 0)
    }

    func testARefusedSyncTokenFallsBackToComparingETags() async throws {
        try await makeCalendar(events: [("a", "Dentist")])
        _ = try await syncer().sync()
        let statePath = folder.appendingPathComponent("sync/work.json").path
        var state = try SyncState.load(path: statePath, collection: collection)
        state.syncToken = "http://radicale.org/ns/sync/not-a-token"
        try state.save(path: statePath)
        try await changeOnServer("a", summary: "Dentist (moved)")

        let report = try await syncer().sync()
        XCTAssertTrue(report.usedFullListing)
        XCTAssertEqual(report.received, 1)
        XCTAssertEqual(title("a", in: try local()), "Dentist (moved)")
        let fresh = try SyncState.load(path: statePath, collection: collection).syncToken
        XCTAssertNotNil(fresh, "a new token came with the full listing")
        XCTAssertNotEqual(fresh, "http://radicale.org/ns/sync/not-a-token")
        let next = try await syncer().sync()
        XCTAssertFalse(next.usedFullListing, "so the next sync is incremental again")
    }

    func testAnUploadWhoseAnswerWasLostIsAdoptedNotDuplicated() async throws {
        try await makeCalendar(events: [("a", "Dentist")])
        // As if a first sync had uploaded "a" and died before saving its state.
        let text = try XCTUnwrap(try local().resourceText(uid: "a"))
        _ = try await client.create(calendar: collection, name: "a.ics", ics: text)

        let report = try await syncer().sync()
        XCTAssertTrue(report.conflicts.isEmpty, "\(report.conflicts)")
        let etags = try await client.listETags(calendar: collection)
        XCTAssertEqual(etags.count, 1, "one copy on the server, not two")
        XCTAssertEqual(try local().eventUIDs, ["a"])
    }

    /// A flaky server or network in the middle of a first sync of six plans (issue 15): an
    /// upload stored but its answer lost, an upload cut in half, 503, 507, 500. Each sync either
    /// finishes or fails in words; after a clean resync the server and the file hold the six
    /// plans once each, and nothing is in conflict.
    func testFaultsDuringUploadsLoseNothingAndDuplicateNothing() async throws {
        let plans = (1...6).map { (uid: "p\($0)", summary: "Plan \($0)") }
        for fault in ["reset", "half", "503", "507", "500"] {
            // A calendar of its own on the same server for each fault, and a fresh local file.
            let name = "fault-\(fault)"
            try await server.makeCalendar(name, displayName: name, color: nil)
            try makeLocalCalendar(events: plans)
            let proxy = try FaultProxy(to: server.baseURL, faults: [.init("PUT", 3, fault)])
            defer { proxy.stop() }
            let flaky = syncer(of: name, through: proxy)
            do {
                _ = try await flaky.sync()
                XCTFail("\(fault): the third upload failed, the sync cannot have succeeded")
            } catch let error as CalDAVError {
                XCTAssertFalse(error.description.contains("Domain"), "\(fault): \(error.description)")
            }
            let report = try await flaky.sync()
            XCTAssertTrue(report.conflicts.isEmpty, "\(fault): \(report.conflicts)")
            let remote = try await serverTexts(of: server.calendarURL(name))
            XCTAssertEqual(remote.keys.sorted(), plans.map(\.uid), "\(fault): each plan once on the server")
            let etags = try await client.listETags(calendar: server.calendarURL(name))
            XCTAssertEqual(etags.count, 6, "\(fault): no duplicate resource")
            XCTAssertEqual(try local().eventUIDs.sorted(), plans.map(\.uid), "\(fault): and each once here")
            let again = try await flaky.sync()
            XCTAssertEqual(again.sent + again.received, 0, "\(fault): settled: nothing left to move")
        }
    }

    /// The same while pulling: the listing (REPORT) or the plans' download cut off, or
    /// answered 503. The file keeps what it had; a clean resync brings each plan once.
    func testFaultsDuringDownloadsLoseNothingAndDuplicateNothing() async throws {
        let uids = (1...6).map { "s\($0)" }
        for (index, fault) in [("REPORT", 1, "reset"), ("REPORT", 2, "reset"), ("REPORT", 1, "503"),
                               ("REPORT", 2, "500")].enumerated() {
            let name = "pull-\(index)"
            try await server.makeCalendar(name, displayName: name, color: nil)
            for uid in uids { _ = try await server.put(name, uid: uid, summary: "Server \(uid)") }
            try makeLocalCalendar(events: [])
            let proxy = try FaultProxy(to: server.baseURL, faults: [.init(fault.0, fault.1, fault.2)])
            defer { proxy.stop() }
            let flaky = syncer(of: name, through: proxy)
            let label = "\(fault.0) #\(fault.1) \(fault.2)"
            do {
                _ = try await flaky.sync()
                XCTFail("\(label): a broken download cannot make a finished sync")
            } catch let error as CalDAVError {
                XCTAssertFalse(error.description.contains("Domain"), "\(label): \(error.description)")
            }
            XCTAssertEqual(try local().eventUIDs, [], "\(label): nothing half-read landed in the file")
            let report = try await flaky.sync()
            XCTAssertTrue(report.conflicts.isEmpty, "\(label): \(report.conflicts)")
            XCTAssertEqual(try local().eventUIDs.sorted(), uids, "\(label): each plan once here")
            let etags = try await client.listETags(calendar: server.calendarURL(name))
            XCTAssertEqual(etags.count, 6, "\(label): and nothing added on the server")
        }
    }

    /// Removing plans while the network misbehaves (issue 15): the second DELETE stored but
    /// its answer lost, or refused with 503 or 500. The sync fails in words; the next one
    /// finishes the job, so the server and the file hold the same three plans, in no conflict.
    func testFaultsDuringDeletesLoseNothingAndBringNothingBack() async throws {
        let plans = (1...6).map { (uid: "d\($0)", summary: "Plan \($0)") }
        for fault in ["reset", "503", "500"] {
            let name = "delete-\(fault)"
            try await server.makeCalendar(name, displayName: name, color: nil)
            try makeLocalCalendar(events: plans)
            let proxy = try FaultProxy(to: server.baseURL, faults: [.init("DELETE", 2, fault)])
            defer { proxy.stop() }
            let flaky = syncer(of: name, through: proxy)
            _ = try await flaky.sync()
            try editLocally { document in
                for uid in ["d2", "d3", "d4"] { try document.deleteEvent(uid: uid) }
            }
            do {
                _ = try await flaky.sync()
                XCTFail("\(fault): the second removal failed, the sync cannot have succeeded")
            } catch let error as CalDAVError {
                XCTAssertFalse(error.description.contains("Domain"), "\(fault): \(error.description)")
            }
            let report = try await flaky.sync()
            XCTAssertTrue(report.conflicts.isEmpty, "\(fault): \(report.conflicts)")
            let remote = try await serverTexts(of: server.calendarURL(name))
            XCTAssertEqual(remote.keys.sorted(), ["d1", "d5", "d6"], "\(fault): the removed plans are gone from the server")
            XCTAssertEqual(try local().eventUIDs.sorted(), ["d1", "d5", "d6"], "\(fault): and none came back here")
            let again = try await flaky.sync()
            XCTAssertEqual(again.sent + again.received, 0, "\(fault): settled")
        }
    }

    /// A server that trickles its answer two bytes a second never goes quite silent; the sync
    /// still gives up after the silence limit, in words, and leaves the file as it was.
    func testATricklingServerIsGivenUpOnAndNothingChanges() async throws {
        let name = "trickle"
        try await server.makeCalendar(name, displayName: name, color: nil)
        for uid in ["t1", "t2"] { _ = try await server.put(name, uid: uid, summary: "Server \(uid)") }
        try makeLocalCalendar(events: [])
        let before = try String(contentsOfFile: calendarPath, encoding: .utf8)
        let proxy = try FaultProxy(to: server.baseURL, faults: [.init("REPORT", 1, "trickle")])
        defer { proxy.stop() }
        let started = Date()
        do {
            _ = try await syncer(of: name, through: proxy, timeout: 3).sync()
            XCTFail("a trickle of an answer cannot finish a sync")
        } catch let error as CalDAVError {
            XCTAssertTrue(error.description.contains("stopped answering"), error.description)
        }
        // Bounded by the limit, not by the answer's length (over a kilobyte at two bytes a second).
        XCTAssertLessThan(Date().timeIntervalSince(started), 60)
        XCTAssertEqual(try String(contentsOfFile: calendarPath, encoding: .utf8), before)
    }

    func testAServerThatDiesLeavesTheFileAndStateAsTheyWere() async throws {
        try await makeCalendar(events: [("a", "Dentist")])
        _ = try await syncer().sync()
        try editLocally { try $0.updateEvent(uid: "a", [.title("Dentist (moved)")], now: Date()) }
        let fileBefore = try String(contentsOfFile: calendarPath, encoding: .utf8)
        let statePath = folder.appendingPathComponent("sync/work.json").path
        let stateBefore = try String(contentsOfFile: statePath, encoding: .utf8)
        server.crash()

        do {
            _ = try await syncer().sync()
            XCTFail("a dead server cannot be synced with")
        } catch let error as CalDAVError {
            guard case .unreachable = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try String(contentsOfFile: calendarPath, encoding: .utf8), fileBefore)
        XCTAssertEqual(try String(contentsOfFile: statePath, encoding: .utf8), stateBefore)
    }
}
