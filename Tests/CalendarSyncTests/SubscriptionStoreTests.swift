import CalendarSync
import Foundation
import TestSupport
import XCTest

/// The subscriptions list on disk: where it is, what survives, what a broken file does.
final class SubscriptionStoreTests: XCTestCase {
    private var dataHome: URL!
    private var store: SubscriptionStore!
    private let now = Date(timeIntervalSince1970: 1_796_000_000)

    override func setUpWithError() throws {
        dataHome = try TestEnvironment.makeFolder("koyomi-subscription-store")
        store = SubscriptionStore(environment: ["XDG_DATA_HOME": dataHome.path, "HOME": "/nonexistent"])
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: dataHome)
    }

    private func make(_ name: String, _ url: String) -> Subscription {
        Subscription(url: URL(string: url)!, name: name, color: "#2ec27e", created: now)
    }

    func testTheListAndTheCopiesLiveBesideTheCalendarsNotInThem() {
        XCTAssertEqual(store.file.path, dataHome.appendingPathComponent("koyomi/sync/subscriptions.json").path)
        XCTAssertEqual(store.folder.path, dataHome.appendingPathComponent("koyomi/subscriptions").path)
        let relative = SubscriptionStore(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"])
        XCTAssertEqual(relative.file.path, "/home/u/.local/share/koyomi/sync/subscriptions.json", "XDG paths must be absolute")
    }

    func testSubscriptionsAreKeptInOrderAndRefreshesDoNotUndoARename() throws {
        var holidays = make("Holidays", "https://example.com/h.ics")
        let moon = make("Moon", "https://example.com/moon.ics")
        try store.add(holidays)
        try store.add(moon)
        XCTAssertEqual(try store.load().map(\.name), ["Holidays", "Moon"])

        // The user renames it while a refresh (started from the old record) is running.
        var renamed = holidays
        renamed.name = "Days off"
        try store.update(renamed)
        holidays.lastRefreshed = now
        holidays.etag = "\"v2\""
        XCTAssertTrue(try store.recordRefresh(holidays))
        let kept = try XCTUnwrap(store.subscription(named: "days OFF"))
        XCTAssertEqual(kept.name, "Days off")
        XCTAssertEqual(kept.etag, "\"v2\"")
        XCTAssertEqual(kept.lastRefreshed, now)
    }

    func testTheSameAddressOrNameTwiceIsRefused() throws {
        try store.add(make("Holidays", "https://example.com/h.ics"))
        XCTAssertThrowsError(try store.add(make("Other", "https://example.com/h.ics"))) { error in
            XCTAssertEqual(error as? SubscriptionStoreError, .duplicateAddress(url: "https://example.com/h.ics", name: "Holidays"))
        }
        XCTAssertThrowsError(try store.add(make("HOLIDAYS", "https://example.com/other.ics"))) { error in
            XCTAssertEqual(error as? SubscriptionStoreError, .duplicateName(name: "HOLIDAYS"))
        }
        XCTAssertEqual(try store.load().count, 1)
    }

    func testUnsubscribingDeletesTheLocalCopyAndOnlyExistingCopiesAreOpened() throws {
        let holidays = make("Holidays", "https://example.com/h.ics")
        let moon = make("Moon", "https://example.com/moon.ics")
        try store.add(holidays)
        try store.add(moon)
        try FileManager.default.createDirectory(at: store.folder, withIntermediateDirectories: true)
        let path = try XCTUnwrap(store.localPath(of: holidays))
        try Data("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(store.localPaths, [path], "Moon was never downloaded")

        XCTAssertTrue(try store.remove(id: holidays.id))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(try store.load().map(\.name), ["Moon"])
        XCTAssertFalse(try store.remove(id: holidays.id))
    }

    func testAHandEditedFileNameCannotPointOutsideTheFolder() throws {
        var sneaky = make("Sneaky", "https://example.com/s.ics")
        sneaky.localFile = "../calendars/personal.ics"
        XCTAssertNil(store.localPath(of: sneaky))
        sneaky.localFile = ".hidden.ics"
        XCTAssertNil(store.localPath(of: sneaky))
    }

    func testABrokenListIsSetAsideWithANoticeAndNeverOverwritten() throws {
        try FileManager.default.createDirectory(at: store.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"version\": 1, \"subscriptions\": [".utf8).write(to: store.file)
        XCTAssertThrowsError(try store.add(make("Holidays", "https://example.com/h.ics"))) { error in
            guard case .broken = error as? SubscriptionStoreError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try String(contentsOf: store.file, encoding: .utf8), "{\"version\": 1, \"subscriptions\": [")
        XCTAssertEqual(store.localPaths, [])

        let (subscriptions, notice) = try store.loadOrStartFresh(now: now)
        XCTAssertEqual(subscriptions, [])
        let aside = store.file.path + ".broken-20261130T005320Z"
        XCTAssertEqual(notice, "The subscriptions list could not be read; it was kept as \(aside) and Koyomi starts with no subscriptions.")
        XCTAssertEqual(try String(contentsOfFile: aside, encoding: .utf8), "{\"version\": 1, \"subscriptions\": [")
        try store.add(make("Holidays", "https://example.com/h.ics"))
        XCTAssertEqual(try store.load().count, 1)
    }

    func testAListFromANewerKoyomiIsLeftAlone() throws {
        try FileManager.default.createDirectory(at: store.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"version\": 7, \"feeds\": []}".utf8).write(to: store.file)
        XCTAssertThrowsError(try store.load()) { error in
            XCTAssertEqual(error as? SubscriptionStoreError, .newerFormat(path: store.file.path, version: 7))
        }
        XCTAssertThrowsError(try store.setBrokenFileAside(now: now), "not broken: not moved aside")
        XCTAssertEqual(try String(contentsOf: store.file, encoding: .utf8), "{\"version\": 7, \"feeds\": []}")
    }
}
