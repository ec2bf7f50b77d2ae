import CalendarModel
import ICalendarReading
import XCTest

final class ICalendarZoneTests: XCTestCase {
    private let year = TestSupport.days("2026-01-01", "2027-01-01")

    func testTZIDFromTheFilesVTimezoneOnBothSidesOfDST() throws {
        let plans = try TestSupport.load("zones.ics").plans(overlapping: year)
        XCTAssertEqual(TestSupport.plan(plans, uid: "berlin-summer")?.timing,
                       .timed(start: TestSupport.date("2026-07-15 07:00"), end: TestSupport.date("2026-07-15 08:00")))
        XCTAssertEqual(TestSupport.plan(plans, uid: "berlin-winter")?.timing,
                       .timed(start: TestSupport.date("2026-11-15 08:00"), end: TestSupport.date("2026-11-15 09:00")))
    }

    func testTZIDFromTheSystemDatabaseKeepsLocalWallTimeAcrossDST() throws {
        // Whatever the user's zone, the New York meeting stays at 09:00 New York time:
        // 13:00 UTC before 1 November 2026 (EDT), 14:00 UTC after (EST).
        for userZone in [TestSupport.utc, TestSupport.berlin] {
            let plans = try TestSupport.load("zones.ics", zone: userZone).plans(overlapping: year)
            XCTAssertEqual(TestSupport.starts(plans, uid: "ny-weekly"), [
                TestSupport.date("2026-10-22 13:00"), TestSupport.date("2026-10-29 13:00"),
                TestSupport.date("2026-11-05 14:00"), TestSupport.date("2026-11-12 14:00"),
            ])
            let ids = plans.filter { $0.id.uid == "ny-weekly" }.compactMap(\.id.occurrence).sorted()
            XCTAssertEqual(ids.first, "20261022T130000Z")
            XCTAssertEqual(ids.last, "20261112T140000Z")
        }
    }

    func testUTCUntilIncludesTheLastOccurrenceOfAZonedEvent() throws {
        let plans = try TestSupport.load("zones.ics").plans(overlapping: year)
        XCTAssertEqual(TestSupport.starts(plans, uid: "berlin-until"), [
            TestSupport.date("2026-11-02 08:00"), TestSupport.date("2026-11-09 08:00"),
            TestSupport.date("2026-11-16 08:00"),
        ])
    }

    /// RFC 5545: a day in a DURATION is the same clock time the next day, so P1D over the
    /// night Berlin leaves summer time lasts 25 hours, while PT24H lasts exactly 24.
    func testDayDurationsFollowTheClockAcrossDST() throws {
        let text = """
        BEGIN:VCALENDAR
        BEGIN:VEVENT
        UID:nominal
        DTSTART;TZID=Europe/Berlin:20261024T100000
        DURATION:P1D
        END:VEVENT
        BEGIN:VEVENT
        UID:exact
        DTSTART;TZID=Europe/Berlin:20261024T100000
        DURATION:PT24H
        END:VEVENT
        BEGIN:VEVENT
        UID:weekly
        DTSTART;TZID=Europe/Berlin:20261024T100000
        DURATION:P1DT2H
        RRULE:FREQ=WEEKLY;COUNT=2
        END:VEVENT
        END:VCALENDAR
        """
        let plans = try ICalendarFile(text: text, sourceName: "dst.ics", options: TestSupport.options())
            .plans(overlapping: year)
        XCTAssertEqual(TestSupport.plan(plans, uid: "nominal")?.timing,
                       .timed(start: TestSupport.date("2026-10-24 08:00"), end: TestSupport.date("2026-10-25 09:00")))
        XCTAssertEqual(TestSupport.plan(plans, uid: "exact")?.timing,
                       .timed(start: TestSupport.date("2026-10-24 08:00"), end: TestSupport.date("2026-10-25 08:00")))
        let weekly = plans.filter { $0.id.uid == "weekly" }.map(\.timing)
        XCTAssertEqual(weekly, [
            .timed(start: TestSupport.date("2026-10-24 08:00"), end: TestSupport.date("2026-10-25 11:00")),
            .timed(start: TestSupport.date("2026-10-31 09:00"), end: TestSupport.date("2026-11-01 11:00")),
        ])
    }

    func testUnknownTZIDIsReadAsFloatingWithAWarning() throws {
        let file = try TestSupport.load("zones.ics", zone: TestSupport.berlin)
        XCTAssertEqual(TestSupport.plan(file.plans(overlapping: year), uid: "unknown-zone")?.timing,
                       .timed(start: TestSupport.date("2026-11-10 08:00"), end: TestSupport.date("2026-11-10 09:00")))
        XCTAssertEqual(file.warnings.count, 1)
        XCTAssertTrue(file.warnings[0].contains("\"Mystery\"") && file.warnings[0].contains("Mars/Olympus"),
                      file.warnings[0])
    }
}

extension ICalendarZoneTests {
    /// libical expands VTIMEZONE rules only up to 2037; later summers must still be summer.
    func testVTimezoneAfter2037() throws {
        let text = try String(contentsOfFile: TestSupport.fixturePath("zones.ics"), encoding: .utf8)
            .replacingOccurrences(of: "20260715T", with: "20450715T")
        let file = try ICalendarFile(text: text, sourceName: "zones.ics", options: TestSupport.options())
        let plans = file.plans(overlapping: TestSupport.days("2045-07-15", "2045-07-16"))
        XCTAssertEqual(TestSupport.plan(plans, uid: "berlin-summer")?.timing,
                       .timed(start: TestSupport.date("2045-07-15 07:00"), end: TestSupport.date("2045-07-15 08:00")))
    }
}
