import CalDAV
import CalendarSync
import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import TestSupport
import XCTest

/// The window and a real Radicale: an account added, its calendar shown with the server's
/// plans, a plan made in the window sent up, another device's change shown, a conflict offered.
final class WindowSyncTests: AppTestCase, @unchecked Sendable {
    private var server: RadicaleServer!

    override func setUpWithError() throws {
        try super.setUpWithError()
        server = try RadicaleServer()
    }

    override func tearDown() {
        super.tearDown()
        server?.stop()
    }

    /// The server's side, from this (main) thread: URLSession answers on its own queues.
    private func onServer<Value: Sendable>(_ body: @escaping @Sendable (RadicaleServer) async throws -> Value) throws -> Value {
        let server = self.server!
        return try runBlocking { try await body(server) }
    }

    private func workCalendar() throws -> [RemoteCalendar] {
        try onServer { server in
            try await server.makeCalendar("work", displayName: "Work", color: "#e66100")
            try await server.put("work", uid: "dentist", summary: "Dentist")
            return try await CalDAVClient(baseURL: server.baseURL, user: "alice", password: "secret").discover(from: server.baseURL)
        }
    }

    func testAnAccountsCalendarSyncsBothWaysThroughTheWindow() throws {
        let remote = try workCalendar()
        let serverURL = server.baseURL
        try MainActor.assumeIsolated {
            _ = openWindow([], month: YearMonth(parsing: "2026-12"))
            XCTAssertFalse(controller.sync.button.isVisible, "no account: no sync button")
            controller.sync.addAccount(server: serverURL, user: "alice", password: "secret", chosen: remote)
            waitForSync()
            XCTAssertTrue(controller.sync.button.isVisible)
            XCTAssertTrue(controller.sync.status.text.hasPrefix("Synced at "), controller.sync.status.text)
            XCTAssertEqual(fileCalendars.map(\.name), ["Work"])
            cell("2026-12-01").button.click()
            XCTAssertEqual(rowTitles, ["Dentist"], "the server's plan is in the window")

            // A plan made in the window goes up with the next sync (F5).
            controller.mainWindow.window.activateAction("win.new-plan")
            let editor = try XCTUnwrap(controller.editing.editor)
            editor.fields.titleEntry.text = "Review"
            editor.save()
            controller.mainWindow.window.activateAction("win.sync")
            waitForSync()
        }
        XCTAssertEqual(Set(try onServer { try await $0.summaries("work") }), ["Dentist", "Review"])

        // Another device changes the dentist: the next sync shows it.
        try onServer { try await $0.changeSummary("work", uid: "dentist", to: "Dentist (moved)") }
        MainActor.assumeIsolated {
            controller.sync.syncNow()
            waitForSync()
            XCTAssertEqual(rowTitles.sorted(), ["Dentist (moved)", "Review"])

            // Removing the synced calendar here stops syncing it; the next sync does not bring it back.
            let work = try? XCTUnwrap(fileCalendars.first)
            let list = controller.calendarsList
            if let work { list.calendarsList(list.popover, remove: work.id) }
            XCTAssertEqual((try? controller.storage.accounts.load())?.first?.calendars.count, 0)
            controller.sync.syncNow()
            waitForSync()
            XCTAssertTrue(fileCalendars.isEmpty)
            XCTAssertFalse(FileManager.default.fileExists(atPath: work?.id.rawValue ?? "/"))
        }
    }

    func testAWrongPasswordIsSaidInTheWindow() throws {
        let remote = try workCalendar()
        let serverURL = server.baseURL
        MainActor.assumeIsolated {
            _ = openWindow([], month: YearMonth(parsing: "2026-12"))
            controller.sync.addAccount(server: serverURL, user: "alice", password: "wrong", chosen: remote)
            waitForSync()
            XCTAssertEqual(controller.sync.status.text, "Sync failed")
            XCTAssertTrue(window.errors.messages.contains { $0.contains("Work could not be synced: Wrong user name or password.") },
                          "\(window.errors.messages)")
        }
    }
}
