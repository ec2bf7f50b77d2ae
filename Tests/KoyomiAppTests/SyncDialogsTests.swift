import Accounts
import CalDAV
import CalendarSync
import Foundation
import GtkKit
@testable import KoyomiApp
import TestSupport
import XCTest

/// The CalDAV dialogs driven as a user would: the account dialog against a real Radicale
/// (alice / secret), the password prompt, and the conflicts list.
// @unchecked Sendable: every test touches it from the main thread only, inside MainActor.assumeIsolated.
final class SyncDialogsTests: XCTestCase, @unchecked Sendable {
    /// One registered application for these tests (see AppTestCase for why only one).
    @MainActor private static let application: Application = {
        let application = Application(id: "app.koyomi.Tests.SyncDialogs", flags: [.nonUnique])
        application.register()
        return application
    }()
    private var parent: Window?
    private var server: RadicaleServer?

    override func setUpWithError() throws {
        let ready = MainActor.assumeIsolated { GtkRuntime.initialize() }
        guard ready else {
            XCTFail("GTK could not open a display: run the tests under Xvfb (see README)")
            throw XCTSkip("no display")
        }
        MainActor.assumeIsolated { parent = Window(application: Self.application) }
    }

    override func tearDown() {
        MainActor.assumeIsolated {
            parent?.destroy()
            parent = nil
            MainLoop.drain()
        }
        server?.stop()
        server = nil
    }

    // MARK: Account dialog

    func testAccountDialogFindsTheCalendarsAndAddsOnlyTheCheckedOnes() throws {
        let server = try RadicaleServer()
        self.server = server
        try runBlocking { try await server.makeCalendar("work", displayName: "Work", color: "#e66100") }
        try runBlocking { try await server.makeCalendar("home", displayName: "Home", color: "#1c71d8") }
        try MainActor.assumeIsolated {
            let parent = try XCTUnwrap(parent)
            let dialog = AccountDialog(parent: parent, colors: ColorClasses())
            var added: [(URL, String, String, [RemoteCalendar])] = []
            var closed = false
            dialog.onAdd = { added.append(($0, $1, $2, $3)) }
            dialog.onClosed = { closed = true }
            dialog.present()
            XCTAssertFalse(dialog.findButton.isSensitive, "nothing to search with yet")
            XCTAssertFalse(dialog.dialog.isSaveEnabled, "Add waits for calendars")
            XCTAssertFalse(dialog.passwordEntry.isTextVisible, "the password shows as dots")

            dialog.serverEntry.text = server.baseURL.absoluteString
            dialog.userEntry.text = "alice"
            dialog.passwordEntry.text = "wrong"
            XCTAssertTrue(dialog.findButton.isSensitive)
            dialog.findButton.click()
            XCTAssertTrue(dialog.isSearching, "the search runs in the background, the window goes on")
            XCTAssertTrue(dialog.spinner.isSpinning)
            XCTAssertFalse(dialog.findButton.isSensitive, "one search at a time")
            XCTAssertTrue(MainLoop.iterate(until: { !dialog.isSearching }, timeout: 30), "the search never finished")
            XCTAssertFalse(dialog.spinner.isSpinning)
            XCTAssertTrue(dialog.statusLabel.isVisible)
            XCTAssertTrue(dialog.statusLabel.text.lowercased().contains("wrong user name or password"),
                          "got: \(dialog.statusLabel.text)")
            XCTAssertTrue(dialog.statusLabel.hasCSSClass("error"))
            XCTAssertTrue(dialog.rows.isEmpty)
            XCTAssertFalse(dialog.dialog.isSaveEnabled)

            dialog.passwordEntry.text = "secret"
            XCTAssertFalse(dialog.statusLabel.isVisible, "the old error goes once the fields change")
            dialog.passwordEntry.activate() // Enter searches too
            XCTAssertTrue(MainLoop.iterate(until: { !dialog.isSearching }, timeout: 30), "the search never finished")
            XCTAssertFalse(dialog.statusLabel.isVisible, "no error: \(dialog.statusLabel.text)")
            XCTAssertEqual(Set(dialog.rows.map(\.calendar.displayName)), ["Work", "Home"])
            XCTAssertTrue(dialog.rows.allSatisfy(\.isChosen), "every calendar is checked at first")
            XCTAssertTrue(dialog.calendarList.isVisible)
            XCTAssertTrue(dialog.dialog.isSaveEnabled)

            for row in dialog.rows { row.check.isActive = false }
            XCTAssertFalse(dialog.dialog.isSaveEnabled, "Add needs at least one checked calendar")
            let work = try XCTUnwrap(dialog.rows.first { $0.calendar.displayName == "Work" })
            work.check.toggle()
            XCTAssertTrue(dialog.dialog.isSaveEnabled)

            dialog.dialog.saveButton.click()
            XCTAssertEqual(added.count, 1)
            XCTAssertEqual(added.first?.0, server.baseURL)
            XCTAssertEqual(added.first?.1, "alice")
            XCTAssertEqual(added.first?.2, "secret")
            XCTAssertEqual(added.first?.3.map(\.displayName), ["Work"])
            XCTAssertEqual(added.first?.3.first?.url, server.calendarURL("work"))
            MainLoop.drain()
            XCTAssertTrue(closed, "Add closes the dialog")
        }
    }

