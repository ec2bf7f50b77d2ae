import CalDAV
import CalendarSync
import Foundation
import TestSupport
import XCTest

/// The sync against a second real server, Xandikos (issue 15): it stores what it is sent in a
/// git repository and words its answers differently from Radicale. Discovery, both directions
/// with removals, a conflict settled each way, and faults during uploads.
final class XandikosSyncTests: OtherServerSyncTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try XandikosServer()
    }

    func testDiscoveryFindsAlicesCalendars() async throws {
        try await server.makeCalendar("work")
        let found = try await client().discover(from: server.baseURL)
        XCTAssertEqual(Set(found.map { $0.url.lastPathComponent }), ["calendar", "work"], "\(found)")
    }

    func testPlansGoBothWaysWithRemovals() async throws {
        try await checkPlansGoBothWaysWithRemovals()
    }

    func testAConflictIsSettledEachWay() async throws {
        try await checkAConflictIsSettledEachWay()
    }

    func testFaultsDuringUploadsLoseNothingAndDuplicateNothing() async throws {
        try await checkFaultsDuringUploadsLoseNothingAndDuplicateNothing()
    }
}
