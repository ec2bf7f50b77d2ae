import CalendarModel
import ICalendarReading
import XCTest

final class ICalendarRecurrenceTests: XCTestCase {
    private func november() throws -> [Plan] {
        try TestSupport.load("recurrence.ics").plans(overlapping: TestSupport.days("2026-11-01", "2026-12-01"))
    }

    func testWeeklyByDayWithCount() throws {
        XCTAssertEqual(TestSupport.starts(try november(), uid: "weekly-count"), [
            TestSupport.date("2026-11-02 18:00"), TestSupport.date("2026-11-04 18:00"),
            TestSupport.date("2026-11-09 18:00"), TestSupport.date("2026-11-11 18:00"),
            TestSupport.date("2026-11-16 18:00"),
        ])
    }

    func testCountIsCountedFromDTSTARTEvenWhenAskingLater() throws {
        let file = try TestSupport.load("recurrence.ics")
        let late = file.plans(overlapping: TestSupport.days("2026-11-10", "2026-12-31"))
        XCTAssertEqual(TestSupport.starts(late, uid: "weekly-count"), [
            TestSupport.date("2026-11-11 18:00"), TestSupport.date("2026-11-16 18:00"),
        ])
    }

    func testUntilIsInclusive() throws {
        let plans = try november().filter { $0.id.uid == "weekly-until" }
        XCTAssertEqual(plans.compactMap(\.id.occurrence).sorted(),
                       ["20261103T170000Z", "20261110T170000Z", "20261117T170000Z"])
        // Every occurrence keeps the master's length (DURATION:PT45M).
        for plan in plans {
            guard case let .timed(start, end) = plan.timing else { return XCTFail("not timed") }
            XCTAssertEqual(end.timeIntervalSince(start), 45 * 60)
        }
    }

    func testExdateRemovesRdateAddsAndOverrideMovesOneOccurrence() throws {
        let team = try november().filter { $0.id.uid == "team" }
        let byOccurrence = Dictionary(uniqueKeysWithValues: team.map { ($0.id.occurrence ?? "-", $0) })
        XCTAssertEqual(Set(byOccurrence.keys), [
            "20261102T090000Z", "20261105T150000Z", "20261116T090000Z", "20261123T090000Z", "20261130T090000Z",
        ])
        XCTAssertNil(byOccurrence["20261109T090000Z"], "EXDATE")
        XCTAssertEqual(byOccurrence["20261105T150000Z"]?.title, "Team meeting", "RDATE")
        let moved = try XCTUnwrap(byOccurrence["20261116T090000Z"])
        XCTAssertEqual(moved.title, "Team meeting (moved)")
        XCTAssertEqual(moved.timing, .timed(start: TestSupport.date("2026-11-17 14:00"),
                                            end: TestSupport.date("2026-11-17 15:00")))
        // The original slot on the 16th is gone: nothing of "team" starts then.
        XCTAssertFalse(TestSupport.starts(team, uid: "team").contains(TestSupport.date("2026-11-16 09:00")))
        XCTAssertEqual(byOccurrence["20261123T090000Z"]?.status, .cancelled)
    }

    func testMovedOccurrenceShowsOnItsNewDayOnly() throws {
        let file = try TestSupport.load("recurrence.ics")
        let sixteenth = file.plans(overlapping: TestSupport.days("2026-11-16", "2026-11-17"))
        XCTAssertFalse(sixteenth.contains { $0.id.uid == "team" })
        let seventeenth = file.plans(overlapping: TestSupport.days("2026-11-17", "2026-11-18"))
        XCTAssertEqual(seventeenth.filter { $0.id.uid == "team" }.map(\.title), ["Team meeting (moved)"])
    }

    func testExpansionIsLimitedToTheAskedInterval() throws {
        let file = try TestSupport.load("recurrence.ics")
        let week = file.plans(overlapping: TestSupport.days("2026-11-23", "2026-11-30"))
        let vitamins = week.filter { $0.id.uid == "daily-2000" }
        XCTAssertEqual(vitamins.count, 7)
        XCTAssertEqual(vitamins.compactMap(\.id.occurrence).sorted().first, "20261123T070000Z")
        let farFuture = file.plans(overlapping: TestSupport.days("2090-03-01", "2090-03-08"))
        XCTAssertEqual(farFuture.filter { $0.id.uid == "daily-2000" }.count, 7)
    }

    func testYearlyAllDayWithDateExdate() throws {
        let file = try TestSupport.load("recurrence.ics")
        let march2026 = file.plans(overlapping: TestSupport.days("2026-03-01", "2026-04-01"))
        let birthday = try XCTUnwrap(TestSupport.plan(march2026, uid: "birthday"))
        XCTAssertEqual(birthday.timing, .allDay(start: TestSupport.day("2026-03-14"), end: TestSupport.day("2026-03-15")))
        XCTAssertEqual(birthday.id.occurrence, "20260314")
        let march2027 = file.plans(overlapping: TestSupport.days("2027-03-01", "2027-04-01"))
        XCTAssertFalse(march2027.contains { $0.id.uid == "birthday" })
        let march2100 = file.plans(overlapping: TestSupport.days("2100-03-01", "2100-04-01"))
        XCTAssertEqual(march2100.filter { $0.id.uid == "birthday" }.map(\.id.occurrence), ["21000314"])
    }

