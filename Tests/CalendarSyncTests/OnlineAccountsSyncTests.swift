import Foundation
import TestSupport
import XCTest

/// Issue 37: GNOME Online Accounts' calendars synced by Koyomi's own engine, as `koyomi`
/// children see them: a Google-like account (bearer tokens, behind `TokenProxy`) and a
/// Nextcloud-like one (Basic auth with GOA's password), in a stand-in GOA speaking 3.46's
/// interfaces.
final class OnlineAccountsSyncTests: OnlineAccountsTestCase {
    func testGoogleCalendarsAreFoundFromCalendarUriListedAndSyncedBothWaysWithNothingStored() async throws {
        try await startGoogle()
        let before = try koyomi("account", "list")
        XCTAssertTrue(before.stdout.contains("alice@gmail.com  (GNOME Online Accounts, Google; its calendars are added at the next koyomi sync)"),
                      before.stdout)

        let first = try koyomi("sync")
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("Added alice@gmail.com from GNOME Online Accounts with “Work”"), first.stdout)
        XCTAssertTrue(first.stdout.contains("Work: 1 received, 0 sent"), first.stdout)
        let listed = try koyomi("account", "list")
        XCTAssertTrue(listed.stdout.hasPrefix("alice@gmail.com  \(proxy.baseURL.absoluteString)/alice/  Work (work.ics)  (from GNOME Online Accounts)"),
                      listed.stdout)

