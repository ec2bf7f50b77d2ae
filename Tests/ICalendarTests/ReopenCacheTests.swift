import CalendarModel
@testable import FileSafety
import Foundation
@testable import ICalendarReading
import TestSupport
import XCTest

/// The reopen cache gives exactly what a parse gives, and is ignored whenever it might not
/// stand for the file: changed content, another zone, another file, damage.
final class ReopenCacheTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "koyomi-reopen-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testReopenFromTheCacheGivesWhatAParseGives() throws {
        let path = try writeCalendar(title: "First plan")
        let options = cachedOptions(TestSupport.berlin)
        let first = try ICalendarFile.load(path: path, options: options)
        let cacheFile = cache(options).file(for: path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: cacheFile), "the first load writes the cache")
        let key = try XCTUnwrap(cache(options).key(path: path, timeZone: TestSupport.berlin))
        XCTAssertNotNil(cache(options).read(key: key, calendarID: options.id, userZone: TestSupport.berlin))
        let reopened = try ICalendarFile.load(path: path, options: options)
        try assertSame(reopened, first)
        try assertSame(reopened, ICalendarFile(text: String(contentsOfFile: path, encoding: .utf8),
                                               sourceName: path, options: options))
    }

    /// The window stores the cache after showing the plans: nothing is written before then,
    /// and a file changed in between is not cached under its old content.
    func testLeftCacheWriteIsStoredOnlyWhenPerformedAndTheFileIsUnchanged() throws {
        let path = try writeCalendar(title: "First plan")
        let options = cachedOptions()
        let cacheFile = cache(options).file(for: path)
        let (first, write) = try ICalendarFile.loadLeavingCacheWrite(path: path, options: options)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cacheFile))
        try XCTUnwrap(write).perform()
        try assertSame(ICalendarFile.load(path: path, options: options), first)
        XCTAssertTrue(FileManager.default.fileExists(atPath: cacheFile))

        try FileManager.default.removeItem(atPath: cacheFile)
        let (_, stale) = try ICalendarFile.loadLeavingCacheWrite(path: path, options: options)
        try (String(contentsOfFile: path, encoding: .utf8) + "\r\n").write(toFile: path, atomically: true, encoding: .utf8)
        try XCTUnwrap(stale).perform()
        XCTAssertFalse(FileManager.default.fileExists(atPath: cacheFile), "changed since it was read: not stored")
    }

    func testSameSizeRewriteWithinTheSameSecondIsIgnored() throws {
        let path = try writeCalendar(title: "First plan")
        try setModified(path, seconds: 1_700_000_000)
        let options = cachedOptions()
        _ = try ICalendarFile.load(path: path, options: options)
        let before = try XCTUnwrap(FileIdentity.of(path: path))
        // Same length, same inode, and the clock reads the same second (a coarse file system).
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "First plan", with: "Other plan")
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        try setModified(path, seconds: 1_700_000_000)
        let after = try XCTUnwrap(FileIdentity.of(path: path))
        XCTAssertEqual(after, before, "the file's identity alone cannot tell the versions apart")
        let reopened = try ICalendarFile.load(path: path, options: options)
        let titles = reopened.plans(overlapping: everything).map(\.title)
        XCTAssertTrue(titles.contains("Other plan"))
        XCTAssertFalse(titles.contains("First plan"))
    }

    func testTruncatedOrGarbageCacheIsIgnored() throws {
        let path = try writeCalendar(title: "First plan")
        let options = cachedOptions()
        let fresh = try ICalendarFile.load(path: path, options: options)
        let cacheFile = cache(options).file(for: path)
        let stored = try Data(contentsOf: URL(fileURLWithPath: cacheFile))
        var random = SeededGenerator(seed: 7)
        var flipped = stored
        flipped[stored.count - 10] ^= 0x20
        let damaged = [
            stored.prefix(stored.count / 2), stored.prefix(40), Data(),
            Data((0..<stored.count).map { _ in UInt8.random(in: 0...255, using: &random) }), flipped,
        ]
        for bytes in damaged {
            try bytes.write(to: URL(fileURLWithPath: cacheFile))
            let key = try XCTUnwrap(cache(options).key(path: path, timeZone: TestSupport.utc))
            XCTAssertNil(cache(options).read(key: key, calendarID: options.id, userZone: TestSupport.utc))
            try assertSame(ICalendarFile.load(path: path, options: options), fresh)
        }
    }

    func testForeignCachesAreIgnored() throws {
        let path = try writeCalendar(title: "First plan")
        let other = try writeCalendar(title: "Other plan", name: "other.ics")
        let options = cachedOptions()
        _ = try ICalendarFile.load(path: other, options: options)
        // Another file's cache under this file's name.
        try FileManager.default.copyItem(atPath: cache(options).file(for: other), toPath: cache(options).file(for: path))
        XCTAssertTrue(try ICalendarFile.load(path: path, options: options).plans(overlapping: everything)
            .contains { $0.title == "First plan" })
        // This file's cache read in another zone: floating times move with the user's zone.
        let tokyo = cachedOptions(TimeZone(identifier: "Asia/Tokyo")!)
        let inTokyo = try ICalendarFile.load(path: path, options: tokyo)
        try assertSame(inTokyo, ICalendarFile(text: String(contentsOfFile: path, encoding: .utf8),
                                              sourceName: path, options: tokyo))
    }

    func testSmallFilesAndNoFolderWriteNoCache() throws {
        let path = try writeCalendar(title: "First plan")
        var options = cachedOptions()
        options.cacheMinimumSize = Int.max
        _ = try ICalendarFile.load(path: path, options: options)
        options.cacheFolder = nil
        _ = try ICalendarFile.load(path: path, options: options)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".reopen") }, [])
        XCTAssertEqual(ReopenCache.defaultFolder(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"]), "/x/cache/koyomi")
        XCTAssertEqual(ReopenCache.defaultFolder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]), "/h/.cache/koyomi")
    }

    /// An event with two RRULEs is not written to the cache (its file is read again), so a
    /// reopen repeats on both rules, not on the first alone.
    func testAnEventWithTwoRulesReopensRepeatingOnBoth() throws {
        let path = folder + "/two-rules.ics"
        try ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\nBEGIN:VEVENT\r\nUID:two\r\n"
            + "DTSTART:20261201T090000Z\r\nDURATION:PT30M\r\nRRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=3\r\n"
            + "RRULE:FREQ=WEEKLY;BYDAY=TU,TH;COUNT=3\r\nSUMMARY:Gym\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
            .write(toFile: path, atomically: false, encoding: .utf8)
        for load in ["first", "reopened"] {
            let loaded = try ICalendarFile.load(path: path, options: cachedOptions())
            XCTAssertEqual(loaded.plans(overlapping: TestSupport.days("2026-12-01", "2027-01-01")).map(TestSupport.start).sorted(),
                           ["2026-12-01 09:00", "2026-12-03 09:00", "2026-12-08 09:00", "2026-12-15 09:00"].map(TestSupport.date),
                           load)
        }
    }

    // MARK: - Helpers

    private let everything = DateInterval(start: TestSupport.date("1990-01-01 00:00"), end: TestSupport.date("2040-01-01 00:00"))

    private func cachedOptions(_ zone: TimeZone = TestSupport.utc) -> ICalendarLoadOptions {
        var options = TestSupport.options(zone)
        options.cacheFolder = folder + "/cache"
        options.cacheMinimumSize = 0
        return options
    }

    private func cache(_ options: ICalendarLoadOptions) -> ReopenCache {
        ReopenCache(folder: folder + "/cache", minimumSize: 0)
    }

    /// The fixtures with zones, repeats and overrides, then many generated plans (so the
    /// file's two ends are far apart); `title` names the very first event.
    private func writeCalendar(title: String, name: String = "cached.ics") throws -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\nX-WR-CALNAME:Cached\r\n"
        text += "BEGIN:VEVENT\r\nUID:first\r\nDTSTART:20261110T090000\r\nDTEND:20261110T100000\r\nSUMMARY:\(title)\r\nEND:VEVENT\r\n"
        for index in 0..<300 {
            let day = TestSupport.day("2024-01-01").adding(days: index * 3)
            let date = String(format: "%04d%02d%02d", day.year, day.month, day.day)
            text += "BEGIN:VEVENT\r\nUID:gen-\(index)\r\nDTSTART:\(date)T\(String(format: "%02d", index % 24))0000Z\r\n"
                + "DURATION:PT1H\r\nSUMMARY:予定 \(index) café\r\nLOCATION:Room \(index % 7)\r\nSTATUS:CONFIRMED\r\n"
                + (index % 10 == 0 ? "RRULE:FREQ=WEEKLY;COUNT=\(index % 30 + 2)\r\nEXDATE:\(date)T\(String(format: "%02d", index % 24))0000Z\r\n" : "")
                + (index % 5 == 0 ? "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT\(index % 50 + 5)M\r\nREPEAT:1\r\n"
                    + "DURATION:PT5M\r\nEND:VALARM\r\n" : "")
                + (index % 15 == 0 ? "X-MOZ-LASTACK:20250101T000000Z\r\nBEGIN:VALARM\r\nACTION:AUDIO\r\n"
                    + "TRIGGER;VALUE=DATE-TIME:20251201T080000Z\r\nACKNOWLEDGED:20240601T000000Z\r\nEND:VALARM\r\n" : "")
                + "END:VEVENT\r\n"
        }
        text += "END:VCALENDAR\r\n"
        for fixture in ["basics.ics", "recurrence.ics", "zones.ics", "save-outlook.ics"] {
            text += try String(contentsOfFile: TestSupport.fixturePath(fixture), encoding: .utf8)
        }
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    private func setModified(_ path: String, seconds: Int) throws {
        let time = timespec(tv_sec: seconds, tv_nsec: 0)
        let times = [time, time]
        XCTAssertEqual(utimensat(AT_FDCWD, path, times, 0), 0)
    }

    private func assertSame(_ a: ICalendarFile, _ b: ICalendarFile, file: StaticString = #filePath,
                            line: UInt = #line) throws {
        XCTAssertEqual(a.calendar, b.calendar, file: file, line: line)
        XCTAssertEqual(a.warnings, b.warnings, file: file, line: line)
        XCTAssertEqual(a.eventCount, b.eventCount, file: file, line: line)
        let sorted = { (plans: [Plan]) in plans.sorted { $0.id.description < $1.id.description } }
        XCTAssertEqual(sorted(a.plans(overlapping: everything)), sorted(b.plans(overlapping: everything)), file: file, line: line)
        let years = DateInterval(start: TestSupport.date("2023-06-01 00:00"), end: TestSupport.date("2027-06-01 00:00"))
        XCTAssertEqual(a.reminders(in: years), b.reminders(in: years), "reminders survive the cache", file: file, line: line)
        XCTAssertGreaterThan(a.reminders(in: years).count, 100, file: file, line: line)
        for month in ["2024-03-01", "2026-11-01", "2027-02-01"] {
            let start = TestSupport.date(month + " 00:00")
            let range = DateInterval(start: start, duration: 31 * 86_400)
            XCTAssertEqual(a.plans(overlapping: range), b.plans(overlapping: range), file: file, line: line)
        }
        let near = TestSupport.date("2026-11-10 00:00")
        XCTAssertEqual(a.searchEntries(near: near), b.searchEntries(near: near), file: file, line: line)
    }
}
