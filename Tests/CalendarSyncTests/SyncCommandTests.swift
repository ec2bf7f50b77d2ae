import Foundation
import TestSupport
import XCTest

/// `koyomi account` and `koyomi sync` as whole processes: a real Radicale, the real keyring of
/// the test session (scripts/test starts one), and the user's calendars in a scratch folder.
final class SyncCommandTests: XCTestCase {
    private var server: RadicaleServer!
    private var dataHome: URL!

    override func setUpWithError() throws {
        server = try RadicaleServer()
        dataHome = try TestEnvironment.makeFolder("koyomi-sync-cli")
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(at: dataHome)
    }

    private func koyomi(_ arguments: String..., input: String? = nil) throws -> ProcessOutput {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dataHome.path
        environment["XDG_CACHE_HOME"] = dataHome.appendingPathComponent("cache").path
        environment["TZ"] = "UTC"
        return try TestEnvironment.run(TestEnvironment.koyomiBinary, arguments, environment: environment, input: input)
    }

    private var keyringRequired: Bool { ProcessInfo.processInfo.environment["KOYOMI_REQUIRE_KEYRING"] != nil }

    func testAddAnAccountSyncBothWaysAndSettleAConflictFromTheShell() async throws {
        try await server.makeCalendar("work", displayName: "Work", color: "#e66100")
        _ = try await server.put("work", uid: "dentist", summary: "Dentist")

        let added = try koyomi("account", "add", server.baseURL.absoluteString, "--user", "alice", "--password-stdin",
                               input: "secret\n")
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(added.stdout.contains("Added alice@127.0.0.1 with “Work”"), added.stdout)
        XCTAssertTrue(added.stdout.contains("Work: 1 received, 0 sent"), added.stdout)
        let accounts = try String(contentsOf: dataHome.appendingPathComponent("koyomi/sync/accounts.json"), encoding: .utf8)
        XCTAssertFalse(accounts.contains("secret"), "the password is never in a file")

        let listed = try koyomi("list", "--date", "2026-12-01")
        XCTAssertTrue(listed.stdout.contains("Dentist  [Work]"), listed.stdout)

        // A plan made here goes up; the keyring has the password now (when one runs).
        XCTAssertEqual(try koyomi("add", "--title", "Review", "--start", "2026-12-02T10:00", "--calendar", "Work").status, 0)
        let synced = keyringRequired ? try koyomi("sync") : try koyomi("sync", "--password-stdin", input: "secret")
        XCTAssertEqual(synced.status, 0, synced.stderr)
        XCTAssertTrue(synced.stdout.contains("Work: 0 received, 1 sent"), synced.stdout)
        let remote = try await server.summaries("work")
        XCTAssertEqual(Set(remote), ["Dentist", "Review"])

        // Both sides change the dentist: listed, then settled by keeping both.
        try await server.changeSummary("work", uid: "dentist", to: "Dentist (theirs)")
        let path = dataHome.appendingPathComponent("koyomi/calendars/work.ics").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "SUMMARY:Dentist", with: "SUMMARY:Dentist (mine)").utf8)
            .write(to: URL(fileURLWithPath: path))
        let conflicted = try koyomi("sync", "--password-stdin", input: "secret")
        XCTAssertTrue(conflicted.stdout.contains("“Dentist (mine)” (dentist) was changed here and on the server"),
                      conflicted.stdout)
        let settled = try koyomi("sync", "--resolve", "dentist", "--keep", "both", "--password-stdin", input: "secret")
        XCTAssertEqual(settled.status, 0, settled.stderr)
        let day = try koyomi("list", "--date", "2026-12-01")
        XCTAssertTrue(day.stdout.contains("Dentist (mine)") && day.stdout.contains("Dentist (theirs)"), day.stdout)
        let after = try await server.summaries("work")
        XCTAssertEqual(Set(after), ["Dentist (theirs)", "Dentist (mine)", "Review"])
    }

    func testAWrongPasswordIsSaidPlainlyAndNothingIsKept() throws {
        let result = try koyomi("account", "add", server.baseURL.absoluteString, "--user", "alice", "--password-stdin",
                                input: "wrong")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("wrong user name or password"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dataHome.appendingPathComponent("koyomi/sync/accounts.json").path))
    }

    func testNoAccountsAndBadArgumentsAreUsageErrors() throws {
        XCTAssertEqual(try koyomi("sync").status, 2)
        XCTAssertTrue(try koyomi("sync").stderr.contains("no accounts or subscriptions yet"))
        let badURL = try koyomi("account", "add", "ftp://example.com", "--user", "a", "--password-stdin", input: "x")
        XCTAssertEqual(badURL.status, 2)
        XCTAssertTrue(badURL.stderr.contains("is not a server address"), badURL.stderr)
        XCTAssertEqual(try koyomi("account", "add", "https://example.com", "--password-stdin", input: "x").status, 2)
    }
}
