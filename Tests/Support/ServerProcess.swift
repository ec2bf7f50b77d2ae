import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A server a test runs as a child process on 127.0.0.1 (`HTTPTestServer`, `RadicaleServer`):
/// its output read through a pipe, stopped with SIGTERM (SIGKILL if it lingers), its folder
/// removed afterwards.
// @unchecked Sendable: its process is only started and stopped from the test.
final class ServerProcess: @unchecked Sendable {
    let folder: URL
    private let process = Process()
    private let exited = DispatchSemaphore(value: 0)
    /// What the server printed (stdout and stderr), from `start` on.
    private(set) var log: PipeReader?

    init(folder: URL) {
        self.folder = folder
    }

    /// Runs the server (in `environment`, else ours) and returns once `readyLine` appears in
    /// its output; otherwise stops it
    /// and throws `StartFailure(what: failure, …)` with what it printed.
    func start(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
               readyLine: String, failure: String) throws {
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
        let log = PipeReader(output)
        self.log = log
        // A dead server ends the pipe instead, and the wait ends with it.
        // An empty `readyLine`: the caller waits in its own way (a name on a bus).
        guard readyLine.isEmpty || log.wait(for: readyLine, timeout: 20) else {
            stop()
            throw StartFailure(what: failure, output: log.text)
        }
    }

    /// SIGTERM, then wait (bounded) for the exit; SIGKILL if it does not go. Removes the folder.
    func stop() {
        if process.isRunning {
            process.terminate()
            if exited.wait(timeout: .now() + 10) == .timedOut {
                Glibc.kill(process.processIdentifier, SIGKILL)
                _ = exited.wait(timeout: .now() + 10)
            }
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Kills the server abruptly (as a crash or a pulled cable would) and waits until it is gone.
    func crash() {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        _ = exited.wait(timeout: .now() + 10)
    }

    /// The server's program is there but it could not be set up: a failure, not a skip.
    struct StartFailure: Error, CustomStringConvertible {
        var what: String
        var output: String
        var description: String { output.isEmpty ? what : "\(what):\n\(output)" }
    }
}

/// Ports on 127.0.0.1 for servers (and silent sockets) a test sets up.
public enum LoopbackPort {
    /// A TCP port nobody listens on right now (bind to port 0, read it back, close).
    public static func free() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerProcess.StartFailure(what: "socket() failed", output: "") }
        defer { close(fd) }
        return try bind(fd)
    }

    /// Binds `fd` to 127.0.0.1 on a port the kernel picks and returns that port.
    public static func bind(_ fd: Int32) throws -> Int {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw ServerProcess.StartFailure(what: "bind() failed", output: "") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
