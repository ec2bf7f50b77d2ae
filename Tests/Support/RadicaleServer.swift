import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A real Radicale (Debian's python3-radicale) on 127.0.0.1 for one test: its own config,
/// htpasswd users file (alice:secret) and storage under a temporary folder.
// @unchecked Sendable: tests hand it to async helpers; its process is only started and stopped from the test.
public final class RadicaleServer: @unchecked Sendable {
    public let folder: URL
    public let port: Int
    public let usesTLS: Bool
    /// The self-signed certificate the server presents (TLS only).
    public var certificate: URL { folder.appendingPathComponent("cert.pem") }
    public var baseURL: URL { URL(string: "\(usesTLS ? "https" : "http")://127.0.0.1:\(port)")! }
    private let process = Process()
    private let exited = DispatchSemaphore(value: 0)
    private var log: PipeReader?

    /// Starts the server and returns once it answers; skips the test when Radicale is missing.
    public init(tls: Bool = false) throws {
        guard let python = Self.python else {
            throw XCTSkip("python3-radicale is not installed (apt-get install python3-radicale): no python3 can import radicale")
        }
        folder = try TestEnvironment.makeFolder("koyomi-radicale")
        port = try Self.freePort()
        usesTLS = tls
        try "alice:secret\n".write(to: folder.appendingPathComponent("users"), atomically: true, encoding: .utf8)
        var server = "[server]\nhosts = 127.0.0.1:\(port)\n"
        if tls {
            try makeCertificate()
            server += "ssl = True\ncertificate = \(certificate.path)\nkey = \(folder.appendingPathComponent("key.pem").path)\n"
        }
        let config = server + """
            [auth]
            type = htpasswd
            htpasswd_filename = \(folder.appendingPathComponent("users").path)
            htpasswd_encryption = plain
            [storage]
            filesystem_folder = \(folder.appendingPathComponent("collections").path)
            [logging]
            level = info
            """
        let configFile = folder.appendingPathComponent("config")
        try config.write(to: configFile, atomically: true, encoding: .utf8)

        process.executableURL = python
        process.arguments = ["-m", "radicale", "--config", configFile.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
        let log = PipeReader(output)
        self.log = log
        // Radicale logs this line once its socket listens; a dead server ends the pipe instead.
        guard log.wait(for: "Radicale server ready", timeout: 20) else {
            stop()
            throw StartFailure(what: "Radicale did not start", output: log.text)
        }
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

    /// Kills the server abruptly (as a crash or a pulled cable would) and waits until it is gone.
    public func crash() {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        _ = exited.wait(timeout: .now() + 10)
    }

    /// What the server logged so far (for failure messages).
    public var logText: String { log?.text ?? "" }

    /// Whether the server logs `needle` within a few seconds (its log arrives through a pipe,
    /// a moment after the answer).
    public func logs(_ needle: String) -> Bool { log?.wait(for: needle, timeout: 5) ?? false }

    private func makeCertificate() throws {
        let result = try TestEnvironment.run(
            URL(fileURLWithPath: "/usr/bin/openssl"),
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
             "-addext", "subjectAltName=IP:127.0.0.1",
             "-keyout", folder.appendingPathComponent("key.pem").path, "-out", certificate.path],
            environment: ProcessInfo.processInfo.environment)
        guard result.status == 0 else { throw StartFailure(what: "openssl could not make a certificate", output: result.stderr) }
    }

    /// A python3 that can import radicale, looked for once per test run: Debian's
    /// /usr/bin/python3 first, because a python3 earlier on PATH (pyenv, venv) does not see
    /// Debian's dist-packages.
    private static let python: URL? = {
        var candidates = ["/usr/bin/python3"]
        if let path = ProcessInfo.processInfo.environment["PATH"] {
            candidates += path.split(separator: ":").map { "\($0)/python3" }
        }
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate) {
            let url = URL(fileURLWithPath: candidate)
            if let probe = try? TestEnvironment.run(url, ["-c", "import radicale.server"], environment: ProcessInfo.processInfo.environment),
               probe.status == 0 {
                return url
            }
        }
        return nil
    }()

    /// Radicale is installed but the server could not be set up: a failure, not a skip.
    struct StartFailure: Error, CustomStringConvertible {
        var what: String
        var output: String
        var description: String { "\(what):\n\(output)" }
    }

    /// A TCP port nobody listens on right now (bind to port 0, read it back, close).
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw CocoaError(.fileReadUnknown) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw CocoaError(.fileReadUnknown) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
