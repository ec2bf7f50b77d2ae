import CalDAV
import CalendarSync
import Foundation
import TestSupport
import XCTest

/// The sync engine against a real Radicale: both directions, conflicts and each way out of
/// them, a refused sync token, an upload whose answer was lost, and a server that dies.
final class CalendarSyncerTests: RadicaleSyncTestCase {
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
