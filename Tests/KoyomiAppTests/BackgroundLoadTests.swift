import CalendarModel
import CalendarVetting
import Foundation
import GtkKit
import ICalendarReading
@testable import KoyomiApp
import XCTest

/// Files opened the app's way are read on a background thread: the window paints first,
/// and the dots, the error strip and the completion follow once the plans are in.
final class BackgroundLoadTests: AppTestCase, @unchecked Sendable {
    private func concert() throws -> String {
        try writeCalendar("later.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//EN
        COLOR:#9141ac
        BEGIN:VEVENT
        UID:later-1
        DTSTART;VALUE=DATE:20261114
        SUMMARY:Concert
        END:VEVENT
        END:VCALENDAR
        """)
    }

    func testDotsAppearWhenTheBackgroundLoadFinishes() throws {
        let later = try concert()
        let missing = directory.appendingPathComponent("missing.ics").path
        MainActor.assumeIsolated {
            let controller = openWindow([])
            var result: CalendarLoader.Result?
            var waited = false
            controller.open(paths: [later, missing]) { result = $0 }
            controller.whenLoaded { waited = true }
            XCTAssertTrue(controller.isLoading)
            XCTAssertNil(result, "the result is handed over later, on the main loop")
            XCTAssertTrue(MainLoop.iterate(until: { result != nil }, timeout: 10), "the load finished")
            XCTAssertTrue(waited, "whenLoaded ran once the plans were in")
            XCTAssertFalse(controller.isLoading)
            XCTAssertEqual(result?.sources.map(\.calendar.name), ["later"])
            XCTAssertEqual(result?.errors, ["\(missing): does not exist"])
            XCTAssertEqual(cell("2026-11-14").visibleDotClasses, ["koyomi-color-9141ac"])
            XCTAssertTrue(window.errors.isShowing)
            XCTAssertTrue(window.errors.text.contains("missing.ics: does not exist"))
        }
    }

    /// Files read ahead are taken for the first frame only while together they are small;
    /// files too large for it, or still being read, stay where the background load finds them.
    func testReadAheadFilesAreTakenForTheFirstFrameOnlyWhileSmall() throws {
        let later = try concert()
        let work = try sampleCalendar()
        let loader = CalendarLoader(timeZone: currentZone, parseGuard: storage.parseGuard, scheduler: loadScheduler)
        let requests = [later, work].map { CalendarLoader.Request(path: $0, fallbackColor: "#3584e4") }
        let prefetch = ICalendarPrefetch(requests.map { ($0.path, loader.options(for: $0.path)) })
        MainActor.assumeIsolated {
            XCTAssertTrue(MainLoop.iterate(until: { requests.allSatisfy { prefetch.isRead(path: $0.path) } }, timeout: 30))
        }
        let bytes = try [later, work].reduce(Int64(0)) { total, path in
            total + Int64(try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int))
        }
        XCTAssertTrue(loader.takeReadAhead(requests, from: prefetch, upTo: bytes - 1).isEmpty, "too large together")
        XCTAssertTrue(requests.allSatisfy { prefetch.isRead(path: $0.path) }, "nothing was taken")
        let taken = loader.takeReadAhead(requests, from: prefetch, upTo: bytes)
        XCTAssertEqual(taken.map(\.request), requests)
        XCTAssertEqual(taken.flatMap(\.result.sources).map(\.calendar.name), ["later", "Work"])
        XCTAssertTrue(loader.takeReadAhead(requests, from: prefetch, upTo: bytes).isEmpty, "each read is taken once")
    }

    /// A calendar whose time zone repeats every second (issue 22): the window used to stay at
    /// "Loading calendars…" for minutes and show nobody's plans. Now the zone is refused, its
    /// file opens with a warning naming it, and the other calendars are shown too.
    func testAHostileTimeZoneHoldsUpNothing() throws {
        let later = try concert()
        let hostile = try writeCalendar("hostile.ics", """
        BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\nBEGIN:VTIMEZONE\r\nTZID:Every second\r\n\
        BEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nRRULE:FREQ=SECONDLY\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0000\r\n\
        END:STANDARD\r\nBEGIN:DAYLIGHT\r\nDTSTART:19700101T000001\r\nRRULE:FREQ=SECONDLY\r\nTZOFFSETFROM:+0000\r\n\
        TZOFFSETTO:+0100\r\nEND:DAYLIGHT\r\nEND:VTIMEZONE\r\nBEGIN:VEVENT\r\nUID:h\r\nDTSTART;TZID=Every second:20261110T100000\r\n\
        SUMMARY:Hostile\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n
        """)
        // And one 10 MiB line, which libical scans in quadratic time: read cut, and said.
        let long = try writeCalendar("long.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\n"
                                     + "BEGIN:VEVENT\r\nUID:l\r\nDTSTART;VALUE=DATE:20261112\r\nSUMMARY:Long\r\nDESCRIPTION:"
                                     + String(repeating: "x", count: 10 << 20) + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        MainActor.assumeIsolated {
            let controller = openWindow([])
            var result: CalendarLoader.Result?
            controller.open(paths: [hostile, later, long]) { result = $0 }
            XCTAssertTrue(MainLoop.iterate(until: { result != nil }, timeout: 30), "the load finished")
            XCTAssertEqual(result?.sources.map(\.calendar.name), ["hostile", "later", "long"], "all, in the order asked")
            XCTAssertEqual(cell("2026-11-12").visibleDotClasses.count, 1, "the long file's plan is shown")
            XCTAssertTrue(window.errors.text.contains("long.ics: line 8: its DESCRIPTION has a value of 10 MiB"), window.errors.text)
            XCTAssertEqual(cell("2026-11-14").visibleDotClasses.count, 1, "the other calendar's plan is shown")
            XCTAssertEqual(cell("2026-11-10").visibleDotClasses.count, 1, "and the hostile file's own")
            XCTAssertTrue(window.errors.text.contains("hostile.ics: time zone “Every second” refused: its STANDARD rule "
                                                      + "repeats secondly"), window.errors.text)
        }
    }

    /// A calendar the parser would take too long over (any input that still spins libical)
    /// is parsed by a child under limits: it is stopped and named, and the others are shown.
    func testAFileThatTakesTooLongToParseIsStoppedAndNamed() throws {
        let later = try concert()
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\n"
        text.reserveCapacity(150_000 * 110)
        for index in 0..<150_000 {
            text += "BEGIN:VEVENT\r\nUID:e\(index)\r\nDTSTART:20261112T100000Z\r\nSUMMARY:Plan \(index)\r\nEND:VEVENT\r\n"
        }
        let slow = try writeCalendar("slow.ics", text + "END:VCALENDAR\r\n")
        // 150,000 events take well over a second of CPU to parse anywhere; the limit is one.
        parseLimits = UntrustedCalendar.Limits(cpuSeconds: 1, memoryBytes: 4 << 30, wallClockSeconds: 120,
                                               maxFileBytes: 256 << 20)
        MainActor.assumeIsolated {
            let controller = openWindow([])
            var result: CalendarLoader.Result?
            controller.open(paths: [slow, later]) { result = $0 }
            XCTAssertTrue(MainLoop.iterate(until: { result != nil }, timeout: 60), "the load finished")
            XCTAssertEqual(result?.sources.map(\.calendar.name), ["later"])
            XCTAssertEqual(result?.errors, ["\(slow): took too long to read"])
            XCTAssertTrue(window.errors.text.contains("slow.ics: took too long to read"), window.errors.text)
            XCTAssertEqual(cell("2026-11-14").visibleDotClasses, ["koyomi-color-9141ac"], "the other calendar is shown")
            XCTAssertEqual(cell("2026-11-12").visibleDotClasses, [], "nothing of the stopped one")
        }
    }

    func testWhenLoadedRunsAtOnceWithNothingLoading() throws {
        MainActor.assumeIsolated {
            let controller = openWindow([])
            var ran = false
            controller.whenLoaded { ran = true }
            XCTAssertTrue(ran)
        }
    }
}
