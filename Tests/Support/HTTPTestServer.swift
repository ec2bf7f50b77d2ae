import Foundation
import XCTest

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
        /// 401 with `WWW-Authenticate: Basic` (what hung Foundation's URLSession without a delegate).
        case unauthorized
        /// 302 to a plain-http address elsewhere.
        case insecureRedirect
        /// 200, then one byte every 0.1 s, forever.
        case trickle
        /// A CalDAV 207 answer, cut after N bytes for a request to `/cut/N/…`, whole otherwise.
        case cutAnswers
        /// The same answer whole, after thinking N seconds for a request to `/wait/N/…`.
        case slowStart

        /// The answer `cutAnswers` cuts, and how many of its bytes are status line and headers.
        private static let cutBody = "<d:multistatus xmlns:d=\"DAV:\"/>\n"
        public static let cutReply = "HTTP/1.1 207 Multi-Status\r\nContent-Type: application/xml; charset=utf-8\r\n"
            + "ETag: \"e1\"\r\nContent-Length: \(cutBody.utf8.count)\r\nConnection: close\r\n\r\n" + cutBody
        public static var cutReplyHeaderBytes: Int { cutReply.utf8.count - cutBody.utf8.count }
    }

    public var folder: URL { server.folder }
    public let port: Int
    private let server: ServerProcess

    /// Starts the server and returns once it listens; skips the test when there is no python3.
    public init(_ mode: Mode = .files) throws {
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw XCTSkip("python3 is not installed (apt-get install python3)")
        }
        server = ServerProcess(folder: try TestEnvironment.makeFolder("koyomi-webcal"))
        port = try LoopbackPort.free()
        // -u: unbuffered, so the "Serving HTTP" line arrives while the server runs.
        let arguments = mode == .files
            ? ["-u", "-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", server.folder.path]
            : ["-u", "-c", Self.script, String(port), mode.rawValue] + ([.cutAnswers, .slowStart].contains(mode) ? [Mode.cutReply] : [])
        try server.start(python, arguments, readyLine: "Serving HTTP on", failure: "python3 -m http.server did not start")
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

    /// How many requests for `path` the server logged, once it logged at least `atLeast` (or
    /// a few seconds passed): its log arrives through a pipe, a moment after the answers.
    public func requestCount(_ path: String, atLeast: Int) -> Int {
        func count(_ text: String) -> Int { text.components(separatedBy: "\"GET \(path) HTTP/1.1\"").count - 1 }
        _ = log.wait(timeout: 5) { count($0) >= atLeast }
        return count(log.text)
    }

    /// Stops the server and removes its folder.
    public func stop() { server.stop() }

    /// What the server printed (set once it started).
    private var log: PipeReader { server.log! }

    /// The misbehaving server: one thread per connection, the request line logged as
    /// `http.server` does, so `logged` works for both.
    private static let script = #"""
    import socket, sys, threading, time
    import signal
    # Started from an async test, the process inherits a worker thread's blocked signals:
    # without this, SIGTERM would wait for the 10 s SIGKILL in ServerProcess.stop.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    port, mode = int(sys.argv[1]), sys.argv[2]
    cut_reply = sys.argv[3].encode() if len(sys.argv) > 3 else b""
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
            elif mode == "cutAnswers":
                parts = line.split(" ")[1].split("/")
                cut = int(parts[2]) if len(parts) > 2 and parts[1] == "cut" else len(cut_reply)
                print('"%s" cut %d' % (line, cut), flush=True)
                connection.sendall(cut_reply[:cut])
            elif mode == "slowStart":
                parts = line.split(" ")[1].split("/")
                wait = float(parts[2]) if len(parts) > 2 and parts[1] == "wait" else 0
                print('"%s" wait %s' % (line, wait), flush=True)
                # A cold server building a large listing before its first byte (on purpose).
                time.sleep(wait)
                connection.sendall(cut_reply)
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
}
