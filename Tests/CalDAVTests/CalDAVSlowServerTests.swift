@testable import CalDAV
import Foundation
import TestSupport
import XCTest

/// A cold server may think long before a large listing's first byte (Radicale at 50,000 plans:
/// over 30 s, issue 15): that is waited for, up to its own limit, while an answer that has
/// begun and then goes quiet still fails after the (shorter) silence limit.
final class CalDAVSlowServerTests: XCTestCase {
    func testAServerThinkingLongerThanTheSilenceLimitIsWaitedForUpToItsOwnLimit() async throws {
        let server = try HTTPTestServer(.slowStart)
        defer { server.stop() }
        let client = CalDAVClient(baseURL: server.url(""), user: "alice", password: "secret", timeout: 1, answerWait: 4)
        let reply = try await client.send("REPORT", server.url("wait/2.5/work/"), body: "<x/>")
        XCTAssertEqual(reply.status, 207, "2.5 s of thinking is more than the 1 s silence limit, less than the 4 s wait")
        do {
            _ = try await client.send("REPORT", server.url("wait/8/work/"), body: "<x/>")
            XCTFail("8 s of thinking is past the 4 s wait")
        } catch let error as CalDAVError {
            XCTAssertTrue(error.description.contains("the server gave no answer within 4 s"), error.description)
        }
    }
}
