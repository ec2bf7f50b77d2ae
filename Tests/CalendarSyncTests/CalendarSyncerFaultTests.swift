import CalDAV
import CalendarSync
import Foundation
import TestSupport
import XCTest

/// The sync engine through a fault proxy in front of a real Radicale (issue 15): uploads,
/// downloads and removals broken one at a time, and an answer trickled. Nothing is lost or
/// duplicated, and a clean resync settles everything.
final class CalendarSyncerFaultTests: RadicaleSyncTestCase {
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
}
