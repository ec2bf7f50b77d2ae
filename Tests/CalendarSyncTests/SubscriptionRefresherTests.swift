import CalendarEditing
import CalendarSync
@testable import FileSafety
import Foundation
import ICalendarReading
import TestSupport
import XCTest

/// Refreshing a subscription from a real local web server, vetted by the real `koyomi
/// --vet-ics` child: what reaches the local copy, and that a bad download never replaces it.
final class SubscriptionRefresherTests: XCTestCase {
    private var server: HTTPTestServer!
    private var dataHome: URL!
    private var store: SubscriptionStore!
    private let now = Date(timeIntervalSince1970: 1_796_000_000) // 2026-11-30T00:53:20Z
    private let published = Date(timeIntervalSince1970: 1_795_000_000)
    private var child: String { TestEnvironment.koyomiBinary.path }
    private var scriptedServers: [HTTPTestServer] = []

    /// A misbehaving server, stopped in `tearDown`. Started from a plain (main-thread) test:
    /// Foundation's `Process` reports the exit of a child started from the cooperative pool
    /// only after `stop()`'s 10 s wait, so those tests are not `async`.
    private func scripted(_ mode: HTTPTestServer.Mode) throws -> HTTPTestServer {
        let server = try HTTPTestServer(mode)
        scriptedServers.append(server)
        return server
    }

    /// `refreshError` for a plain test: runs the refresh in a task and waits for it.
    private func blockingRefreshError(_ subscription: Subscription,
                                      limits: SubscriptionRefresher.Limits = .standard) -> SubscriptionError? {
        let refresher = SubscriptionRefresher(store: store)
        let (child, now) = (child, now)
        do {
            _ = try runBlocking { try await refresher.refresh(subscription, childExecutable: child, limits: limits, now: now) }
            return nil
        } catch {
            return error as? SubscriptionError
        }
    }

