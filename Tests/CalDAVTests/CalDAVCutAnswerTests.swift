@testable import CalDAV
import Foundation
import TestSupport
import XCTest

/// A server (or Wi-Fi) that drops the connection in the middle of an answer (issue 15): with
/// Foundation's URLSession, an answer cut inside its status line or headers ended the whole
/// process (SIGILL, "Transfer completed, but there's no response") — the window included.
/// Every cut position of the status line and headers, for REPORT, PUT and DELETE, must be an
/// error in words; then a whole answer works on the same client.
final class CalDAVCutAnswerTests: XCTestCase {
    func testAnAnswerCutAtAnyByteOfItsHeadersIsAnErrorInWords() async throws {
        let server = try HTTPTestServer(.cutAnswers)
        defer { server.stop() }
        let client = CalDAVClient(baseURL: server.url(""), user: "alice", password: "secret", timeout: 10)
        let methods = ["REPORT", "PUT", "DELETE"]
        for cut in 0..<HTTPTestServer.Mode.cutReplyHeaderBytes {
            let method = methods[cut % methods.count]
            do {
                let reply = try await client.send(method, server.url("cut/\(cut)/work/"), body: method == "DELETE" ? nil : "<x/>")
                XCTFail("cut after \(cut) bytes, \(method): a reply with status \(reply.status) instead of an error")
            } catch let error as CalDAVError {
                guard case let .unreachable(reason) = error else {
                    XCTFail("cut after \(cut) bytes, \(method): \(error)")
                    continue
                }
                XCTAssertFalse(reason.contains("Domain") || reason.contains("error -"), "words, not codes: \(reason)")
            }
        }
        let whole = try await client.send("REPORT", server.url("calendars/work/"), body: "<x/>")
        XCTAssertEqual(whole.status, 207, "a whole answer is read as ever")
        XCTAssertEqual(whole.header("etag"), "\"e1\"")
    }
}
