import Foundation
import XCTest

/// A real SabreDAV 1.8 (Debian's `php-sabre-dav`, the engine of older Baïkal and ownCloud) under
/// `php -S` on 127.0.0.1, calendars in an SQLite file in a throwaway folder. It has no
/// `sync-collection`, so the sync falls back to comparing ETags against it. One user, "test"
/// with password "secret" (HTTP Basic), and one calendar, "work".
public final class SabreDAVServer: CalDAVTestServer, @unchecked Sendable {
    public let user = "test"
    public let password = "secret"
    public let defaultCalendar = "work"
    public var folder: URL { server.folder }
    public let port: Int
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    private let server: ServerProcess
    private static let php = URL(fileURLWithPath: "/usr/bin/php")
    private static let library = "/usr/share/php/Sabre/autoload.php"
    private static let schemas = "/usr/share/doc/php-sabre-dav/examples/sql"
    /// The server script, beside this file (`php -S` runs it for every request).
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("sabredav-server.php")

    /// Starts the server and returns once it listens; skips the test when PHP or SabreDAV is missing.
    public init() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.php.path), FileManager.default.fileExists(atPath: Self.library),
              FileManager.default.fileExists(atPath: Self.schemas + "/sqlite.calendars.sql") else {
            throw XCTSkip("SabreDAV is not installed (apt-get install php-sabre-dav php-cli php-sqlite3)")
        }
        server = ServerProcess(folder: try TestEnvironment.makeFolder("koyomi-sabredav"))
        port = try LoopbackPort.free()
        let database = folder.appendingPathComponent("calendars.sqlite").path
        try Self.makeDatabase(at: database)
        var environment = ProcessInfo.processInfo.environment
        environment["KOYOMI_SABRE_DB"] = database
        try server.start(Self.php, ["-S", "127.0.0.1:\(port)", Self.script.path], environment: environment,
                         readyLine: "Development Server (http://127.0.0.1:\(port)) started", failure: "SabreDAV did not start")
    }

    public func stop() { server.stop() }

    public func calendarPath(_ name: String) -> String { "calendars/test/\(name)/" }

    /// SabreDAV's own SQLite schema (principals and calendars), the test user as its
    /// principal, and the calendar "work".
    private static func makeDatabase(at path: String) throws {
        let principals = try String(contentsOfFile: schemas + "/sqlite.principals.sql", encoding: .utf8)
            .replacingOccurrences(of: "principals/admin", with: "principals/test")
        let calendars = try String(contentsOfFile: schemas + "/sqlite.calendars.sql", encoding: .utf8)
        let work = "INSERT INTO calendars (principaluri, displayname, uri, ctag, calendarcolor, components) "
            + "VALUES ('principals/test', 'Work', 'work', 1, '#3584e4', 'VEVENT');"
        let process = Process()
        process.executableURL = php
        process.arguments = ["-r", "$p = new PDO('sqlite:' . $argv[1]); $p->exec(stream_get_contents(STDIN));", path]
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data((principals + calendars + work).utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ServerProcess.StartFailure(what: "SabreDAV's database could not be made", output: "")
        }
    }
}
