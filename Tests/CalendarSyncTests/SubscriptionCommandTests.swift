import Foundation
import TestSupport
import XCTest

/// `koyomi subscribe`, `subscriptions` and `unsubscribe` as
/// whole processes against a real local web server.
final class SubscriptionCommandTests: XCTestCase {
    private var server: HTTPTestServer!
    private var dataHome: URL!
    private let published = Date(timeIntervalSince1970: 1_795_000_000)

    override func setUpWithError() throws {
        server = try HTTPTestServer()
        dataHome = try TestEnvironment.makeFolder("koyomi-subscribe-cli")
    }

    override func tearDown() {
        server?.stop()
        try? FileManager.default.removeItem(at: dataHome)
    }

    private func koyomi(_ arguments: String...) throws -> ProcessOutput {
        try TestEnvironment.koyomi(arguments, dataHome: dataHome)
    }

    func testSubscribeListAndUnsubscribeFromTheShell() throws {
        try server.serve(SubscriptionRefresherTests.calendar(name: "Moon", [("full", "Full moon"), ("new", "New moon")]),
                         as: "moon.ics", modified: published)
        let subscribed = try koyomi("subscribe", server.url("moon.ics").absoluteString, "--name", "Moon phases")
        XCTAssertEqual(subscribed.status, 0, subscribed.stderr)
        XCTAssertEqual(subscribed.stdout, "Subscribed to “Moon phases” (\(server.url("moon.ics").absoluteString)): 2 events\n")
        let copies = dataHome.appendingPathComponent("koyomi/subscriptions")
        let files = try FileManager.default.contentsOfDirectory(atPath: copies.path)
        XCTAssertEqual(files.count, 1)
        let calendars = dataHome.appendingPathComponent("koyomi/calendars")
        XCTAssertFalse(((try? FileManager.default.contentsOfDirectory(atPath: calendars.path)) ?? []).contains(files[0]),
                       "never among the editable calendars")

        let again = try koyomi("subscribe", "http://127.0.0.1:\(server.port)/moon.ics")
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("already subscribed"), again.stderr)

        let listed = try koyomi("subscriptions")
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.hasPrefix("Moon phases  \(server.url("moon.ics").absoluteString)  refreshed "), listed.stdout)

        let removed = try koyomi("unsubscribe", "moon PHASES")
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: copies.path), [])
        XCTAssertEqual(try koyomi("subscriptions").stdout, "")
    }

    func testAFailedFirstDownloadSubscribesToNothing() throws {
        let failed = try koyomi("subscribe", server.url("missing.ics").absoluteString)
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.stderr, "koyomi subscribe: \(server.url("missing.ics").absoluteString): "
                       + "there is no calendar at this address (HTTP 404)\n")
        XCTAssertEqual(try koyomi("subscriptions").stdout, "")

        let insecure = try koyomi("subscribe", "http://example.com/cal.ics")
        XCTAssertEqual(insecure.status, 2)
        XCTAssertTrue(insecure.stderr.contains("is not secure: use https://"), insecure.stderr)
    }
}