    override func setUpWithError() throws {
        server = try HTTPTestServer()
        dataHome = try TestEnvironment.makeFolder("koyomi-subscriptions")
        store = SubscriptionStore(environment: ["XDG_DATA_HOME": dataHome.path, "HOME": dataHome.path])
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: child), "build the koyomi product first: \(child)")
    }

    override func tearDown() {
        scriptedServers.forEach { $0.stop() }
        server?.stop()
        try? FileManager.default.removeItem(at: dataHome)
    }

    /// An iCalendar text with one all-day event per (uid, summary).
    static func calendar(name: String?, _ events: [(uid: String, summary: String)]) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Webcal//EN"]
        if let name { lines.append("X-WR-CALNAME:\(name)") }
        for (index, event) in events.enumerated() {
            lines += ["BEGIN:VEVENT", "UID:\(event.uid)", "DTSTAMP:20261101T000000Z", "SUMMARY:\(event.summary)",
                      "DTSTART;VALUE=DATE:202612\(String(format: "%02d", index % 28 + 1))", "END:VEVENT"]
        }
        return (lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    private func subscription(_ file: String, name: String = "") -> Subscription {
        Subscription(id: "sub-\(file.replacingOccurrences(of: ".", with: "-"))", url: server.url(file), name: name,
                     color: "#9141ac", created: now)
    }

    private func refresh(_ subscription: Subscription,
                         limits: SubscriptionRefresher.Limits = .standard) async throws -> SubscriptionRefresher.Outcome {
        try await SubscriptionRefresher(store: store).refresh(subscription, childExecutable: child, limits: limits, now: now)
    }

    private func refreshError(_ subscription: Subscription,
                              limits: SubscriptionRefresher.Limits = .standard) async -> SubscriptionError? {
        do {
            _ = try await refresh(subscription, limits: limits)
            return nil
        } catch {
            return error as? SubscriptionError
        }
    }

    private func localText(_ subscription: Subscription) throws -> String {
        try String(contentsOfFile: XCTUnwrap(store.localPath(of: subscription)), encoding: .utf8)
    }

    /// Serves two events, refreshes once, and returns the subscription as refreshed.
    private func subscribeToHolidays() async throws -> Subscription {
        try server.serve(Self.calendar(name: "Holidays", [("new-year", "New Year"), ("xmas", "Christmas")]),
                         as: "holidays.ics", modified: published)
        return try await refresh(subscription("holidays.ics")).subscription
    }

    func testTheFirstDownloadBecomesAReadOnlyCopyWithTheCalendarsNameAndTheChosenColour() async throws {
        try server.serve(Self.calendar(name: "Holidays", [("new-year", "New Year"), ("xmas", "Christmas")]),
                         as: "holidays.ics", modified: published)
        let outcome = try await refresh(subscription("holidays.ics"))

        guard case let .updated(refreshed, count, problems) = outcome else { return XCTFail("not updated: \(outcome)") }
        XCTAssertEqual(count, 2)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(refreshed.name, "Holidays", "no --name: the calendar's own")
        XCTAssertEqual(refreshed.lastRefreshed, now)
        XCTAssertNotNil(refreshed.lastModified, "kept for the next conditional GET")
        let path = try XCTUnwrap(store.localPath(of: refreshed))
        XCTAssertTrue(path.hasPrefix(dataHome.appendingPathComponent("koyomi/subscriptions/").path), path)
        let text = try localText(refreshed)
        XCTAssertTrue(text.contains("SUMMARY:New Year") && text.contains("SUMMARY:Christmas"), text)
        XCTAssertTrue(text.contains("COLOR:#9141ac"), text)
        XCTAssertEqual(try CalendarDocument(text: text, timeZone: .gmt).eventUIDs, ["new-year", "xmas"])

        try store.add(refreshed)
        XCTAssertEqual(store.localPaths, [path], "the window opens it read-only from here")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.folder.path), [refreshed.localFile],
                       "no download left behind")
    }

    func testAnUnchangedCalendarIsNotRewritten() async throws {
        let first = try await subscribeToHolidays()
        let path = try XCTUnwrap(store.localPath(of: first))
        let before = try XCTUnwrap(FileIdentity.of(path: path))

        // The server says "not modified" to If-Modified-Since.
        let second = try await refresh(first)
        XCTAssertEqual(second, .unchanged(first), "lastRefreshed is the same injected now")
        XCTAssertTrue(server.logged("/holidays.ics", status: 304))

        // The same bytes with a newer date: a full answer, recognised as the copy we have.
        try server.touch("holidays.ics", modified: published.addingTimeInterval(3600))
        let third = try await refresh(second.subscription)
        guard case let .unchanged(refreshed) = third else { return XCTFail("rewritten: \(third)") }
        XCTAssertNotEqual(refreshed.lastModified, first.lastModified, "the new validator is kept")
        XCTAssertEqual(server.requestCount("/holidays.ics", atLeast: 3), 3)
        XCTAssertEqual(FileIdentity.of(path: path), before, "the local copy was not touched")
    }

    func testAChangedCalendarReplacesTheCopy() async throws {
        let first = try await subscribeToHolidays()
        try server.serve(Self.calendar(name: "Holidays", [("xmas", "Christmas Day"), ("boxing", "Boxing Day")]),
                         as: "holidays.ics", modified: published.addingTimeInterval(3600))
        let outcome = try await refresh(first)

        guard case let .updated(_, count, _) = outcome else { return XCTFail("not updated: \(outcome)") }
        XCTAssertEqual(count, 2)
        let text = try localText(first)
        XCTAssertTrue(text.contains("SUMMARY:Christmas Day") && text.contains("SUMMARY:Boxing Day"), text)
        XCTAssertFalse(text.contains("New Year"), "an event gone from the server is gone here")
    }

    func testAMalformedDownloadIsRefusedAndTheLastGoodCopyKept() async throws {
        let first = try await subscribeToHolidays()
        let good = try localText(first)

        // A captive portal's login page instead of the calendar.
        try server.serve("<html><body>Please log in</body></html>\n", as: "holidays.ics",
                         modified: published.addingTimeInterval(3600))
        let error = await refreshError(first)
        guard case let .notACalendar(problem) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(error?.description.hasPrefix("the download is not a calendar Koyomi can read: it ") == true,
                      "\(String(describing: error))")
        XCTAssertFalse(problem.isEmpty)

        // A calendar whose only event libical cannot read (no DTSTART).
        try server.serve("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nBEGIN:VEVENT\r\nUID:broken\r\n"
                         + "SUMMARY:Broken\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", as: "holidays.ics",
                         modified: published.addingTimeInterval(7200))
        let second = await refreshError(first)
        guard case let .notACalendar(why) = second else { return XCTFail("\(String(describing: second))") }
        XCTAssertTrue(why.hasPrefix("has no event that can be read"), why)

        XCTAssertEqual(try localText(first), good, "the last good copy stays")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.folder.path), [first.localFile])
    }

    func testARedirectIsFollowed() async throws {
        // http.server answers a folder asked for without its slash with 301 to "<path>/",
        // then serves the folder's index.html.
        try FileManager.default.createDirectory(at: server.folder.appendingPathComponent("moved.ics"),
                                                withIntermediateDirectories: true)
        try server.serve(Self.calendar(name: "Moved", [("here", "Here now")]), as: "moved.ics/index.html",
                         modified: published)
        let outcome = try await refresh(subscription("moved.ics"))
        XCTAssertTrue(server.logged("/moved.ics", status: 301))
        guard case let .updated(refreshed, 1, _) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertTrue(try localText(refreshed).contains("SUMMARY:Here now"))
    }

    func testANotFoundAddressIsAnErrorAndLeavesNoCopy() async throws {
        let missing = subscription("gone.ics")
        let error = await refreshError(missing)
        XCTAssertEqual(error, .notFound(status: 404))
        XCTAssertEqual(error?.description, "there is no calendar at this address (HTTP 404)")
        XCTAssertTrue(server.logged("/gone.ics", status: 404))
        XCTAssertNil(FileIdentity.of(path: try XCTUnwrap(store.localPath(of: missing))))
    }

    func testAHugeCalendarThatExceedsTheCheckersMemoryIsRefused() async throws {
        let first = try await subscribeToHolidays()
        let good = try localText(first)
        let events = (0..<3000).map { (uid: "event-\($0)", summary: String(repeating: "Busy ", count: 20)) }
        try server.serve(Self.calendar(name: "Holidays", events), as: "holidays.ics",
                         modified: published.addingTimeInterval(3600))
        var limits = SubscriptionRefresher.Limits.standard
        limits.vetting.memoryBytes = 1 << 20

        let error = await refreshError(first, limits: limits)
        XCTAssertEqual(error, .notACalendar(problem: "needs too much memory"))
        XCTAssertEqual(error?.description, "the download is not a calendar Koyomi can read: it needs too much memory")
        XCTAssertEqual(try localText(first), good)
    }

    func testADownloadOverTheSizeCapIsCutOff() async throws {
        try server.serve(Self.calendar(name: nil, (0..<100).map { (uid: "e\($0)", summary: "Event \($0)") }), as: "big.ics",
                         modified: published)
        var limits = SubscriptionRefresher.Limits.standard
        limits.maxBytes = 1024
        let error = await refreshError(subscription("big.ics"), limits: limits)
        XCTAssertEqual(error, .tooLarge(limit: 1024))
        XCTAssertEqual(error?.description, "the calendar is too large to download (more than 1 KiB)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: store.folder.path), [], "nothing left behind")
    }

    func testAServerThatNeverAnswersTakesTooLong() async throws {
        // A socket that listens but never accepts: the connection is made, no answer comes.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        let port = try LoopbackPort.bind(fd)
        XCTAssertEqual(listen(fd, 4), 0)
        var limits = SubscriptionRefresher.Limits.standard
        (limits.idleSeconds, limits.totalSeconds) = (1, 2)
        let silent = Subscription(url: URL(string: "http://127.0.0.1:\(port)/cal.ics")!, name: "Silent", color: "#000000",
                                  created: now)

        let started = Date()
        let error = await refreshError(silent, limits: limits)
        guard case .tookTooLong = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(error?.description.hasPrefix("the download took too long (more than ") == true)
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    }

    func testAPasswordProtectedCalendarIsRefusedInsteadOfHanging() throws {
        let locked = try scripted(.unauthorized)
        let error = blockingRefreshError(Subscription(url: locked.url("private.ics"), name: "Private", color: "#000000",
                                                    created: now))
        XCTAssertEqual(error, .needsPassword(status: 401))
        XCTAssertTrue(locked.logged("/private.ics", status: 401))
    }

    func testARedirectToPlainHTTPElsewhereIsNotFollowed() throws {
        let redirecting = try scripted(.insecureRedirect)
        let error = blockingRefreshError(Subscription(url: redirecting.url("cal.ics"), name: "Moved", color: "#000000",
                                                    created: now))
        XCTAssertEqual(error, .insecureRedirect(to: "http://example.com/cal.ics"))
    }

    func testADownloadThatNeverEndsIsCutOffAtTheDeadline() throws {
        let trickling = try scripted(.trickle)
        var limits = SubscriptionRefresher.Limits.standard
        (limits.idleSeconds, limits.totalSeconds) = (30, 1)
        let started = Date()
        let error = blockingRefreshError(Subscription(url: trickling.url("slow.ics"), name: "Slow", color: "#000000",
                                                    created: now), limits: limits)
        XCTAssertEqual(error, .tookTooLong(seconds: 1))
        XCTAssertEqual(error?.description, "the download took too long (more than 1 s)")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    }

    func testNobodyListeningIsUnreachable() async throws {
        let port = try LoopbackPort.free()
        let nowhere = Subscription(url: URL(string: "http://127.0.0.1:\(port)/cal.ics")!, name: "Nowhere",
                                   color: "#000000", created: now)
        let error = await refreshError(nowhere)
        guard case let .unreachable(reason) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(reason.contains("\(port)") || reason.lowercased().contains("connect"), reason)
    }
}
