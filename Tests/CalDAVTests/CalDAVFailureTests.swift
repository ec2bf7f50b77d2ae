import CalDAV
import TestSupport
import XCTest

final class CalDAVFailureTests: RadicaleTestCase {
    func testAWrongPasswordIsUnauthorizedInPlainWords() async throws {
        let server = try radicale()
        let client = try client(password: "not-the-password")

        let error = await caldavError { try await client.discover(from: server.baseURL) }

        XCTAssertEqual(error, .unauthorized)
        XCTAssertEqual(error?.description, "wrong user name or password")
    }

    func testAKilledServerIsUnreachableWithCurlsReason() async throws {
        let server = try radicale()
        try await server.makeCalendar("work", displayName: "Work", color: nil)
        let client = try client()
        _ = try await client.listETags(calendar: server.calendarURL("work"))

        server.crash()
        let error = await caldavError { try await client.listETags(calendar: server.calendarURL("work")) }

        guard case .unreachable(let reason) = error else { return XCTFail("expected .unreachable, got \(String(describing: error))") }
        XCTAssertTrue(reason.contains("127.0.0.1"), "libcurl's text names the address: \(reason)")
        XCTAssertTrue(error?.description.hasPrefix("the server cannot be reached: ") == true)
    }
}