        XCTAssertEqual(try koyomi("add", "--title", "Review", "--start", "2026-12-02T10:00", "--calendar", "Work").status, 0)
        let second = try koyomi("sync")
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stdout.contains("Work: 0 received, 1 sent"), second.stdout)
        let remote = try await server.summaries("work")
        XCTAssertEqual(Set(remote), ["Dentist", "Review"])
        let day = try koyomi("list", "--date", "2026-12-01")
        XCTAssertTrue(day.stdout.contains("Dentist  [Work]"), day.stdout)

        // GOA was asked, Koyomi kept nothing: no token in its files, no renewal needed.
        XCTAssertGreaterThan(goa.count("GetAccessToken", google), 0)
        XCTAssertEqual(goa.count("EnsureCredentials", google), 0)
        XCTAssertEqual(proxy.refusals, 0)
        let accounts = try String(contentsOf: accountsFile, encoding: .utf8)
        XCTAssertFalse(accounts.contains("token-1"))
        XCTAssertTrue(accounts.contains("\"onlineAccount\""), accounts)
    }

    func testANextcloudAccountSignsInWithGOAsPasswordAndAGoogleOneNeedingAttentionDoesNotStopIt() async throws {
        let cloud = try RadicaleServer()
        defer { cloud.stop() }
        try await cloud.makeCalendar("home", displayName: "Home", color: nil)
        _ = try await cloud.put("home", uid: "party", summary: "Party")
        // Just the host: discovery through /.well-known/caldav, as GOA gives a Nextcloud's.
        try await startGoogle(others: [.nextcloud(calendarURI: cloud.baseURL)])

        let first = try koyomi("sync")
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("Added alice@cloud.example from GNOME Online Accounts with “Home”"), first.stdout)
        XCTAssertTrue(first.stdout.contains("Home: 1 received, 0 sent"), first.stdout)
        XCTAssertGreaterThan(goa.count("GetPassword", "account_nextcloud"), 0)
        XCTAssertTrue(try koyomi("account", "list").stdout.contains("alice@cloud.example  \(cloud.baseURL.absoluteString)"))

        try goa.set(google, "AttentionNeeded", true)
        try await cloud.changeSummary("home", uid: "party", to: "Party (moved)")
        let second = try koyomi("sync")
        XCTAssertEqual(second.status, 1)
        XCTAssertTrue(second.stderr.contains("koyomi sync: Work (alice@gmail.com): Sign in to alice@gmail.com again in Settings → Online Accounts"),
                      second.stderr)
        XCTAssertTrue(second.stdout.contains("Home: 1 received, 0 sent"), second.stdout)
        XCTAssertTrue(try koyomi("list", "--date", "2026-12-01").stdout.contains("Party (moved)  [Home]"))
    }

    func testATokenRevokedMidSyncIsRenewedOnceAndNothingIsLostOrDoubled() async throws {
        // The first sync takes fewer than 20 requests; the second is cut after its 20th.
        try await startGoogle(revokeAfter: 20)
        XCTAssertEqual(try koyomi("sync").status, 0)
        let uids = (0..<40).map { String(format: "plan-%02d", $0) }
        try addLocally("work.ics", uids: uids)

        let synced = try koyomi("sync")
        XCTAssertEqual(synced.status, 0, synced.stderr)
        XCTAssertTrue(synced.stdout.contains("Work: 0 received, 40 sent"), synced.stdout)
        XCTAssertEqual(proxy.refusals, 1, "one request met the revoked token")
        XCTAssertEqual(goa.count("EnsureCredentials", google), 1)
        let remote = try await server.summaries("work")
        XCTAssertEqual(remote.sorted(), (["Dentist"] + uids).sorted())
        let again = try koyomi("sync")
        XCTAssertTrue(again.stdout.contains("Work: 0 received, 0 sent"), again.stdout)
    }

    func testARefusedRenewalAsksToSignInAgainAndKeepsTheEditsHere() async throws {
        try await startGoogle()
        XCTAssertEqual(try koyomi("sync").status, 0)
        XCTAssertEqual(try koyomi("add", "--title", "Review", "--start", "2026-12-02T10:00", "--calendar", "Work").status, 0)
        try goa.set(google, "Refuse", true)
        try goa.revokeTokens(newToken: "token-2")

        let refused = try koyomi("sync")
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("Sign in to alice@gmail.com again in Settings → Online Accounts"), refused.stderr)
        XCTAssertEqual(goa.count("EnsureCredentials", google), 1)
        XCTAssertTrue(try koyomi("list", "--date", "2026-12-02").stdout.contains("Review  [Work]"))
        let remote = try await server.summaries("work")
        XCTAssertEqual(remote, ["Dentist"])
    }

    func testCalendarsSwitchedOffGoAndComeBackWithoutTouchingTheServer() async throws {
        try await startGoogle()
        XCTAssertEqual(try koyomi("sync").status, 0)
        let file = calendarsFolder.appendingPathComponent("work.ics")
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path))

        try goa.set(google, "CalendarDisabled", true)
        let off = try koyomi("sync")
        XCTAssertTrue(off.stdout.contains("alice@gmail.com is no longer synced from GNOME Online Accounts; nothing was deleted on the server\n  removed here: “Work”"),
                      off.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
        XCTAssertFalse(try koyomi("account", "list").stdout.contains("alice@gmail.com"))
        let kept = try await server.summaries("work")
        XCTAssertEqual(kept, ["Dentist"])

        try goa.set(google, "CalendarDisabled", false)
        let on = try koyomi("sync")
        XCTAssertTrue(on.stdout.contains("Added alice@gmail.com from GNOME Online Accounts with “Work”"), on.stdout)
        XCTAssertTrue(on.stdout.contains("Work: 1 received, 0 sent"), on.stdout)
    }

    func testAnAccountRemovedWithUnsyncedEditsLeavesThemAsALocalCalendar() async throws {
        try await startGoogle()
        XCTAssertEqual(try koyomi("sync").status, 0)
        XCTAssertEqual(try koyomi("add", "--title", "Review", "--start", "2026-12-02T10:00", "--calendar", "Work").status, 0)
        try goa.remove(google)

        let removed = try koyomi("sync")
        XCTAssertTrue(removed.stdout.contains("“Work” had changes the server never got: kept as a local calendar (work.ics)"),
                      removed.stdout)
        XCTAssertTrue(try koyomi("list", "--date", "2026-12-02").stdout.contains("Review  [Work]"))
        XCTAssertFalse(try String(contentsOf: accountsFile, encoding: .utf8).contains("alice@gmail.com"))
        let remote = try await server.summaries("work")
        XCTAssertEqual(remote, ["Dentist"], "nothing deleted or sent")
        XCTAssertEqual(try koyomi("account", "remove", "Work").status, 2, "no account is left to remove")
    }

    func testWithoutGOAOnTheBusNothingChanges() async throws {
        try await startGoogle()
        // No GOA: no account appears, and `koyomi sync` says what it always said.
        let none = try koyomi("account", "list", withGOA: false)
        XCTAssertEqual(none.stdout, "No accounts. Add one with koyomi account add URL --user NAME\n")
        XCTAssertEqual(try koyomi("sync", withGOA: false).status, 2)

        // GOA gone after its account was added: the account and its calendar stay, unsynced.
        XCTAssertEqual(try koyomi("sync").status, 0)
        let absent = try koyomi("sync", withGOA: false)
        XCTAssertTrue(absent.stderr.contains("alice@gmail.com was not synced: GNOME Online Accounts is not running"), absent.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: calendarsFolder.appendingPathComponent("work.ics").path))
        XCTAssertTrue(try koyomi("account", "list", withGOA: false).stdout.contains("(from GNOME Online Accounts)"))
    }

    func testGoogleSaying429Or403RateLimitIsWaitedOutAndSaidWhenItPersists() async throws {
        try await startGoogle(faults: [.init("PROPFIND", 2, "429"), .init("REPORT", 1, "403rate")])
        let slowed = try koyomi("sync")
        XCTAssertEqual(slowed.status, 0, slowed.stderr)
        XCTAssertTrue(slowed.stdout.contains("Work: 1 received, 0 sent"), slowed.stdout)
        XCTAssertEqual(proxy.slowDowns, 2)
        proxy.stop()

        proxy = try TokenProxy(to: server.baseURL, tokenFile: tokenFile, faults: [.init("REPORT", 1, "429every")])
        try moveAccount(to: proxy)
        let refused = try koyomi("sync")
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("The server asks Koyomi to slow down (too many requests); Koyomi waited, and tries again at the next sync (it asked for 1 s)"),
                      refused.stderr)
        XCTAssertEqual(proxy.slowDowns, 4, "the first answer and three more after waiting")
    }

    /// Points the stored account and its sync states at another proxy (the server stays the same).
    private func moveAccount(to proxy: TokenProxy) throws {
        let accounts = try String(contentsOf: accountsFile, encoding: .utf8)
        let found = try XCTUnwrap(accounts.range(of: #"127\.0\.0\.1:\d+"#, options: .regularExpression))
        let old = String(accounts[found])
        let folder = accountsFile.deletingLastPathComponent()
        let files = try XCTUnwrap(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        for case let file as URL in files where file.pathExtension == "json" {
            let text = try String(contentsOf: file, encoding: .utf8)
            try Data(text.replacingOccurrences(of: old, with: "127.0.0.1:\(proxy.port)").utf8).write(to: file)
        }
    }
}