    func testEditingAFieldAfterASearchDropsTheCalendars() throws {
        let server = try RadicaleServer()
        self.server = server
        try runBlocking { try await server.makeCalendar("work", displayName: "Work", color: nil) }
        try MainActor.assumeIsolated {
            var dialog: AccountDialog! = AccountDialog(parent: try XCTUnwrap(parent), colors: ColorClasses())
            dialog.present()
            dialog.serverEntry.text = server.baseURL.absoluteString
            dialog.userEntry.text = "alice"
            dialog.passwordEntry.text = "secret"
            dialog.findCalendars()
            XCTAssertTrue(MainLoop.iterate(until: { !dialog.isSearching }, timeout: 30))
            XCTAssertEqual(dialog.rows.map(\.calendar.displayName), ["Work"])

            dialog.userEntry.text = "bob"
            XCTAssertTrue(dialog.rows.isEmpty, "calendars found as alice are not bob's")
            XCTAssertFalse(dialog.calendarList.isVisible)
            XCTAssertFalse(dialog.dialog.isSaveEnabled)
            var presented: AccountDialog? = dialog
            dialog = nil
            assertFreedAfterClose(&presented, window: \.dialog) { $0.close() }
        }
    }

    func testAnUnreachableServerIsSaidInPlainWords() throws {
        try MainActor.assumeIsolated {
            let dialog = AccountDialog(parent: try XCTUnwrap(parent), colors: ColorClasses())
            dialog.present()
            // Port 1 on the loopback: nobody listens, the connection is refused at once.
            dialog.serverEntry.text = "http://127.0.0.1:1"
            dialog.userEntry.text = "alice"
            dialog.findButton.click()
            XCTAssertTrue(MainLoop.iterate(until: { !dialog.isSearching }, timeout: 30))
            XCTAssertTrue(dialog.statusLabel.text.hasPrefix("The server cannot be reached: "), "got: \(dialog.statusLabel.text)")
            XCTAssertTrue(dialog.rows.isEmpty)
            dialog.close()
            MainLoop.drain()
        }
    }

    /// Libraries opened when Koyomi first talks to a server: a missing one is named, not taken
    /// for a server without calendars.
    func testAMissingLibraryIsNamedNotBlamedOnTheServer() {
        let reason = "Koyomi's XML library libxml2 could not be loaded (libxml2.so.2: cannot open shared object file: "
            + "No such file or directory); Debian's package libxml2 provides it"
        XCTAssertEqual(SyncErrorText.sentence(for: CalDAVError.libraryMissing(reason: reason)),
                       "Koyomi cannot talk to servers on this computer: " + reason)
        XCTAssertEqual(SyncErrorText.sentence(for: CalDAVError.malformedResponse(what: "no calendar home on the server")),
                       "No CalDAV calendars were found at this address. Check the server address.")
    }

    func testServerAddressAcceptsAHostOrAURL() {
        XCTAssertEqual(ServerAddress.url(from: " dav.example.com "), URL(string: "https://dav.example.com"))
        XCTAssertEqual(ServerAddress.url(from: "dav.example.com:5232"), URL(string: "https://dav.example.com:5232"))
        XCTAssertEqual(ServerAddress.url(from: "HTTP://127.0.0.1:5232/alice/"), URL(string: "http://127.0.0.1:5232/alice/"))
        XCTAssertNil(ServerAddress.url(from: ""))
        XCTAssertNil(ServerAddress.url(from: "dav example.com"))
        XCTAssertNil(ServerAddress.url(from: "ftp://dav.example.com"))
        XCTAssertNil(ServerAddress.url(from: "https://"))
    }

    // MARK: Password dialog

