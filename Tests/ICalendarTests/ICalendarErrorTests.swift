import CalendarModel
import Foundation
import ICalendarReading
import TestSupport
import XCTest

final class ICalendarErrorTests: XCTestCase {
    private func problem(_ fixture: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        let path = TestSupport.fixturePath(fixture)
        let error = TestSupport.loadError(path: path, file: file, line: line)
        XCTAssertEqual(error?.path, path, file: file, line: line)
        XCTAssertEqual(error?.description, error.map { "\(path): \($0.problem)" }, file: file, line: line)
        return error?.problem
    }

    func testMissingFile() {
        let error = TestSupport.loadError(path: "/nonexistent/koyomi/work.ics")
        XCTAssertEqual(error?.description, "/nonexistent/koyomi/work.ics: does not exist")
    }

    func testFolder() {
        let folder = TestSupport.fixturePath("")
        XCTAssertEqual(TestSupport.loadError(path: folder)?.problem, "is a folder, not a file")
    }

    func testUnreadableFile() throws {
        try XCTSkipIf(getuid() == 0, "root can read any file")
        let path = NSTemporaryDirectory() + "koyomi-unreadable-\(getpid()).ics"
        try "BEGIN:VCALENDAR\nEND:VCALENDAR\n".write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        chmod(path, 0)
        XCTAssertEqual(TestSupport.loadError(path: path)?.problem, "cannot be read (permission denied)")
    }

    func testEmptyNotCalendarBinaryAndNotUTF8() {
        XCTAssertEqual(problem("empty.ics"), "is empty")
        XCTAssertEqual(problem("notcal.ics"), "is not an iCalendar file (no BEGIN:VCALENDAR)")
        XCTAssertEqual(problem("lone-vevent.ics"), "is not an iCalendar file (no BEGIN:VCALENDAR)")
        XCTAssertEqual(problem("binary.ics"), "is a binary file, not iCalendar text")
        XCTAssertEqual(problem("latin1.ics"), "is not UTF-8 text")
    }

    func testBrokenStructure() {
        XCTAssertEqual(problem("unbalanced.ics"), "is malformed: END:VEVENT at line 8 does not close BEGIN:VCALENDAR from line 1")
        XCTAssertEqual(problem("truncated.ics"), "is incomplete: BEGIN:VEVENT at line 3 has no END:VEVENT")
    }

    /// An event with an impossible date is left out and said why, in words; the file opens
    /// (issue 14: one bad event used to reject its whole file).
    func testImpossibleDatesSkipTheEventNamingItsLineAndWhy() throws {
        func warnings(_ name: String) throws -> [String] {
            let file = try TestSupport.load(name)
            XCTAssertEqual(file.eventCount, 0, "libical would have read \(name)'s date as another day")
            return file.warnings
        }
        XCTAssertEqual(try warnings("feb30.ics"),
                       ["event \"Review\" on line 6 skipped: its DTSTART says February 30, 2026, which does not exist"])
        XCTAssertEqual(try warnings("month13.ics"),
                       ["event \"Review\" on line 6 skipped: its DTSTART says month 13 of 2026, which does not exist"])
        XCTAssertEqual(try warnings("badchar.ics"), ["event \"Review\" on line 6 skipped: its DTSTART “2026111X” is not a date"])
    }

    func testImpossibleDatesInOtherPropertiesAndTheRestOfTheFile() throws {
        func warnings(_ lines: String) throws -> (warnings: [String], titles: [String]) {
            let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:u-1\nDTSTART:20261110T090000Z\n\(lines)\nEND:VEVENT\n"
                + "BEGIN:VEVENT\nUID:fine\nSUMMARY:Fine\nDTSTART:20261112T090000Z\nEND:VEVENT\nEND:VCALENDAR\n"
            let file = try ICalendarFile(text: text, sourceName: "work.ics", options: TestSupport.options())
            return (file.warnings, file.plans(overlapping: TestSupport.days("2026-11-01", "2026-12-01")).map(\.title))
        }
        XCTAssertEqual(try warnings("DTEND:20261110T250000Z").warnings,
                       ["event with UID u-1 on line 5 skipped: its DTEND says 25:00, which is not a time of day"])
        XCTAssertEqual(try warnings("DTEND:20261110T250000Z").titles, ["Fine"], "the rest of the file is shown")
        XCTAssertEqual(try warnings("RRULE:FREQ=DAILY\nEXDATE:20261111T090000Z,20261131T090000Z").warnings,
                       ["event with UID u-1 on line 6 skipped: its EXDATE says November 31, 2026, which does not exist"])
        XCTAssertEqual(try warnings("RRULE:FREQ=DAILY;UNTIL=20261301").warnings,
                       ["event with UID u-1 on line 5 skipped: its RRULE UNTIL says month 13 of 2026, which does not exist"])
        XCTAssertEqual(try warnings("RDATE;VALUE=PERIOD:20261112T090000Z/PT1H").warnings, [])
        // A VALARM's own properties are not the event's.
        XCTAssertEqual(try warnings("BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT5M\nEND:VALARM").warnings, [])
    }

