import CalDAV
import CalendarEditing
import CalendarSync
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
        try TestEnvironment.koyomi(arguments, dataHome: dataHome, input: input)
    }

    private var keyringRequired: Bool { ProcessInfo.processInfo.environment["KOYOMI_REQUIRE_KEYRING"] != nil }

    /// One calendar's address brings that calendar alone, and says so (issue 15).
    func testAddingACalendarsOwnAddressAddsJustThatCalendar() async throws {
        try await server.makeCalendar("work", displayName: "Work", color: "#e66100")
        try await server.makeCalendar("home", displayName: "Home", color: nil)
        let added = try koyomi("account", "add", server.calendarURL("home").absoluteString, "--user", "alice",
                               "--password-stdin", input: "secret\n")
        XCTAssertEqual(added.status, 0, added.stderr)
        XCTAssertTrue(added.stdout.hasPrefix("Added alice@127.0.0.1 with “Home” (the address is that calendar's; "
                                             + "give the server's address to choose among all its calendars)\n"), added.stdout)
        XCTAssertFalse(added.stdout.contains("Work"), added.stdout)
    }

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

    func testASyncKilledMidwayResumesWithoutDuplicatesOrLosses() throws {
        let server = self.server!
        try runBlocking { try await server.makeCalendar("work", displayName: "Work", color: "#e66100") }
        XCTAssertEqual(try koyomi("account", "add", server.baseURL.absoluteString, "--user", "alice", "--password-stdin",
                                  input: "secret").status, 0)
        // 200 plans made here while offline, then a sync that is killed after a few uploads.
        let path = dataHome.appendingPathComponent("koyomi/calendars/work.ics").path
        let events = (0..<200).map { number in
            let uid = String(format: "plan-%03d", number)
            return "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261129T120000Z\r\nDTSTART;VALUE=DATE:20261201\r\n"
                + "SUMMARY:Plan \(number)\r\nEND:VEVENT\r\n"
        }.joined()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "END:VCALENDAR", with: events + "END:VCALENDAR").utf8)
            .write(to: URL(fileURLWithPath: path))

        let sync = Process()
        sync.executableURL = TestEnvironment.koyomiBinary
        sync.arguments = ["sync", "--password-stdin"]
        sync.environment = TestEnvironment.childEnvironment(["XDG_DATA_HOME": dataHome.path])
        let stdin = Pipe()
        sync.standardInput = stdin
        sync.standardOutput = FileHandle.nullDevice
        sync.standardError = FileHandle.nullDevice
        try sync.run()
        stdin.fileHandleForWriting.write(Data("secret".utf8))
        try stdin.fileHandleForWriting.close()
        XCTAssertTrue(server.logs("PUT response status for '/alice/work/plan-005.ics'"), "the uploads started")
        kill(sync.processIdentifier, SIGKILL)
        sync.waitUntilExit()
        let client = CalDAVClient(baseURL: server.baseURL, user: "alice", password: "secret")
        let collection = server.calendarURL("work")
        let partial = try runBlocking { try await client.listETags(calendar: collection) }
        XCTAssertLessThan(partial.count, 200, "the sync was cut off midway")

        let resumed = try koyomi("sync", "--password-stdin", input: "secret")
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        XCTAssertFalse(resumed.stdout.contains("to decide"), resumed.stdout)
        let all = try runBlocking { try await client.listETags(calendar: collection) }
        XCTAssertEqual(all.count, 200, "every plan is on the server once")
        let local = try CalendarDocument.load(path: path, timeZone: TimeZone(identifier: "UTC")!).document
        XCTAssertEqual(local.eventUIDs.count, 200, "and once here")
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
