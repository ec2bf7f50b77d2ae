import CalDAV
import TestSupport
import XCTest

/// Base class: a fresh Radicale per test (started in setUp, stopped in tearDown) and a client
/// for alice with the right password.
class RadicaleTestCase: XCTestCase {
    private(set) var server: RadicaleServer?

    /// Subclasses that need TLS say so.
    var usesTLS: Bool { false }

    override func setUpWithError() throws {
        server = try RadicaleServer(tls: usesTLS)
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    /// The running server (setUp skipped or threw otherwise).
    func radicale() throws -> RadicaleServer {
        try XCTUnwrap(server, "Radicale is not running")
    }

    /// A client for alice on this server; a short timeout keeps failure tests quick.
    func client(password: String = "secret") throws -> CalDAVClient {
        CalDAVClient(baseURL: try radicale().baseURL, user: "alice", password: password, timeout: 10)
    }

    /// Runs `body` and returns the CalDAVError it throws (failing when it throws none or another).
    func caldavError<T>(_ body: () async throws -> T, file: StaticString = #filePath, line: UInt = #line) async -> CalDAVError? {
        do {
            let value = try await body()
            XCTFail("expected a CalDAVError, got \(value)", file: file, line: line)
        } catch let error as CalDAVError {
            return error
        } catch {
            XCTFail("expected a CalDAVError, got \(error)", file: file, line: line)
        }
        return nil
    }
}
