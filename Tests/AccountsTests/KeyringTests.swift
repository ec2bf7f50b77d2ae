import Accounts
import Foundation
import XCTest

/// Round trips through a real Secret Service (scripts/test starts an unlocked gnome-keyring
/// inside the test's own D-Bus session). The items use `.invalid` servers and are removed
/// afterwards.
final class KeyringTests: XCTestCase {
    private let keyring = Keyring()
    private let created = Date(timeIntervalSince1970: 1_795_000_000)
    private var used: [Account] = []

    override func setUpWithError() throws {
        try Self.requireKeyring()
    }

    override func tearDown() {
        for account in used { _ = try? keyring.remove(account: account) }
        used = []
    }

    /// Skips (saying why) when no keyring answers, unless KOYOMI_REQUIRE_KEYRING is set:
    /// then a missing keyring is a failure, so CI cannot pass by skipping.
    static func requireKeyring() throws {
        let probe = Account(displayName: "probe", serverURL: URL(string: "https://probe.invalid")!,
                            userName: "probe", created: Date(timeIntervalSince1970: 0))
        let reason: String
        do {
            _ = try Keyring().password(for: probe)
            return
        } catch {
            // Only a missing keyring skips; a keyring that answers wrongly fails the tests.
            // (`catch let .unavailable(reason)` here crashes the Swift 6.3.1 compiler.)
            guard case let .unavailable(why) = error else { return }
            reason = why
        }
        let message = "no Secret Service on the session bus: \(reason)"
        if ProcessInfo.processInfo.environment["KOYOMI_REQUIRE_KEYRING"] != nil {
            XCTFail("KOYOMI_REQUIRE_KEYRING is set but there is \(message)")
            throw KeyringError.unavailable(reason)
        }
        throw XCTSkip(message)
    }

    private func account(_ user: String, server: String = "https://dav.keyring-test.invalid/") -> Account {
        let account = Account(displayName: "Test", serverURL: URL(string: server)!, userName: user, created: created)
        used.append(account)
        return account
    }

    func testStoreLookUpOverwriteRemove() throws {
        let alice = account("alice")
        XCTAssertNil(try keyring.password(for: alice), "nothing kept yet")

        try keyring.store(password: "first secret", account: alice)
        XCTAssertEqual(try keyring.password(for: alice), "first secret")

        try keyring.store(password: "second secret", account: alice)
        XCTAssertEqual(try keyring.password(for: alice), "second secret", "storing again replaces")

        XCTAssertTrue(try keyring.remove(account: alice))
        XCTAssertNil(try keyring.password(for: alice))
        XCTAssertFalse(try keyring.remove(account: alice), "nothing left to remove")
    }

    func testTwoUsersOnOneServerDoNotMix() throws {
        let alice = account("alice"), bob = account("bob")
        try keyring.store(password: "alice's", account: alice)
        try keyring.store(password: "bob's", account: bob)
        XCTAssertEqual(try keyring.password(for: alice), "alice's")
        XCTAssertEqual(try keyring.password(for: bob), "bob's")

        try keyring.remove(account: alice)
        XCTAssertNil(try keyring.password(for: alice))
        XCTAssertEqual(try keyring.password(for: bob), "bob's", "removing alice's keeps bob's")
    }

    func testSameUserOnTwoServersDoNotMix() throws {
        let work = account("carol", server: "https://work.keyring-test.invalid/dav/")
        let home = account("carol", server: "https://home.keyring-test.invalid/dav/")
        try keyring.store(password: "work", account: work)
        XCTAssertNil(try keyring.password(for: home))
        try keyring.store(password: "home", account: home)
        XCTAssertEqual(try keyring.password(for: work), "work")
        XCTAssertEqual(try keyring.password(for: home), "home")
    }

    func testTrailingSlashIsTheSameServer() throws {
        let withSlash = account("dave", server: "https://slash.keyring-test.invalid/dav/")
        let without = account("dave", server: "https://slash.keyring-test.invalid/dav")
        try keyring.store(password: "one", account: withSlash)
        XCTAssertEqual(try keyring.password(for: without), "one")
    }

    func testPasswordKeepsEveryCharacter() throws {
        let erin = account("erin")
        let password = "  pä55 wörd \"quoted\" 秘密 🔑 \\ end  "
        try keyring.store(password: password, account: erin)
        XCTAssertEqual(try keyring.password(for: erin), password)
    }
}
