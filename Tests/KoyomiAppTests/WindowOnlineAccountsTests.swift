import CalendarModel
import CalendarSync
import Foundation
import GtkKit
@testable import KoyomiApp
import TestSupport
import XCTest

/// Issue 37 in the window: a GNOME Online Accounts account (a stand-in GOA on the tests'
/// session bus, Nextcloud-like: Basic auth with GOA's password) shows its calendar by itself,
/// under the account's name in the calendars list, and goes when its calendars are switched off in GOA while the window runs.
final class WindowOnlineAccountsTests: AppTestCase, @unchecked Sendable {
    private var server: RadicaleServer!
    private var goa: OnlineAccountsService!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try RadicaleServer()
    }

    override func tearDown() {
        super.tearDown()
        goa?.stop()
        server?.stop()
    }

    func testAGOAAccountsCalendarComesAndGoesWithoutARestart() throws {
        let server = self.server!
        try runBlocking {
            try await server.makeCalendar("work", displayName: "Work", color: "#e66100")
            _ = try await server.put("work", uid: "dentist", summary: "Dentist")
        }
        goa = try OnlineAccountsService(accounts: [.nextcloud(calendarURI: server.baseURL)], onSessionBus: true)
        MainActor.assumeIsolated {
            _ = openWindow([], month: YearMonth(parsing: "2026-12"))
            XCTAssertTrue(fileCalendars.isEmpty)
            controller.sync.start()
            waitForSync()
            XCTAssertEqual(fileCalendars.map(\.name), ["Work"], "GOA's account brought its calendar")
            XCTAssertTrue(controller.sync.button.isVisible)
            cell("2026-12-01").button.click()
            XCTAssertEqual(rowTitles, ["Dentist"])
            XCTAssertEqual((try? controller.storage.accounts.load())?.map(\.displayName), ["alice@cloud.example"])
            // In the calendars list, under the account's name as GOA presents it.
            let row = fileCalendars.first.flatMap { controller.calendarsList.popover.row(for: $0.id) }
            XCTAssertEqual(row?.caption.text, "alice@cloud.example")
            XCTAssertEqual(row?.caption.isVisible, true)
        }
        // Switched off in GNOME Settings: the watcher notices, the calendar leaves the list.
        try goa.set("account_nextcloud", "CalendarDisabled", true)
        MainActor.assumeIsolated {
            XCTAssertTrue(MainLoop.iterate(until: { self.fileCalendars.isEmpty }, timeout: 30), "the calendar went")
            waitForSync()
            XCTAssertEqual((try? controller.storage.accounts.load())?.count, 0)
        }
        let remote = try runBlocking { try await server.summaries("work") }
        XCTAssertEqual(remote, ["Dentist"], "nothing deleted on the server")
        // Switched on again: it comes back.
        try goa.set("account_nextcloud", "CalendarDisabled", false)
        MainActor.assumeIsolated {
            XCTAssertTrue(MainLoop.iterate(until: { self.fileCalendars.map(\.name) == ["Work"] }, timeout: 30), "the calendar came back")
            waitForSync()
        }
    }
}
