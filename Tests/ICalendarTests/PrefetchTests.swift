import CalendarModel
import Foundation
@testable import ICalendarReading
import Synchronization
import TestSupport
import XCTest

/// Files read ahead at start-up are handed to the window's loader only when they still stand
/// for the file and for the way it is opened; otherwise the loader reads the file itself.
final class PrefetchTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "koyomi-prefetch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testReadAheadFileIsTakenOnceWithTheTakersColourAndState() throws {
        let path = try write("Read ahead")
        let prefetch = ICalendarPrefetch([(path, options(fallbackColor: "#111111", isReadOnly: true))])
        let wanted = options(fallbackColor: "#222222", isReadOnly: false)
        let taken = try XCTUnwrap(prefetch.take(path: path, options: wanted)).get().file
        XCTAssertEqual(taken.calendar.color, "#222222", "the file names no colour: the taker's fallback")
        XCTAssertFalse(taken.calendar.isReadOnly)
        XCTAssertEqual(titles(taken), ["Read ahead"])
        XCTAssertNil(prefetch.take(path: path, options: wanted), "each read is handed out once")
    }

    func testFileChangedAfterTheReadBeganIsReadAgain() throws {
        let path = try write("Old title")
        let prefetch = ICalendarPrefetch([(path, options())])
        try text("New and longer title").write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertNil(prefetch.take(path: path, options: options()))
        let loaded = ICalendarFile.loadLeavingCacheWrites([(path, options())], prefetched: ICalendarPrefetch([]))
        XCTAssertEqual(try titles(XCTUnwrap(loaded.first).get().file), ["New and longer title"])
    }

    func testOtherCalendarOrZoneIsNotTaken() throws {
        let path = try write("Plan")
        var otherZone = options()
        otherZone.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        XCTAssertNil(ICalendarPrefetch([(path, options())]).take(path: path, options: otherZone))
        var otherID = options()
        otherID.id = CalendarID("another")
        XCTAssertNil(ICalendarPrefetch([(path, options())]).take(path: path, options: otherID))
        XCTAssertNil(ICalendarPrefetch([(path, options())]).take(path: folder + "/other.ics", options: options()))
    }

    func testLoaderTakesReadAheadFilesAndReadsTheRest() throws {
        let ahead = try write("Ahead", name: "ahead.ics")
        let later = try write("Later", name: "later.ics")
        let prefetch = ICalendarPrefetch([(ahead, options())])
        let results = ICalendarFile.loadLeavingCacheWrites([(ahead, options()), (later, options())], prefetched: prefetch)
        XCTAssertEqual(try results.map { try titles($0.get().file) }, [["Ahead"], ["Later"]])
        XCTAssertNil(prefetch.take(path: ahead, options: options()), "taken by the loader")
    }

    /// While the window paints its first frame only the first file is parsed: a later large
    /// file waits, but one reopened from the cache is read at once (it costs little).
    func testOnlyLargeParsesAfterTheFirstWaitForTheFirstFrame() throws {
        let first = try write("First", name: "first.ics")
        let cached = folder + "/cached.ics", parsed = folder + "/parsed.ics"
        try LargeCalendarText.text().write(toFile: cached, atomically: true, encoding: .utf8)
        try LargeCalendarText.text().write(toFile: parsed, atomically: true, encoding: .utf8)
        var caching = self.options()
        caching.cacheFolder = folder + "/cache"
        caching.id = CalendarID(cached)
        _ = try ICalendarFile.load(path: cached, options: caching)

        let scheduler = LoadScheduler(longestHold: 60)
        scheduler.close()
        defer { scheduler.open() }
        let options = { @Sendable [caching] (path: String) -> ICalendarLoadOptions in
            var options = caching
            options.id = CalendarID(path)
            options.scheduler = scheduler
            return options
        }
        let prefetch = ICalendarPrefetch([first, cached, parsed].map { ($0, options($0)) })
        let isOpen = Mutex(false)
        let taken = DispatchSemaphore(value: 0)
        let reopenedWhileClosed = Mutex<Bool?>(nil)
        Thread.detachNewThread {
            let file = try? prefetch.take(path: cached, options: options(cached))?.get().file
            reopenedWhileClosed.withLock { $0 = file != nil && !isOpen.withLock { $0 } }
            taken.signal()
        }
        XCTAssertEqual(taken.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(reopenedWhileClosed.withLock { $0 }, true, "the cached file did not wait for the first frame")
        XCTAssertNotNil(try prefetch.take(path: first, options: options(first))?.get(), "nor did the first file")
        isOpen.withLock { $0 = true }
        scheduler.open()
        XCTAssertEqual(try prefetch.take(path: parsed, options: options(parsed))?.get().file.eventCount, 2_400,
                       "the large parse ran once the first frame was painted")
    }

    // MARK: - Helpers

    private func options(fallbackColor: String = "#777777", isReadOnly: Bool = true) -> ICalendarLoadOptions {
        var options = ICalendarLoadOptions(id: CalendarID("prefetch"), fallbackColor: fallbackColor,
                                           timeZone: TestSupport.utc, isReadOnly: isReadOnly,
                                           scheduler: TestSupport.scheduler)
        options.cacheFolder = nil
        return options
    }

    private func text(_ title: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\nBEGIN:VEVENT\r\nUID:one\r\n"
            + "DTSTART:20261110T090000Z\r\nDTEND:20261110T100000Z\r\nSUMMARY:\(title)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    private func write(_ title: String, name: String = "calendar.ics") throws -> String {
        let path = folder + "/" + name
        try text(title).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func titles(_ file: ICalendarFile) -> [String] {
        file.plans(overlapping: DateInterval(start: TestSupport.date("2026-01-01 00:00"), duration: 365 * 86_400)).map(\.title)
    }
}
