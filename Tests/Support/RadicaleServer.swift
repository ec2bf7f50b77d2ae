import Foundation
import XCTest

/// A real Radicale (Debian's python3-radicale) on 127.0.0.1 for one test: its own config,
/// htpasswd users file (alice:secret) and storage under a temporary folder.
// @unchecked Sendable: tests hand it to async helpers; its process is only started and stopped from the test.
public final class RadicaleServer: @unchecked Sendable {
    public var folder: URL { server.folder }
    public let port: Int
    public let usesTLS: Bool
    /// The self-signed certificate the server presents (TLS only).
    public var certificate: URL { folder.appendingPathComponent("cert.pem") }
    public var baseURL: URL { URL(string: "\(usesTLS ? "https" : "http")://127.0.0.1:\(port)")! }
    private let server: ServerProcess

    /// Starts the server and returns once it answers; skips the test when Radicale is missing.
    public init(tls: Bool = false) throws {
        guard let python = Self.python else {
            throw XCTSkip("python3-radicale is not installed (apt-get install python3-radicale): no python3 can import radicale")
        }
        server = ServerProcess(folder: try TestEnvironment.makeFolder("koyomi-radicale"))
        port = try LoopbackPort.free()
        usesTLS = tls
        try "alice:secret\n".write(to: folder.appendingPathComponent("users"), atomically: true, encoding: .utf8)
        var settings = "[server]\nhosts = 127.0.0.1:\(port)\n"
        if tls {
            try makeCertificate()
            settings += "ssl = True\ncertificate = \(certificate.path)\nkey = \(folder.appendingPathComponent("key.pem").path)\n"
        }
        let config = settings + """
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

        try server.start(python, ["-m", "radicale", "--config", configFile.path],
                         // Radicale logs this line once its socket listens.
                         readyLine: "Radicale server ready", failure: "Radicale did not start")
    }

    /// SIGTERM, then wait (bounded) for the exit; SIGKILL if it does not go. Removes the folder.
    public func stop() { server.stop() }

    /// Kills the server abruptly (as a crash or a pulled cable would) and waits until it is gone.
    public func crash() { server.crash() }

    /// Whether the server logs `needle` within a few seconds (its log arrives through a pipe,
    /// a moment after the answer).
    public func logs(_ needle: String) -> Bool { server.log?.wait(for: needle, timeout: 5) ?? false }

    private func makeCertificate() throws {
        let result = try TestEnvironment.run(
            URL(fileURLWithPath: "/usr/bin/openssl"),
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
             "-addext", "subjectAltName=IP:127.0.0.1",
             "-keyout", folder.appendingPathComponent("key.pem").path, "-out", certificate.path],
            environment: ProcessInfo.processInfo.environment)
        guard result.status == 0 else { throw ServerProcess.StartFailure(what: "openssl could not make a certificate", output: result.stderr) }
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
}
