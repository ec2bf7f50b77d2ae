import Foundation
import XCTest

/// A proxy on 127.0.0.1 in front of a real server that breaks chosen requests the way a flaky
/// server or network does (issue 15). Each fault names a method, which of its requests (1 =
/// the first), and what happens:
/// - `reset`: the request reaches the server (a PUT is stored), then the connection closes
///   before any answer comes back;
/// - `half`: half the request body arrives, then the connection closes (the server sees nothing);
/// - `503`, `507`, `500`: answered with that status, the server never sees the request;
/// - `trickle`: the server's status and headers are passed on, then its body two bytes a
///   second (a connection that never goes quite silent).
/// Everything else passes through unchanged. Python's standard library only.
// @unchecked Sendable: tests hand it to async helpers; its process is only started and stopped from the test.
public final class FaultProxy: @unchecked Sendable {
    public struct Fault: Sendable {
        public var method: String
        public var occurrence: Int
        public var action: String

        public init(_ method: String, _ occurrence: Int, _ action: String) {
            self.method = method
            self.occurrence = occurrence
            self.action = action
        }
    }

    public let port: Int
    private let server: ServerProcess

    public init(to upstream: URL, faults: [Fault]) throws {
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        guard FileManager.default.isExecutableFile(atPath: python.path) else { throw XCTSkip("python3 is not installed") }
        server = ServerProcess(folder: try TestEnvironment.makeFolder("koyomi-proxy"))
        port = try LoopbackPort.free()
        let plan = faults.map { "\($0.method):\($0.occurrence):\($0.action)" }.joined(separator: ",")
        try server.start(python, ["-u", "-c", Self.script, String(port), String(upstream.port ?? 80), plan],
                         readyLine: "proxy ready", failure: "the fault proxy did not start")
    }

    /// The same address as the server's, through the proxy.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    public func stop() { server.stop() }

    private static let script = #"""
    import socket, sys, threading, time
    import signal
    # Started from an async test, the process inherits a worker thread's blocked signals:
    # without this, SIGTERM would wait for the 10 s SIGKILL in ServerProcess.stop.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    port, upstream, plan = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    faults = {}
    for item in filter(None, plan.split(",")):
        method, occurrence, action = item.split(":")
        faults[(method, int(occurrence))] = action
    seen, lock = {}, threading.Lock()

    def read_message(connection, first=b""):
        data = first
        while b"\r\n\r\n" not in data:
            chunk = connection.recv(65536)
            if not chunk:
                return data, None
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
        return head, body, length

    def serve(client):
        try:
            got = read_message(client)
            if got[1] is None:
                return
            head, body, length = got
            method = head.split(b" ")[0].decode()
            with lock:
                seen[method] = seen.get(method, 0) + 1
                action = faults.get((method, seen[method]))
            if action == "half":
                while len(body) < length // 2:
                    body += client.recv(65536)
                return
            while len(body) < length:
                chunk = client.recv(65536)
                if not chunk:
                    return
                body += chunk
            if action in ("500", "503", "507"):
                text = b"injected fault"
                client.sendall(b"HTTP/1.1 " + action.encode() + b" Fault\r\nContent-Length: %d\r\nConnection: close\r\n\r\n"
                               % len(text) + text)
                return
            # One request per connection upstream; the answer is read whole (until close).
            lines = head.split(b"\r\n")
            lines = [l for l in lines if not l.lower().startswith(b"connection:")] + [b"Connection: close"]
            server = socket.create_connection(("127.0.0.1", upstream))
            server.sendall(b"\r\n".join(lines) + b"\r\n\r\n" + body)
            answer = b""
            while True:
                chunk = server.recv(65536)
                if not chunk:
                    break
                answer += chunk
            server.close()
            if action == "reset":
                return
            if action == "trickle":
                head, _, rest = answer.partition(b"\r\n\r\n")
                client.sendall(head + b"\r\n\r\n")
                for index in range(0, len(rest), 2):
                    client.sendall(rest[index:index + 2])
                    time.sleep(1)
                return
            client.sendall(answer)
        except OSError:
            pass
        finally:
            client.close()

    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(16)
    print("proxy ready", flush=True)
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=serve, args=(connection,), daemon=True).start()
    """#
}
