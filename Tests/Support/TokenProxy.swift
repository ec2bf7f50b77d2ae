import Foundation
import XCTest

/// Google's side of the GOA tests: a proxy on 127.0.0.1 in front of Radicale that accepts only
/// `Authorization: Bearer <token>` with the token in `tokenFile` (read per request, so a test
/// revokes a token by writing another), and talks to Radicale as alice. A 401 otherwise.
/// `revokeAfter`: after that many accepted requests the proxy itself revokes the token (writes
/// `<token>-renewed`), so a sync is cut mid-way. `faults` answer a method's n-th request (and
/// with `every`, each one from then on) as Google does when it wants less: "429" (with
/// `Retry-After: 1`) or "403rate" (its 403 `rateLimitExceeded`). Python's standard library only.
public final class TokenProxy: @unchecked Sendable {
    public let port: Int
    private let server: ServerProcess

    public init(to upstream: URL, tokenFile: URL, revokeAfter: Int = 0, faults: [FaultProxy.Fault] = []) throws {
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        guard FileManager.default.isExecutableFile(atPath: python.path) else { throw XCTSkip("python3 is not installed") }
        server = ServerProcess(folder: try TestEnvironment.makeFolder("koyomi-token-proxy"))
        port = try LoopbackPort.free()
        let plan = faults.map { "\($0.method):\($0.occurrence):\($0.action)" }.joined(separator: ",")
        try server.start(python, ["-u", "-c", Self.script, String(port), String(upstream.port ?? 80), tokenFile.path,
                                  String(revokeAfter), plan],
                         readyLine: "proxy ready", failure: "the token proxy did not start")
    }

    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    public func stop() { server.stop() }

    /// How many requests were refused for a wrong or revoked token, and answered "slow down".
    public var refusals: Int { lines("refused") }
    public var slowDowns: Int { lines("slow down") }

    private func lines(_ word: String) -> Int {
        (server.log?.text ?? "").split(separator: "\n").filter { $0.hasPrefix(word) }.count
    }

    private static let script = #"""
    import base64, socket, sys, threading
    import signal
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    port, upstream, token_file, revoke_after, plan = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), sys.argv[5]
    faults = {}
    for item in filter(None, plan.split(",")):
        method, occurrence, action = item.split(":")
        faults[(method, int(occurrence))] = action
    seen, accepted, lock = {}, [0], threading.Lock()
    alice = b"Basic " + base64.b64encode(b"alice:secret")
    GOOGLE_403 = b'{"error":{"errors":[{"domain":"usageLimits","reason":"rateLimitExceeded","message":"Rate Limit Exceeded"}],"code":403,"message":"Rate Limit Exceeded"}}'

    def answer(client, status, extra=b"", body=b""):
        client.sendall(b"HTTP/1.1 " + status + b"\r\nContent-Length: %d\r\nConnection: close\r\n" % len(body) + extra
                       + b"\r\n" + body)

    def serve(client):
        try:
            data = b""
            while b"\r\n\r\n" not in data:
                chunk = client.recv(65536)
                if not chunk:
                    return
                data += chunk
            head, _, body = data.partition(b"\r\n\r\n")
            lines = head.split(b"\r\n")
            length, authorization = 0, b""
            for line in lines[1:]:
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value.strip())
                if name.strip().lower() == b"authorization":
                    authorization = value.strip()
            while len(body) < length:
                chunk = client.recv(65536)
                if not chunk:
                    return
                body += chunk
            method = lines[0].split(b" ")[0].decode()
            with lock:
                token = open(token_file).read().strip()
                if authorization != b"Bearer " + token.encode():
                    print("refused", method, authorization.decode(), flush=True)
                    return answer(client, b"401 Unauthorized", b'WWW-Authenticate: Bearer realm="Google"\r\n')
                seen[method] = seen.get(method, 0) + 1
                action = faults.get((method, seen[method])) or next(
                    (a for (m, n), a in faults.items() if m == method and a.endswith("every") and seen[method] >= n), None)
                if action and action.endswith("every"):
                    action = action[:-len("every")]
                if action == "429":
                    print("slow down", method, flush=True)
                    return answer(client, b"429 Too Many Requests", b"Retry-After: 1\r\n")
                if action == "403rate":
                    print("slow down", method, flush=True)
                    return answer(client, b"403 Forbidden", b"Content-Type: application/json\r\n", GOOGLE_403)
                accepted[0] += 1
                if revoke_after and accepted[0] == revoke_after:
                    with open(token_file, "w") as f:
                        f.write(token + "-renewed")
                    print("revoked", token, flush=True)
            kept = [l for l in lines[1:] if not l.lower().startswith((b"connection:", b"authorization:"))]
            request = b"\r\n".join([lines[0]] + kept + [b"Authorization: " + alice, b"Connection: close"])
            server = socket.create_connection(("127.0.0.1", upstream))
            server.sendall(request + b"\r\n\r\n" + body)
            reply = b""
            while True:
                chunk = server.recv(65536)
                if not chunk:
                    break
                reply += chunk
            server.close()
            client.sendall(reply)
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
