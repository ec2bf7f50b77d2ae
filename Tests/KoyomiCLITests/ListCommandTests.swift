import Foundation
@testable import KoyomiCLI
import XCTest

final class ListCommandTests: CLITestCase {
    private func writeWorkAndHome() throws {
        try writeCalendar("work.ics", name: "Work", events:
            Self.event("standup", "Standup", start: ";TZID=Europe/Berlin:20261110T093000", end: ";TZID=Europe/Berlin:20261110T094500")
            + Self.event("review", "Review", start: ":20261110T070000Z", end: ":20261110T080000Z", extra: "LOCATION:Room 4\r\n")
            + Self.event("retro", "Retro", start: ":20261112T140000Z", end: ":20261112T150000Z"))
        try writeCalendar("home.ics", name: "Home", events:
            Self.event("trip", "Trip", start: ";VALUE=DATE:20261109", end: ";VALUE=DATE:20261112")
            + Self.event("late", "Late show", start: ":20261109T220000Z", end: ":20261110T003000Z"))
    }

    func testDayListsAllDayFirstThenByStartAcrossCalendars() throws {
        try writeWorkAndHome()
        let result = run("list", "--date", "2026-11-10")
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.output, """
        2026-11-10  all day, 2026-11-09–2026-11-11  Trip  [Home]
        2026-11-10  2026-11-09 23:00–2026-11-10 01:30  Late show  [Home]
        2026-11-10  08:00–09:00  Review  [Work]
        2026-11-10  09:30–09:45  Standup  [Work]

        """)
    }

    /// A plan with no length shows one time, not "12:00–12:00" (issue 14).
    func testAZeroLengthPlanShowsOneTime() throws {
        try writeCalendar("work.ics", name: "Work", events:
            Self.event("due", "Report due", start: ":20261110T110000Z", end: ":20261110T110000Z"))
        let result = run("list", "--date", "2026-11-10")
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.output, "2026-11-10  12:00  Report due  [Work]\n", "in the user’s zone, Berlin")
    }

    /// An event with an impossible date is left out and said why on stderr; the rest is listed.
    func testAnUnreadableEventIsSaidOnStderrAndTheRestListed() throws {
        let path = try writeCalendar("work.ics", name: "Work", events:
            Self.event("review", "Review", start: ":20261110T070000Z", end: ":20261110T080000Z")
            + Self.event("bad", "Standup", start: ":20260230T093000Z", end: ":20260230T094500Z"))
        let result = run("list", "--date", "2026-11-10")
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output, "2026-11-10  08:00–09:00  Review  [Work]\n", "in the user’s zone, Berlin")
        XCTAssertTrue(result.error.hasPrefix("koyomi list: \(path): event \"Standup\" on line "), result.error)
        XCTAssertTrue(result.error.hasSuffix(" skipped: its DTSTART says February 30, 2026, which does not exist\n"), result.error)
    }

    /// A repeat rule that cannot be used leaves the plan's first occurrence, and stderr says
    /// what is wrong with the rule (issue 16); before, the plan vanished with exit 0.
    func testAnUnusableRuleShowsTheFirstOccurrenceAndSaysWhy() throws {
        let path = try writeCalendar("work.ics", name: "Work", events:
            Self.event("odd", "Planning", start: ":20261102T080000Z", end: ":20261102T090000Z",
                       extra: "RRULE:FREQ=FORTNIGHTLY\r\n")
            + Self.event("never", "Leap review", start: ":20261103T080000Z", end: ":20261103T090000Z",
                         extra: "RRULE:FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=31\r\n"))
        let result = run("list", "--month", "2026-11")
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.output, """
        2026-11-02  09:00–10:00  Planning  [Work]
        2026-11-03  09:00–10:00  Leap review  [Work]

        """)
        XCTAssertTrue(result.error.contains("koyomi list: \(path): event \"Planning\": its repeat rule “FREQ=FORTNIGHTLY” "
            + "cannot be used: FREQ=FORTNIGHTLY is not a frequency (SECONDLY … YEARLY); only its first occurrence is shown\n"),
                      result.error)
        XCTAssertTrue(result.error.contains("event \"Leap review\": its repeat rule “FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=31” "
            + "matches no date after its first; only that one is shown"), result.error)
    }

    func testDefaultIsTodayInTheUsersZone() throws {
        try writeWorkAndHome()
        XCTAssertEqual(run("list").output, run("list", "--date", "2026-11-10").output)
    }

    func testMonthListsEachPlanOnceOnItsFirstDay() throws {
        try writeWorkAndHome()
        let lines = run("list", "--month", "2026-11").output.split(separator: "\n")
        XCTAssertEqual(lines.map { String($0.prefix(10)) },
                       ["2026-11-09", "2026-11-09", "2026-11-10", "2026-11-10", "2026-11-12"])
        XCTAssertEqual(lines.filter { $0.contains("Trip") }.count, 1)
        XCTAssertEqual(run("list", "--month", "2026-12").output, "")
    }

    func testCalendarFilterByNameOrFileName() throws {
        try writeWorkAndHome()
        let work = run("list", "--date", "2026-11-10", "--calendar", "work")
        XCTAssertEqual(work.status, 0)
        XCTAssertEqual(work.output.split(separator: "\n").count, 2)
        XCTAssertFalse(work.output.contains("[Home]"))
        assertUsageError(run("list", "--calendar", "Gym"), mentions: "no calendar named “Gym”")
    }

    func testJSONHasStableKeys() throws {
        try writeWorkAndHome()
        let result = run("list", "--date", "2026-11-10", "--calendar", "Work", "--json")
        XCTAssertEqual(result.status, 0, result.error)
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.count, 2)
        for object in objects {
            XCTAssertEqual(Set(object.keys), ["uid", "occurrence", "calendar", "title", "start", "end", "allDay", "location"])
        }
        XCTAssertEqual(objects[0]["uid"] as? String, "review")
        XCTAssertEqual(objects[0]["location"] as? String, "Room 4")
        XCTAssertEqual(objects[0]["start"] as? String, "2026-11-10T08:00:00+01:00")
        XCTAssertEqual(objects[0]["allDay"] as? Bool, false)
        XCTAssertTrue(objects[1]["location"] is NSNull)
        XCTAssertEqual(objects[1]["calendar"] as? String, "Work")
    }

    func testRepeatingPlansListEachOccurrence() throws {
        try writeCalendar("gym.ics", name: "Gym", events:
            Self.event("swim", "Swim", start: ":20261102T170000Z", end: ":20261102T180000Z", extra: "RRULE:FREQ=WEEKLY;COUNT=3\r\n"))
        let result = run("list", "--month", "2026-11", "--json")
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.compactMap { $0["occurrence"] as? String },
                       ["20261102T170000Z", "20261109T170000Z", "20261116T170000Z"])
    }

    func testFilesGivenReplaceTheUsersCalendars() throws {
        try writeWorkAndHome()
        let other = dataHome.appendingPathComponent("other.ics")
        try Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n\(Self.event("x", "Elsewhere", start: ";VALUE=DATE:20261110", end: ";VALUE=DATE:20261111"))END:VCALENDAR\r\n".utf8).write(to: other)
        let result = run("list", "--date", "2026-11-10", other.path)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.output, "2026-11-10  all day  Elsewhere  [other]\n")
    }

    func testBadInputIsStatus2WithOneLine() throws {
        assertUsageError(run("list", "--date", "2026-02-30"), mentions: "2026-02-30")
        assertUsageError(run("list", "--month", "2026-13"), mentions: "2026-13")
        assertUsageError(run("list", "--date", "2026-11-10", "--month", "2026-11"), mentions: "not both")
        assertUsageError(run("list", "--date"), mentions: "--date needs a value")
        assertUsageError(run("list", "--frobnicate"), mentions: "unknown option “--frobnicate”")
        assertUsageError(run("list", "--json=yes"), mentions: "--json takes no value")
        assertUsageError(run("list", dataHome.appendingPathComponent("missing.ics").path), mentions: "does not exist")
        let broken = dataHome.appendingPathComponent("broken.ics")
        try Data("not a calendar\n".utf8).write(to: broken)
        assertUsageError(run("list", broken.path), mentions: "broken.ics")
    }

    func testNoCalendarsListsNothingAndCreatesNothing() {
        let result = run("list")
        XCTAssertEqual(result, CLIResult(status: 0))
        XCTAssertEqual(run("list", "--json"), CLIResult(status: 0, output: "[]\n"))
        XCTAssertEqual(snapshot(), [:])
    }

    func testHelp() {
        let result = run("list", "--help")
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.output.hasPrefix("Usage: koyomi list"))
    }
}
