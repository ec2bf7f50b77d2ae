import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import TestSupport
import XCTest

/// Following a published calendar from the window: downloaded off the main thread by the
/// vetting child, shown read-only, refreshed with a sync; a broken download keeps the last copy.
final class WindowSubscriptionTests: AppTestCase, @unchecked Sendable {
    private var web: HTTPTestServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        web = try HTTPTestServer()
    }

    override func tearDown() {
        super.tearDown()
        web?.stop()
    }

    private func holidays(_ title: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Example//EN\r\nX-WR-CALNAME:Town events\r\n"
            + "BEGIN:VEVENT\r\nUID:fair@example.com\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;VALUE=DATE:20261205\r\n"
            + "SUMMARY:\(title)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    func testAWebcalAddressIsFollowedReadOnlyAndRefreshed() throws {
        try web.serve(holidays("Christmas fair"), as: "town.ics", modified: Date(timeIntervalSince1970: 1_790_000_000))
        let address = web.url("town.ics").absoluteString
        try MainActor.assumeIsolated {
            _ = openWindow([], month: YearMonth(parsing: "2026-12"))
            controller.sync.subscribe(to: address)
            waitForSync()
            let town = try XCTUnwrap(fileCalendars.first, "the subscription is shown")
            XCTAssertEqual(town.name, "Town events")
            XCTAssertTrue(town.isReadOnly, "a subscription cannot be edited")
            cell("2026-12-05").button.click()
            XCTAssertEqual(rowTitles, ["Christmas fair"])
            XCTAssertTrue(controller.sync.button.isVisible, "there is something to refresh now")
        }

        // The publisher changes it: the next sync shows the change.
        try web.serve(holidays("Christmas fair (moved)"), as: "town.ics", modified: Date(timeIntervalSince1970: 1_790_100_000))
        MainActor.assumeIsolated {
            controller.sync.syncNow()
            waitForSync()
            XCTAssertEqual(rowTitles, ["Christmas fair (moved)"])
        }

        // A broken download is reported and the last good copy stays.
        try web.serve("<html>Not found</html>", as: "town.ics", modified: Date(timeIntervalSince1970: 1_790_200_000))
        MainActor.assumeIsolated {
            controller.sync.syncNow()
            waitForSync()
            XCTAssertEqual(rowTitles, ["Christmas fair (moved)"])
            XCTAssertTrue(window.errors.messages.contains { $0.hasPrefix("Town events could not be refreshed: ") },
                          "\(window.errors.messages)")
        }
    }

    func testAnAddressThatIsNoCalendarIsSaidAndNothingIsAdded() throws {
        try web.serve("just text", as: "nope.ics", modified: Date(timeIntervalSince1970: 1_790_000_000))
        let address = web.url("nope.ics").absoluteString
        MainActor.assumeIsolated {
            _ = openWindow([], month: YearMonth(parsing: "2026-12"))
            controller.sync.subscribe(to: address)
            waitForSync()
            XCTAssertTrue(fileCalendars.isEmpty)
            XCTAssertTrue(window.errors.messages.contains { $0.hasPrefix("Cannot subscribe to \(address): ") },
                          "\(window.errors.messages)")
            XCTAssertTrue((try? controller.storage.subscriptions.load())?.isEmpty ?? true)
        }
    }
}
