import CalDAV
import Foundation
import TestSupport
import XCTest

/// TLS with a self-signed certificate that is trusted: the only trust Koyomi's HTTP (libcurl)
/// has is the system bundle (/etc/ssl/certs/ca-certificates.crt, libcurl's default). So the test runs itself again
/// in a private mount namespace (`unshare -r -m`) where that file is the system bundle plus
/// the test's certificate — what a user gets by adding their CA to the system store.
final class CalDAVTrustedTLSTests: RadicaleTestCase {
    override var usesTLS: Bool { true }
    private static let childVariable = "KOYOMI_CALDAV_TRUSTED_TLS_URL"
    private static let systemBundle = "/etc/ssl/certs/ca-certificates.crt"

    func testAServerWhoseCertificateIsInTheSystemBundleIsTrusted() async throws {
        if let address = ProcessInfo.processInfo.environment[Self.childVariable] {
            // The child, inside the namespace: the parent's server must be usable over TLS.
            let url = try XCTUnwrap(URL(string: address))
            let client = CalDAVClient(baseURL: url, user: "alice", password: "secret", timeout: 10)
            _ = try await client.discover(from: url)
            return
        }
        let server = try radicale()
        let bundle = server.folder.appendingPathComponent("bundle.pem")
        let system = try Data(contentsOf: URL(fileURLWithPath: Self.systemBundle))
        try (system + Data(contentsOf: server.certificate)).write(to: bundle)
        let runner = CommandLine.arguments[0]
        let test = "CalDAVTests.CalDAVTrustedTLSTests/testAServerWhoseCertificateIsInTheSystemBundleIsTrusted"
        let script = "mount --bind \"$1\" \"$2\" && exec \"$3\" \"$4\""

        let child = try TestEnvironment.run(
            URL(fileURLWithPath: "/usr/bin/unshare"),
            ["-r", "-m", "sh", "-c", script, "sh", bundle.path, Self.systemBundle, runner, test],
            environment: TestEnvironment.childEnvironment([Self.childVariable: server.baseURL.absoluteString]))

        XCTAssertEqual(child.status, 0, "the child run failed (it needs user + mount namespaces: unshare -r -m):\n\(child.stdout)\n\(child.stderr)")
        XCTAssertTrue(child.stdout.contains("Executed 1 test, with 0 failures"), child.stdout)
    }
}
