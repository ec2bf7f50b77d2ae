import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A real web server for one test on 127.0.0.1 and a free port: Python's `http.server`
/// serving a temporary folder, or a tiny scripted server that misbehaves on purpose.
///
/// `http.server` answers `If-Modified-Since` with 304 (from the file's modification time, in
/// whole seconds), sends no ETag, and logs each request with its status on stderr.
// @unchecked Sendable: tests hand it to async helpers; its process is only started and stopped from the test.
public final class HTTPTestServer: @unchecked Sendable {
    /// How the server answers every request.
    public enum Mode: String, Sendable {
        /// Files from `folder`.
        case files
        /// 401 with `WWW-Authenticate: Basic` (what hangs URLSession without a delegate).
        case unauthorized
        /// 302 to a plain-http address elsewhere.
        case insecureRedirect
        /// 200, then one byte every 0.1 s, forever.
        case trickle
    }

    public let folder: URL
    public let port: Int
    private let process = Process()
    private let exited = DispatchSemaphore(value: 0)
    private let log: PipeReader

    /// Starts the server and returns once it listens; skips the test when there is no python3.
    public init(_ mode: Mode = .files) throws {
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw XCTSkip("python3 is not installed (apt-get install python3)")
        }
        folder = try TestEnvironment.makeFolder("koyomi-webcal")
        port = try Self.freePort()
        process.executableURL = python
        // -u: unbuffered, so the "Serving HTTP" line arrives while the server runs.
        process.arguments = mode == .files
            ? ["-u", "-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", folder.path]
            : ["-u", "-c", Self.script, String(port), mode.rawValue]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
        log = PipeReader(output)
        guard log.wait(for: "Serving HTTP on", timeout: 20) else {
            stop()
            throw ServerFailure(description: "python3 -m http.server did not start:\n\(log.text)")
        }
    }

    /// `http://127.0.0.1:<port>/<name>`.
    public func url(_ name: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(name)")!
    }

    /// Puts a file in the served folder with the given modification time (which the server
    /// sends as Last-Modified and compares If-Modified-Since with).
    public func serve(_ text: String, as name: String, modified: Date) throws {
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        try touch(name, modified: modified)
    }

    /// Changes only the modification time: the same bytes, "modified" later.
    public func touch(_ name: String, modified: Date) throws {
        try FileManager.default.setAttributes([.modificationDate: modified],
                                              ofItemAtPath: folder.appendingPathComponent(name).path)
    }

    /// Whether the server logged a request line for `path` answered with `status` (its log
    /// arrives through a pipe, a moment after the answer).
    public func logged(_ path: String, status: Int) -> Bool {
        log.wait(for: "\"GET \(path) HTTP/1.1\" \(status)", timeout: 5)
    }

    /// How many requests for `path` the server logged so far.
    public func requestCount(_ path: String) -> Int {
        log.text.components(separatedBy: "\"GET \(path) HTTP/1.1\"").count - 1
    }

    /// SIGTERM, then wait (bounded) for the exit; SIGKILL if it does not go. Removes the folder.
    public func stop() {
        if process.isRunning {
            process.terminate()
            if exited.wait(timeout: .now() + 10) == .timedOut {
                Glibc.kill(process.processIdentifier, SIGKILL)
                _ = exited.wait(timeout: .now() + 10)
            }
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// The misbehaving server: one thread per connection, the request line logged as
    /// `http.server` does, so `logged` works for both.
    private static let script = #"""
    import socket, sys, threading, time
    port, mode = int(sys.argv[1]), sys.argv[2]
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(8)
    print("Serving HTTP on 127.0.0.1 port %d" % port, flush=True)
    def answer(connection):
        try:
            request = b""
            while b"\r\n\r\n" not in request:
                chunk = connection.recv(4096)
                if not chunk:
                    return
                request += chunk
            line = request.split(b"\r\n")[0].decode()
            if mode == "unauthorized":
                print('"%s" 401' % line, flush=True)
                connection.sendall(b'HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm="calendar"\r\n'
                                   b"Content-Length: 5\r\nConnection: close\r\n\r\nlogin")
            elif mode == "insecureRedirect":
                print('"%s" 302' % line, flush=True)
                connection.sendall(b"HTTP/1.1 302 Found\r\nLocation: http://example.com/cal.ics\r\n"
                                   b"Content-Length: 0\r\nConnection: close\r\n\r\n")
            else:
                print('"%s" 200' % line, flush=True)
                connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/calendar\r\nConnection: close\r\n\r\n")
                # The misbehaving server itself is slow on purpose (a byte every 0.1 s, forever):
                # the test waits on Koyomi's own time limit, never on a sleep of its own.
                while True:
                    connection.sendall(b"X")
                    time.sleep(0.1)
        except OSError:
            pass
        finally:
            connection.close()
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=answer, args=(connection,), daemon=True).start()
    """#

    struct ServerFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// A TCP port nobody listens on right now (bind to port 0, read it back, close).
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerFailure(description: "socket() failed") }
        defer { close(fd) }
        return try bindLoopback(fd)
    }

    /// Binds `fd` to 127.0.0.1 on a port the kernel picks and returns that port.
    public static func bindLoopback(_ fd: Int32) throws -> Int {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw ServerFailure(description: "bind() failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