    func testPasswordDialogNamesTheAccountAndReportsThePassword() throws {
        try MainActor.assumeIsolated {
            let parent = try XCTUnwrap(parent)
            let account = Account(displayName: "Work", serverURL: try XCTUnwrap(URL(string: "https://dav.example.com/")),
                                  userName: "alice", created: Date(timeIntervalSince1970: 1_795_953_600))
            let plain = PasswordDialog(parent: parent, account: account, keyringProblem: nil)
            XCTAssertEqual(plain.promptLabel.text, "Password for alice on dav.example.com")
            XCTAssertNil(plain.keyringNote, "with a keyring there is nothing to warn about")
            plain.close()

            let dialog = PasswordDialog(parent: parent, account: account,
                                        keyringProblem: "the Secret Service is not available")
            var typed: [String] = []
            dialog.onPassword = { typed.append($0) }
            dialog.present()
            XCTAssertEqual(dialog.keyringNote?.text,
                           "No keyring is running, so Koyomi cannot remember it; it will ask again next time.")
            XCTAssertEqual(dialog.keyringNote?.isVisible, true)
            XCTAssertFalse(dialog.passwordEntry.isTextVisible)
            XCTAssertFalse(dialog.dialog.isSaveEnabled, "an empty password is not sent")
            dialog.passwordEntry.text = "secret"
            XCTAssertTrue(dialog.dialog.isSaveEnabled)
            dialog.dialog.saveButton.click()
            XCTAssertEqual(typed, ["secret"])
            MainLoop.drain()
        }
    }

    // MARK: Conflicts dialog

    func testConflictsDialogReportsEachChoiceAndClosesWhenAllAreSettled() throws {
        let conflicts = try [
            conflict(uid: "a", kind: "bothChanged", title: "Dentist"),
            conflict(uid: "b", kind: "deletedOnServer", title: "Standup"),
            conflict(uid: "c", kind: "deletedHere", title: "Trip to Kyoto"),
        ]
        try MainActor.assumeIsolated {
            var dialog: ConflictsDialog! = ConflictsDialog(parent: try XCTUnwrap(parent), conflicts: conflicts)
            var choices: [String] = []
            var closed = false
            dialog.onChoice = { uid, choice in choices.append("\(uid):\(choice)") }
            dialog.onClosed = { closed = true }
            dialog.present()
            XCTAssertEqual(dialog.rows.map(\.titleLabel.text), ["Dentist", "Standup", "Trip to Kyoto"])
            XCTAssertEqual(dialog.rows.map(\.explanation.text), [
                "Changed here and on the server.",
                "Deleted on the server but changed here.",
                "Deleted here but changed on the server.",
            ])
            XCTAssertEqual(dialog.rows[0].bothButton?.accessibleLabel, "Keep both versions of Dentist")
            XCTAssertEqual(dialog.rows[1].mineButton.accessibleLabel, "Keep my version of Standup")
            XCTAssertEqual(dialog.rows[2].theirsButton.accessibleLabel, "Keep the server's version of Trip to Kyoto")
            XCTAssertNil(dialog.rows[1].bothButton, "keeping both of a deleted plan is keeping the changed one")

            try XCTUnwrap(dialog.rows[0].bothButton).click()
            XCTAssertEqual(choices, ["a:both"])
            XCTAssertEqual(dialog.rows.map(\.conflict.uid), ["b", "c"])
            XCTAssertEqual(dialog.list.rows.count, 2, "the settled row left the list")
            dialog.rows[1].theirsButton.click()
            XCTAssertEqual(dialog.rows.map(\.conflict.uid), ["b"])
            MainLoop.drain()
            XCTAssertFalse(closed, "one conflict is left")
            dialog.rows[0].mineButton.click()
            XCTAssertEqual(choices, ["a:both", "c:theirs", "b:mine"])
            XCTAssertTrue(dialog.rows.isEmpty)
            MainLoop.drain()
            XCTAssertTrue(closed, "the dialog closes once every conflict is settled")
            var settled: ConflictsDialog? = dialog
            dialog = nil
            assertFreedAfterClose(&settled, window: \.dialog) { _ in } // it closed itself
        }
    }

    // MARK: Helpers

    /// Closes a presented dialog through the only reference the test holds and checks that the
    /// wrapper (which kept itself alive while on screen) and its window are freed.
    @MainActor
    private func assertFreedAfterClose<D: AnyObject>(_ dialog: inout D?, window: KeyPath<D, Dialog>, close: (D) -> Void,
                                                     file: StaticString = #filePath, line: UInt = #line) {
        weak var weakDialog: D?
        var probe: WeakObjectProbe?
        do { // `shown` must be gone before the check
            guard let shown = dialog else { return XCTFail("no dialog", file: file, line: line) }
            weakDialog = shown
            probe = WeakObjectProbe(shown[keyPath: window])
            close(shown)
            dialog = nil
        }
        MainLoop.drain()
        XCTAssertNil(weakDialog, "a closed dialog lets go of itself", file: file, line: line)
        XCTAssertEqual(probe?.isAlive, false, "and its window is freed", file: file, line: line)
    }

    /// A conflict as the sync engine reports it (decoded: its memberwise init is internal).
    private func conflict(uid: String, kind: String, title: String) throws -> SyncConflict {
        let json = #"{"uid":"\#(uid)","kind":"\#(kind)","href":"/alice/work/\#(uid).ics","title":"\#(title)"}"#
        return try JSONDecoder().decode(SyncConflict.self, from: Data(json.utf8))
    }
}