    func testEventProblemsAreWarningsAndTheRestLoads() throws {
        let file = try TestSupport.load("skipped.ics")
        XCTAssertEqual(file.eventCount, 1)
        XCTAssertEqual(file.warnings.count, 2, "\(file.warnings)")
        XCTAssertEqual(file.warnings.first, "event \"Someday\" skipped: it has no DTSTART")
        XCTAssertTrue(file.warnings.last?.hasPrefix("event \"Broken length\" skipped: ") ?? false, "\(file.warnings)")
        let plans = file.plans(overlapping: TestSupport.days("2026-11-01", "2026-12-01"))
        XCTAssertEqual(plans.map(\.title), ["Fine"])
    }

    func testSeveralCalendarsInOneFileAreMerged() throws {
        let text = """
        BEGIN:VCALENDAR\nX-WR-CALNAME:First\nBEGIN:VEVENT\nUID:a\nDTSTART:20261110T090000Z\nEND:VEVENT\nEND:VCALENDAR
        BEGIN:VCALENDAR\nX-WR-CALNAME:Second\nBEGIN:VEVENT\nUID:b\nDTSTART:20261111T090000Z\nEND:VEVENT\nEND:VCALENDAR
        """
        let file = try ICalendarFile(text: text, sourceName: "two.ics", options: TestSupport.options())
        XCTAssertEqual(file.calendar.name, "First")
        XCTAssertEqual(file.eventCount, 2)
        XCTAssertNil(file.path)
    }

    /// Garbage of many shapes must end in an error or a calendar, never a crash.
    func testGarbageNeverCrashes() throws {
        var generator = SeededGenerator(seed: 0x6b6f_796f_6d69)
        let valid = try String(contentsOfFile: TestSupport.fixturePath("recurrence.ics"), encoding: .utf8)
        var inputs: [String] = ["BEGIN:VCALENDAR", "END:VCALENDAR", "BEGIN:VCALENDAR\nBEGIN:VEVENT\nEND:VCALENDAR",
                                "BEGIN:VCALENDAR\n:\n;\n\u{0}\nEND:VCALENDAR", String(repeating: "BEGIN:VCALENDAR\n", count: 200),
                                "BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART;VALUE=DATE:99991231\nDURATION:P99999999W\nEND:VEVENT\nEND:VCALENDAR",
                                "BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:00000101T000000Z\nRRULE:FREQ=YEARLY;COUNT=9999\nEND:VEVENT\nEND:VCALENDAR"]
        for _ in 0..<40 {
            let bytes = (0..<Int.random(in: 1...2000, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            inputs.append("BEGIN:VCALENDAR\n" + String(decoding: bytes, as: UTF8.self))
        }
        let lines = valid.split(separator: "\n")
        for _ in 0..<80 {
            var mutated = lines
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<mutated.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: mutated.remove(at: index)
                case 1: mutated[index] = mutated[index].dropLast(Int.random(in: 1...5, using: &generator))
                default: mutated.insert(mutated[index], at: index)
                }
            }
            inputs.append(mutated.joined(separator: "\n"))
        }
        let cut = valid.utf8.count
        inputs += stride(from: 0, to: cut, by: 97).map { String(decoding: valid.utf8.prefix($0), as: UTF8.self) }
        var loaded = 0
        for input in inputs {
            if let file = try? ICalendarFile(text: input, sourceName: "garbage.ics", options: TestSupport.options()) {
                loaded += 1
                _ = file.plans(overlapping: TestSupport.days("2026-01-01", "2027-01-01"))
            }
        }
        XCTAssertGreaterThan(loaded, 0, "some mutations stay valid")
        XCTAssertLessThan(loaded, inputs.count, "most garbage is rejected")
    }
}
