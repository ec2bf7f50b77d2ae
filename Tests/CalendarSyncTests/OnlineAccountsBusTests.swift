import Foundation
import OnlineAccounts
import TestSupport
import XCTest

/// The GDBus reader and watcher against the stand-in GOA (3.46's interfaces) on a private bus.
final class OnlineAccountsBusTests: XCTestCase {
    private var goa: OnlineAccountsService!
    private let calendars = URL(string: "https://apidata.googleusercontent.com/caldav/v2/")!
    private let cloud = URL(string: "https://cloud.example/remote.php/dav")!

    override func setUpWithError() throws {
        goa = try OnlineAccountsService(accounts: [.google(calendarURI: calendars), .nextcloud(calendarURI: cloud)])
    }

    override func tearDown() {
        goa?.stop()
    }

    func testAccountsTheirCalendarsAndCredentialsAreReadAsGOAServesThem() throws {
        let bus = try OnlineAccountsBus.connect(address: goa.busAddress)
        let accounts = try bus.accounts()
        XCTAssertEqual(accounts, [
            OnlineAccount(objectPath: "/org/gnome/OnlineAccounts/Accounts/account_google", id: "account_google",
                          providerType: "google", providerName: "Google", presentationIdentity: "alice@gmail.com",
                          identity: "alice@gmail.com", calendarDisabled: false, attentionNeeded: false,
                          calendarURI: calendars, usesOAuth2: true, usesPassword: false),
            OnlineAccount(objectPath: "/org/gnome/OnlineAccounts/Accounts/account_nextcloud", id: "account_nextcloud",
                          providerType: "owncloud", providerName: "Nextcloud", presentationIdentity: "alice@cloud.example",
                          identity: "alice", calendarDisabled: false, attentionNeeded: false,
                          calendarURI: cloud, usesOAuth2: false, usesPassword: true),
        ])
        XCTAssertEqual(try bus.accessToken(accounts[0]).token, "token-1")
        XCTAssertEqual(try bus.accessToken(accounts[0]).expiresIn, 3600)
        XCTAssertEqual(try bus.password(accounts[1]), "secret")
        XCTAssertEqual(goa.count("GetPassword", "account_nextcloud"), 1)

        try goa.revokeTokens(newToken: "token-2")
        XCTAssertNoThrow(try bus.ensureCredentials(accounts[0]))
        XCTAssertEqual(try bus.accessToken(accounts[0]).token, "token-2", "a renewal hands out the new token")
        try goa.set("account_google", "Refuse", true)
        XCTAssertThrowsError(try bus.ensureCredentials(accounts[0])) { error in
            XCTAssertEqual(error as? OnlineAccountsError, .signInAgain(account: "alice@gmail.com"))
        }
    }

    func testAddedRemovedAndSwitchedOffAccountsAreNoticedAsTheyHappen() throws {
        let bus = try OnlineAccountsBus.connect(address: goa.busAddress)
        let watcher = OnlineAccountsWatcher(bus: bus)
        defer { watcher.stop() }
        var seen = watcher.generation

        try goa.set("account_google", "CalendarDisabled", true)
        seen = try XCTUnwrap(watcher.waitForChange(after: seen, timeout: 20), "PropertiesChanged noticed")
        XCTAssertEqual(try bus.accounts().first?.calendarDisabled, true)
        XCTAssertEqual(try bus.accounts().first?.syncsCalendars, false)

        try goa.remove("account_nextcloud")
        seen = try XCTUnwrap(watcher.waitForChange(after: seen, timeout: 20), "InterfacesRemoved noticed")
        XCTAssertEqual(try bus.accounts().map(\.id), ["account_google"])

        try goa.add(.nextcloud("account_work", presentation: "bob@work.example", calendarURI: cloud))
        seen = try XCTUnwrap(watcher.waitForChange(after: seen, timeout: 20), "InterfacesAdded noticed")
        XCTAssertEqual(try bus.accounts().map(\.presentationIdentity), ["alice@gmail.com", "bob@work.example"])

        // GOA going away is noticed too, and then it is absent, not an error.
        // A late signal of the account added above may come first: changes are waited for, one
        // at a time (bounded), until the one after which GOA is gone.
        goa.stopGOA()
        var gone: Error?
        while gone == nil, let next = watcher.waitForChange(after: seen, timeout: 20) {
            seen = next
            do { _ = try bus.accounts() } catch { gone = error }
        }
        guard case .unavailable = gone as? OnlineAccountsError else {
            return XCTFail("GOA's leaving noticed, and then it is absent: \(String(describing: gone))")
        }
    }

    func testWithoutGOAOnTheBusTheReaderSaysUnavailableAtOnce() throws {
        goa.stopGOA()
        let started = Date()
        XCTAssertThrowsError(try OnlineAccountsBus.connect(address: goa.busAddress).accounts()) { error in
            guard case .unavailable = error as? OnlineAccountsError else { return XCTFail("\(error)") }
        }
        // The call's own bound is 10 s: nobody there is known at once, not waited for.
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }
}
