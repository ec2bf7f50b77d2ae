import CalendarModel
@testable import CalendarVetting
import Foundation
@testable import ICalendarReading
import XCTest

/// Issue 35, item 13: a file of 20,000 changed occurrences of one series whose master is not
/// in it (one UID, a distinct RECURRENCE-ID each), all in a zone the file does not define, as
/// an export without its VTIMEZONEs has them. At 50,000 `koyomi list` read it in 5 s; the
/// window's main thread was still busy after 40 s (debug build). The storage side was linear;
/// what it handed the window was not small: one warning per event, 50,000 lines (5.6 MB) that
/// the window's error strip put in one wrapped label, which GTK measures in time growing faster
/// than its length. The load here is the window's (`CalendarLoader`): a child parses the version
/// not read before, a first part of the visible months comes ahead, the reopen cache is
/// written, the store takes both.
///
/// No time is measured (speed is koyomi-bench's, docs/performance.md): the old code fails this
/// test by the 20,000 warnings it handed over, one per event, not by a wait. 20,000 events keep
/// the test to about 3 s in a debug build (the child's parse and the one in process) while
/// being far more lines than any strip can show.
final class ManyOverridesLoadTests: XCTestCase {
    private static let count = 20_000
    private static let zone = "Eastern Standard Time (custom)"
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try SaveTestSupport.folder("koyomi-many-overrides")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private static let firstDay = TestSupport.day("2020-01-01")

    /// Shift `i` starts `i` × 6 hours after 2020-01-01 00:00 (wall time in the unknown zone,
    /// read in the user's: UTC here), lasts an hour, and is the change of that occurrence.
    private func writeFile() throws -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//Many overrides//EN\r\n"
        text.reserveCapacity(Self.count * 230)
        for index in 0..<Self.count {
            let start = Self.wall(hours: index * 6), end = Self.wall(hours: index * 6 + 1)
            text += "BEGIN:VEVENT\r\nUID:rota@example.org\r\nDTSTAMP:20200101T000000Z\r\n"
                + "RECURRENCE-ID;TZID=\(Self.zone):\(start)\r\nDTSTART;TZID=\(Self.zone):\(start)\r\n"
                + "DTEND;TZID=\(Self.zone):\(end)\r\nSUMMARY:Shift \(index)\r\nEND:VEVENT\r\n"
        }
        text += "END:VCALENDAR\r\n"
        let path = folder.appendingPathComponent("rota.ics").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// "20200101T060000" for 6 hours after 2020-01-01 00:00.
    private static func wall(hours: Int) -> String {
        let day = firstDay.adding(days: hours / 24)
        return String(format: "%04d%02d%02dT%02d0000", day.year, day.month, day.day, hours % 24)
    }

    /// The day each shift is on, and its title.
    private static func expectedTitles() -> [CalendarDay: [String]] {
        var byDay: [CalendarDay: [String]] = [:]
        for index in 0..<count {
            byDay[firstDay.adding(days: index * 6 / 24), default: []].append("Shift \(index)")
        }
        return byDay
    }

    func testTwentyThousandChangesOfOneSeriesLoadWholeAndTheirCommonProblemIsSaidOnce() throws {
        let path = try writeFile()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TestSupport.utc
        let visible = TestSupport.day("2021-03-01").yearMonth
        var options = ICalendarLoadOptions(id: CalendarID(path), fallbackColor: "#3584e4", timeZone: TestSupport.utc,
                                           isReadOnly: false, scheduler: TestSupport.scheduler)
        options.parseDelegate = ParseGuard(childExecutable: try builtKoyomi,
                                           trust: ParseTrust(folder: folder.appendingPathComponent("trust").path))
        options.cacheFolder = folder.appendingPathComponent("cache").path
        let firstPart = FirstPart(interval: DateInterval(start: visible.previous.firstDay.start(in: calendar),
                                                         end: visible.adding(months: 2).firstDay.start(in: calendar)))
        options.firstPart = firstPart

        let loaded = ICalendarFile.loadLeavingCacheWrites([(path, options)])
        let (file, cacheWrite) = try XCTUnwrap(try loaded.first?.get())
        let store = CalendarStore(sources: [], calendar: calendar, today: visible.firstDay.adding(days: 14),
                                  visibleMonth: visible, firstWeekday: 1)
        let expected = Self.expectedTitles()

        // The first part: the visible month's days, four shifts each, then the whole file.
        let first = try XCTUnwrap(firstPart.wait(), "a 3.5 MB file is shown in two steps")
        store.addSources([first])
        for offset in 0..<visible.numberOfDays {
            let day = visible.firstDay.adding(days: offset)
            XCTAssertEqual(store.plans(on: day).map(\.plan.title).sorted(), expected[day]?.sorted(), "\(day), first part")
        }
        store.addSources([file])
        XCTAssertEqual(store.calendars.map(\.isLoading), [false])
        XCTAssertEqual(file.eventCount, Self.count)
        let days = DaySpan(first: Self.firstDay, count: Self.count * 6 / 24 + 2)
        let slice = store.slice(of: days)
        var seen = 0
        for day in days.days {
            let titles = slice.plans(on: day).map(\.plan.title)
            XCTAssertEqual(titles.sorted(), expected[day]?.sorted() ?? [], "\(day)")
            seen += titles.count
        }
        XCTAssertEqual(seen, Self.count, "every shift on its day, none twice")

        // What the window puts in its error strip: the problem once, with how many share it.
        let problem = "unknown time zone \"\(Self.zone)\"; its times are read in GMT"
        let said = ["event \"Shift 0\": \(problem)", "event \"Shift 1\": \(problem)", "event \"Shift 2\": \(problem)",
                    "the same for \(Self.count - 3) more events: \(problem)"]
        XCTAssertEqual(file.warnings, said)

        // Reopened from the cache the load wrote: the same plans, the same few words.
        cacheWrite?.perform()
        var reopen = options
        reopen.firstPart = nil
        let reopened = try ICalendarFile.load(path: path, options: reopen)
        XCTAssertEqual(reopened.eventCount, Self.count)
        XCTAssertEqual(reopened.warnings, said)
    }
}
