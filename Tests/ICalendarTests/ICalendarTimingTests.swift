import CalendarModel
import ICalendarReading
import XCTest

final class ICalendarTimingTests: XCTestCase {
    private func plans() throws -> [Plan] {
        try TestSupport.load("basics.ics").plans(overlapping: TestSupport.days("2026-11-01", "2026-12-01"))
    }

    func testAllDayEndIsExclusive() throws {
        let plan = try XCTUnwrap(TestSupport.plan(plans(), uid: "allday-3"))
        XCTAssertEqual(plan.timing, .allDay(start: TestSupport.day("2026-11-10"), end: TestSupport.day("2026-11-13")))
        XCTAssertNil(plan.id.occurrence)
    }

    func testAllDayWithoutEndOrWithEndBeforeStartLastsOneDay() throws {
        let all = try plans()
        XCTAssertEqual(TestSupport.plan(all, uid: "allday-noend")?.timing,
                       .allDay(start: TestSupport.day("2026-11-20"), end: TestSupport.day("2026-11-21")))
        XCTAssertEqual(TestSupport.plan(all, uid: "allday-backwards")?.timing,
                       .allDay(start: TestSupport.day("2026-11-21"), end: TestSupport.day("2026-11-22")))
    }

    func testAllDayDurationCountsDays() throws {
        XCTAssertEqual(try TestSupport.plan(plans(), uid: "duration-allday")?.timing,
                       .allDay(start: TestSupport.day("2026-11-23"), end: TestSupport.day("2026-11-25")))
    }

    func testUTCEventWithFieldsAndEscapes() throws {
        let plan = try XCTUnwrap(TestSupport.plan(plans(), uid: "utc-1"))
        XCTAssertEqual(plan.timing, .timed(start: TestSupport.date("2026-11-10 09:00"),
                                           end: TestSupport.date("2026-11-10 10:00")))
        XCTAssertEqual(plan.title, "Call with Tokyo")
        XCTAssertEqual(plan.location, "Room 4, 2nd floor")
        XCTAssertEqual(plan.notes, "Agenda:\nbudget; hiring")
        XCTAssertEqual(plan.status, .tentative)
        XCTAssertEqual(plan.color, "crimson")
        XCTAssertEqual(plan.categories, ["Work", "Calls", "Important"])
        XCTAssertEqual(plan.calendarID, CalendarID("test"))
    }

    func testNoEndNoDurationIsZeroLength() throws {
        let at = TestSupport.date("2026-11-11 17:00")
        XCTAssertEqual(try TestSupport.plan(plans(), uid: "instant-1")?.timing, .timed(start: at, end: at))
    }

    func testDuration() throws {
        XCTAssertEqual(try TestSupport.plan(plans(), uid: "duration-1")?.timing,
                       .timed(start: TestSupport.date("2026-11-12 13:00"), end: TestSupport.date("2026-11-12 14:30")))
    }

    func testFloatingTimeIsReadInTheUsersZone() throws {
        let inBerlin = try TestSupport.load("basics.ics", zone: TestSupport.berlin)
            .plans(overlapping: TestSupport.days("2026-11-01", "2026-12-01"))
        // 08:00 floating in Berlin (CET, +1) is 07:00 UTC.
        XCTAssertEqual(TestSupport.plan(inBerlin, uid: "floating-1")?.timing,
                       .timed(start: TestSupport.date("2026-11-13 07:00"), end: TestSupport.date("2026-11-13 08:00")))
        XCTAssertEqual(try TestSupport.plan(plans(), uid: "floating-1")?.timing,
                       .timed(start: TestSupport.date("2026-11-13 08:00"), end: TestSupport.date("2026-11-13 09:00")))
    }

    func testMissingSummaryAndUIDGetDefaults() throws {
        let plan = try XCTUnwrap(plans().first { $0.title == "Untitled" })
        XCTAssertEqual(plan.id.uid, "koyomi-basics.ics-9")
        XCTAssertEqual(plan.timing, .timed(start: TestSupport.date("2026-11-14 10:00"),
                                           end: TestSupport.date("2026-11-14 10:00")))
    }

    func testTodosAndJournalsAreIgnored() throws {
        let file = try TestSupport.load("basics.ics")
        XCTAssertEqual(file.eventCount, 9)
        XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
        let uids = Set(try plans().map(\.id.uid))
        XCTAssertFalse(uids.contains("todo-1"))
        XCTAssertFalse(uids.contains("journal-1"))
        XCTAssertEqual(uids.count, 9)
    }

    func testOnlyPlansOverlappingTheIntervalAreReturned() throws {
        let file = try TestSupport.load("basics.ics")
        let tenth = file.plans(overlapping: TestSupport.days("2026-11-10", "2026-11-11"))
        XCTAssertEqual(Set(tenth.map(\.id.uid)), ["allday-3", "utc-1"])
        // The end of the interval is exclusive; the zero-length deadline counts at its instant.
        let before = file.plans(overlapping: DateInterval(start: TestSupport.date("2026-11-10 08:00"),
                                                         end: TestSupport.date("2026-11-10 09:00")))
        XCTAssertEqual(before.map(\.id.uid), ["allday-3"])
        let deadline = file.plans(overlapping: DateInterval(start: TestSupport.date("2026-11-11 17:00"),
                                                           end: TestSupport.date("2026-11-11 18:00")))
        XCTAssertEqual(Set(deadline.map(\.id.uid)), ["allday-3", "instant-1"])
        XCTAssertTrue(file.plans(overlapping: TestSupport.days("2025-01-01", "2026-01-01")).isEmpty)
    }
}

/// What real exports write that libical complains about but that loses nothing.
final class ICalendarLenientPropertyTests: XCTestCase {
    func testAnEmptyPropertyValueMeansNoneNotABrokenEvent() throws {
        let text = "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:g\nDTSTART;VALUE=DATE:20261110\n"
            + "SUMMARY:Lunch\nLOCATION:\nDESCRIPTION:\nEND:VEVENT\nEND:VCALENDAR\n"
        let file = try ICalendarFile(text: text, sourceName: "google.ics", options: TestSupport.options())
        let plans = file.plans(overlapping: TestSupport.days("2026-11-01", "2026-12-01"))
        XCTAssertEqual(plans.map(\.title), ["Lunch"], "Google writes empty LOCATION: lines")
        XCTAssertNil(plans.first?.location)
        XCTAssertEqual(file.warnings, [])
    }
}
