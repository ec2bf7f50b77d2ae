import CalDAV
import CalendarSync
import Foundation
import TestSupport
import XCTest

/// The sync against a third real server, SabreDAV 1.8 (issue 15): the engine of older Baïkal
/// and ownCloud, with no `sync-collection`, so every sync compares ETags. Discovery from the
/// server's root, both directions with removals, a conflict settled each way, and faults
/// during uploads: nothing lost or duplicated after a clean resync.
final class SabreDAVSyncTests: OtherServerSyncTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try SabreDAVServer()
    }

    func testDiscoveryFindsTheUsersCalendars() async throws {
        try await server.makeCalendar("home")
        let found = try await client().discover(from: server.baseURL)
        XCTAssertEqual(Set(found.map { $0.url.lastPathComponent }), ["work", "home"], "\(found)")
        XCTAssertEqual(found.first { $0.url.lastPathComponent == "work" }?.displayName, "Work")
        XCTAssertEqual(found.first { $0.url.lastPathComponent == "work" }?.color?.lowercased().prefix(7), "#3584e4")
    }

    func testPlansGoBothWaysWithRemovalsByComparingETags() async throws {
        try await checkPlansGoBothWaysWithRemovals {
            let state = try SyncState.load(path: statePath(), collection: server.calendarURL("work"))
            XCTAssertNil(state.syncToken, "no sync-collection here: every sync compares ETags")
            XCTAssertEqual(state.resources.keys.sorted(), ["a", "b"])
        }
    }

    func testAConflictIsSettledEachWay() async throws {
        try await checkAConflictIsSettledEachWay()
    }

    func testFaultsDuringUploadsLoseNothingAndDuplicateNothing() async throws {
        try await checkFaultsDuringUploadsLoseNothingAndDuplicateNothing()
    }
}