    func testAllDayOccurrencesFollowTheUsersZone() throws {
        let file = try TestSupport.load("recurrence.ics", zone: TestSupport.newYork)
        let day = file.plans(overlapping: TestSupport.days("2026-03-14", "2026-03-15", zone: TestSupport.newYork))
        XCTAssertEqual(day.filter { $0.id.uid == "birthday" }.count, 1)
        let dayBefore = file.plans(overlapping: TestSupport.days("2026-03-13", "2026-03-14", zone: TestSupport.newYork))
        XCTAssertFalse(dayBefore.contains { $0.id.uid == "birthday" })
    }

    func testEventCountIncludesOverrides() throws {
        XCTAssertEqual(try TestSupport.load("recurrence.ics").eventCount, 7)
    }

    /// Jumping ahead to a far interval must keep the rule's INTERVAL phase and BY parts.
    func testFarIntervalsKeepTheRulesPhase() throws {
        func days(_ rule: String, start: String, from: String, to: String) throws -> [String] {
            let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:r\nDTSTART;VALUE=DATE:\(start)\nRRULE:\(rule)\n"
                + "END:VEVENT\nEND:VCALENDAR\n"
            let file = try ICalendarFile(text: text, sourceName: "r.ics", options: TestSupport.options())
            return file.plans(overlapping: TestSupport.days(from, to)).compactMap(\.id.occurrence).sorted()
        }
        // 2020-01-07 is a Tuesday; 2026-11-03 is 356 weeks later (even), 2026-11-10 is 357 (odd).
        XCTAssertEqual(try days("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", start: "20200107", from: "2026-11-01", to: "2026-12-01"),
                       ["20261103", "20261117"])
        // 2026-11-01 is 2496 = 3 × 832 days after 2020-01-01, so the 1st, 4th, 7th … fit.
        XCTAssertEqual(try days("FREQ=DAILY;INTERVAL=3", start: "20200101", from: "2026-11-01", to: "2026-11-10"),
                       ["20261101", "20261104", "20261107"])
        XCTAssertEqual(try days("FREQ=MONTHLY;BYDAY=2TU", start: "20200114", from: "2026-11-01", to: "2027-01-01"),
                       ["20261110", "20261208"])
        // Every 5 months from January 2020: 2026 gets April (75 months on) and September.
        XCTAssertEqual(try days("FREQ=MONTHLY;INTERVAL=5;BYMONTHDAY=15", start: "20200115", from: "2026-01-01", to: "2027-01-01"),
                       ["20260415", "20260915"])
    }

    /// Sub-daily rules keep their rhythm too: the jump lands on one of the rule's own steps,
    /// so the result equals stepping all the way from DTSTART (which COUNT forces).
    func testSubDailyRulesKeepTheirPhaseAcrossTheJump() throws {
        func starts(_ rule: String) throws -> [String] {
            let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:h\nDTSTART:20260101T093000Z\nDURATION:PT10M\n"
                + "RRULE:\(rule)\nEND:VEVENT\nEND:VCALENDAR\n"
            let file = try ICalendarFile(text: text, sourceName: "h.ics", options: TestSupport.options())
            return file.plans(overlapping: TestSupport.days("2026-11-01", "2026-11-02")).compactMap(\.id.occurrence).sorted()
        }
        let hourly = try starts("FREQ=HOURLY;INTERVAL=5")
        XCTAssertEqual(hourly, ["20261101T033000Z", "20261101T083000Z", "20261101T133000Z",
                                "20261101T183000Z", "20261101T233000Z"])
        XCTAssertEqual(hourly, try starts("FREQ=HOURLY;INTERVAL=5;COUNT=100000"))
        let minutely = try starts("FREQ=MINUTELY;INTERVAL=7;BYHOUR=9")
        XCTAssertFalse(minutely.isEmpty)
        XCTAssertEqual(minutely, try starts("FREQ=MINUTELY;INTERVAL=7;BYHOUR=9;COUNT=100000"))
    }

    /// Rules that never or rarely match must end (bounded iteration), not hang.
    func testPathologicalRulesEnd() throws {
        let rules = ["FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=31",
                     "FREQ=SECONDLY", "FREQ=MINUTELY;COUNT=100000000", "FREQ=DAILY;INTERVAL=0",
                     "FREQ=YEARLY;BYYEARDAY=366;BYMONTH=1", "FREQ=WEEKLY;BYDAY=MO;BYSETPOS=-9"]
        for rule in rules {
            let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:p\nDTSTART:19710101T000000Z\nRRULE:\(rule)\n"
                + "END:VEVENT\nEND:VCALENDAR\n"
            let file = try ICalendarFile(text: text, sourceName: "p.ics", options: TestSupport.options())
            let plans = file.plans(overlapping: TestSupport.days("2026-11-01", "2026-11-02"))
            // A day of SECONDLY is more than the iteration cap allows: bounded, possibly empty.
            XCTAssertLessThanOrEqual(plans.count, 25_000, rule)
            XCTAssertTrue(plans.allSatisfy { $0.id.uid == "p" }, rule)
        }
    }
}
