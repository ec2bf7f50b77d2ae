import Foundation
import XCTest

/// A real Xandikos (Debian's `xandikos`, a git-backed CalDAV server) on 127.0.0.1 in a
/// throwaway folder, for running the sync against a second server's habits. Xandikos has no
/// authentication of its own: Koyomi's Basic credentials are sent and ignored.
public final class XandikosServer: CalDAVTestServer, @unchecked Sendable {
    public var folder: URL { server.folder }
    public let port: Int
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    private let server: ServerProcess
    public static let executable = URL(fileURLWithPath: "/usr/bin/xandikos")

    /// Starts the server (alice's principal, her default calendar "calendar") and returns once
    /// it listens; skips the test when Xandikos is missing.
    public init() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable.path) else {
            throw XCTSkip("xandikos is not installed (apt-get install xandikos)")
        }
        server = ServerProcess(folder: try TestEnvironment.makeFolder("koyomi-xandikos"))
        port = try LoopbackPort.free()
        try server.start(Self.executable, ["-d", folder.appendingPathComponent("root").path, "--defaults",
                                           "-l", "127.0.0.1", "-p", String(port), "--current-user-principal", "/alice/"],
                         readyLine: "Running on http://127.0.0.1:", failure: "Xandikos did not start")
    }

    public func stop() { server.stop() }

    public let user = "alice"
    /// Xandikos checks no password.
    public let password = "unused"
    public let defaultCalendar = "calendar"
    public func calendarPath(_ name: String) -> String { "alice/calendars/\(name)/" }
}
