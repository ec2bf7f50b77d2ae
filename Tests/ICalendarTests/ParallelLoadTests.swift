import CalendarModel
import Foundation
@testable import ICalendarReading
import Synchronization
import XCTest

/// A large file is read on all cores: what comes out must be exactly what reading it event by
/// event in file order gives: every plan with its own fields, file order kept, the skipped
/// events and warnings named in order.
final class ParallelLoadTests: XCTestCase {
    /// Enough events that the reading is split into chunks (`ParallelChunks.minimumItems`).
    private let count = 3_000

    func testLargeFileGivesEveryEventInFileOrder() throws {
        XCTAssertGreaterThan(count, ParallelChunks.minimumItems * 2)
        let file = try ICalendarFile(text: calendarText(), sourceName: "large.ics", options: TestSupport.options())
        let skipped = Set([777, 2_345])
        XCTAssertEqual(file.eventCount, count - skipped.count)
        XCTAssertEqual(file.warnings, [
            "event \"Plan 321\": unknown time zone \"Mars/Olympus\"; its times are read in \(TestSupport.utc.identifier)",
            "event \"Plan 777\" skipped: it has no DTSTART",
            "event \"Plan 2345\" skipped: it has no DTSTART",
        ])
        let everything = DateInterval(start: TestSupport.date("2020-01-01 00:00"), end: TestSupport.date("2040-01-01 00:00"))
        let plans = file.plans(overlapping: everything).filter { $0.id.occurrence == nil }
        let expected = (0..<count).filter { !skipped.contains($0) && $0 % 100 != 50 }
        XCTAssertEqual(plans.map(\.title), expected.map { "Plan \($0)" }, "single plans come in file order")
        for plan in plans {
            let index = try XCTUnwrap(Int(plan.title.dropFirst(5)))
            XCTAssertEqual(plan.id.uid, "uid-\(index)")
            XCTAssertEqual(plan.location, index % 3 == 0 ? "Room \(index % 7)" : nil)
            XCTAssertEqual(plan.timing, timing(of: index), plan.title)
        }
        // Every 100th event (from the 50th) repeats daily three times.
        let repeats = file.plans(overlapping: everything).filter { $0.id.occurrence != nil }
        XCTAssertEqual(repeats.count, (0..<count).filter { $0 % 100 == 50 }.count * 3)
        XCTAssertEqual(Set(repeats.map(\.title)).count, count / 100)
    }

    func testChunksKeepOrderAndRunBelowTheWindowsPriority() {
        let scheduler = TestSupport.scheduler
        let chunks = ParallelChunks.chunks(count: 10_000, scheduler: scheduler) { range in range }
        XCTAssertGreaterThan(chunks.count, 1, "a large count is split")
        XCTAssertEqual(chunks.flatMap { Array($0) }, Array(0..<10_000), "every index once, in order")
        XCTAssertEqual(ParallelChunks.chunks(count: 10, scheduler: scheduler) { range in range }, [0..<10],
                       "a small count stays whole")
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        let niceness = ParallelChunks.each(count: 4, scheduler: scheduler) { index in (index, getpriority(which, 0)) }
        XCTAssertEqual(niceness.map(\.0), [0, 1, 2, 3])
        XCTAssertEqual(niceness.map(\.1), [10, 10, 10, 10], "workers give way to the window's thread")
        XCTAssertEqual(getpriority(which, 0), 0, "the caller's own priority is left alone")
    }

    /// While the window paints its first frame only one file is read; the others start when
    /// the scheduler opens.
    func testClosedSchedulerHoldsAllButOneReader() throws {
        let scheduler = LoadScheduler(longestHold: 60)
        scheduler.close()
        defer { scheduler.open() }
        let firstRunning = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let started = Mutex<Set<Int>>([])
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = ParallelChunks.each(count: 2, scheduler: scheduler) { index in
                started.withLock { _ = $0.insert(index) }
                if index == 0 {
                    firstRunning.signal()
                    release.wait()
                }
            }
            finished.signal()
        }
        firstRunning.wait()
        XCTAssertEqual(started.withLock { $0 }, [0], "the second file waits for the scheduler")
        scheduler.open()
        release.signal()
        finished.wait()
        XCTAssertEqual(started.withLock { $0 }, [0, 1])
    }

    // MARK: - Helpers

    private let base = CalendarDay(year: 2024, month: 1, day: 1)!

    /// Event i: "Plan i" on day i after 2024-01-01; even ones all-day, odd ones timed at hour
    /// i % 24 for an hour (one with an unknown zone); every 100th from the 50th repeats.
    private func calendarText() -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\n"
        for index in 0..<count {
            let day = base.adding(days: index)
            let date = String(format: "%04d%02d%02d", day.year, day.month, day.day)
            let zone = index == 321 ? ";TZID=Mars/Olympus" : ""
            let utc = index == 321 ? "" : "Z"
            text += "BEGIN:VEVENT\r\nUID:uid-\(index)\r\nSUMMARY:Plan \(index)\r\n"
            if index % 3 == 0 { text += "LOCATION:Room \(index % 7)\r\n" }
            if index != 777 && index != 2_345 {
                text += index % 2 == 0
                    ? "DTSTART;VALUE=DATE:\(date)\r\n"
                    : "DTSTART\(zone):\(date)T\(String(format: "%02d", index % 24))0000\(utc)\r\nDURATION:PT1H\r\n"
            }
            if index % 100 == 50 { text += "RRULE:FREQ=DAILY;COUNT=3\r\n" }
            text += "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VEVENT\r\n"
        }
        return text + "END:VCALENDAR\r\n"
    }

    private func timing(of index: Int) -> PlanTiming {
        let day = base.adding(days: index)
        if index % 2 == 0 { return .allDay(start: day, end: day.adding(days: 1)) }
        let start = TestSupport.date("\(day) \(String(format: "%02d", index % 24)):00")
        return .timed(start: start, end: start.addingTimeInterval(3_600))
    }
}
