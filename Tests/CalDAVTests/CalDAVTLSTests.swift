import CalDAV
import TestSupport
import XCTest

/// Radicale with `ssl = True` and a self-signed certificate made by openssl for this test.
final class CalDAVTLSTests: RadicaleTestCase {
    override var usesTLS: Bool { true }

    /// Koyomi's HTTP (libcurl) trusts only the system CA bundle and offers no per-account
    /// trust. So a self-signed server is a TLS failure with curl's reason.
    func testASelfSignedCertificateIsATLSFailureWithCurlsReason() async throws {
        let server = try radicale()
        XCTAssertEqual(server.baseURL.scheme, "https")

        let error = await caldavError { try await client().discover(from: server.baseURL) }

        guard case .tls(let reason) = error else { return XCTFail("expected .tls, got \(String(describing: error))") }
        XCTAssertTrue(reason.contains("self-signed certificate"), reason)
        XCTAssertEqual(error?.description, "the secure connection failed: \(reason)")
    }
}
