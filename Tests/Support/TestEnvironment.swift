import Foundation

/// Things the process-level tests share: where `koyomi` was built, a scratch folder, a bus.
public enum TestEnvironment {
    /// SwiftPM builds the test runner next to the executables in .build/<config>/.
    public static var koyomiBinary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("koyomi")
    }

    /// The instant every `koyomi` child's clock starts at (`KOYOMI_NOW`), unless a test pins
    /// its own: `KOYOMI_TEST_NOW` when the suite is run on another day on purpose
    /// (scripts/test-any-day), else the in-process window tests' Sunday 2026-11-29 12:00 UTC.
    public static var childNow: String {
        let chosen = ProcessInfo.processInfo.environment["KOYOMI_TEST_NOW"] ?? ""
        return chosen.isEmpty ? "2026-11-29T12:00:00Z" : chosen
    }

    /// The environment for a `koyomi` child: ours, with its clock, zone and locale pinned (UTC,
    /// C.UTF-8, `childNow`) so it never sees the machine's, and the fast renderer for Xvfb.
    /// `extra` wins, e.g. `["LANG": "ja_JP.UTF-8"]` or another `KOYOMI_NOW`.
    public static func childEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
        let pinned = ["GSK_RENDERER": "cairo", "KOYOMI_NOW": childNow, "TZ": "UTC",
                      "LANG": "C.UTF-8", "LC_ALL": "", "LC_TIME": "", "LC_MESSAGES": "", "LANGUAGE": ""]
        return ProcessInfo.processInfo.environment.merging(pinned.merging(extra) { $1 }) { $1 }
    }

    /// Runs the built `koyomi` command with its data (and cache) under `dataHome`, pinned as
    /// `childEnvironment` pins it.
    public static func koyomi(_ arguments: [String], dataHome: URL, input: String? = nil,
                              environment extra: [String: String] = [:], timeout: TimeInterval? = nil) throws -> ProcessOutput {
        let environment = childEnvironment(["XDG_DATA_HOME": dataHome.path,
                                            "XDG_CACHE_HOME": dataHome.appendingPathComponent("cache").path]
            .merging(extra) { $1 })
        return try run(koyomiBinary, arguments, environment: environment, input: input, timeout: timeout)
    }

    /// Whether the tests run inside their own D-Bus session (scripts/test provides one).
    public static var hasSessionBus: Bool {
        ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil
    }

    /// A new empty folder under the temporary directory; remove it when done.
    public static func makeFolder(_ prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

/// What a finished child process said.
public struct ProcessOutput: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// The child was still running after the `timeout` it was given, and was killed.
    public var timedOut = false
    /// Ended by a signal (`status` is then the signal's number).
    public var wasSignalled = false
}

extension TestEnvironment {
    /// Runs `executable` to the end, reading its stdout and stderr at the same time (a child
    /// that fills one pipe while we wait on the other would never finish).
    /// `input`, when given, is written to its stdin (then closed). With a `timeout`, a child
    /// still running after that many seconds is killed (`timedOut`), so a test of something
    /// that must end in bounded time fails instead of hanging the suite.
    public static func run(_ executable: URL, _ arguments: [String], environment: [String: String],
                           input: String? = nil, timeout: TimeInterval? = nil) throws -> ProcessOutput {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = input.map { _ in Pipe() }
        if let stdin { process.standardInput = stdin }
        try process.run()
        if let stdin, let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let (stdout, stderr) = (PipeReader(out), PipeReader(err))
        let killer = timeout.map { seconds in
            let timer = DispatchSource.makeTimerSource(queue: .global())
            let pid = process.processIdentifier
            timer.schedule(deadline: .now() + seconds)
            timer.setEventHandler { kill(pid, SIGKILL) }
            timer.resume()
            return timer
        }
        process.waitUntilExit()
        killer?.cancel()
        let signalled = process.terminationReason == .uncaughtSignal
        return ProcessOutput(status: process.terminationStatus, stdout: stdout.textUntilEnd(), stderr: stderr.textUntilEnd(),
                             timedOut: signalled && process.terminationStatus == SIGKILL, wasSignalled: signalled)
    }
}
