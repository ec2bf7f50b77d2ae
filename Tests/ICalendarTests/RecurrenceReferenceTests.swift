@testable import CalendarEditing
import CalendarModel
import Foundation
@testable import ICalendarReading
import XCTest

/// Whole files whose occurrences other readers disagree about (issue 35), each worked out by
/// hand from RFC 5545 and compared with python-dateutil 2.9, recurring_ical_events 3.8 (on
/// icalendar 7.3), ical.js (main, December 2026) and, where it applies, libical 3.0.16; what
/// each gives is said at each case, and docs/recurrence.md says which Koyomi follows and why.
final class RecurrenceReferenceTests: XCTestCase {
    private func file(_ events: String, zone: TimeZone = TestSupport.utc) throws -> ICalendarFile {
        try ICalendarFile(text: RecurrenceHandlingTests.calendar(events), sourceName: "reference.ics",
                          options: TestSupport.options(zone))
    }

    private func starts(_ file: ICalendarFile, _ from: String, _ to: String) -> [Date] {
        file.plans(overlapping: TestSupport.days(from, to)).map(TestSupport.start).sorted()
    }

    /// The zone as the file itself may carry it: nothing (the system's zone) or libical's
    /// VTIMEZONE text for it, which Koyomi then reads instead.
    private func withAndWithoutZone(_ tzid: String, _ events: String) throws -> [(String, String)] {
        let vtimezone = try XCTUnwrap(VTimezoneText.component(for: tzid, lineEnd: "\n"))
        return [("the system zone", events), ("the file's VTIMEZONE", vtimezone.text + events)]
    }

    // MARK: - 1. UNTIL in local time beside a TZID start

    /// RFC 5545 §3.3.10 wants UNTIL in UTC when DTSTART has a TZID, but files write it as a
    /// local time; Koyomi reads it on DTSTART's clock (as libical 3.0's iterator does, and
    /// dateutil with wall times). 2026-11-04 23:00 New York is the last start, so
    /// there are four. recurring_ical_events and ical.js read the bare UNTIL as UTC (18:00
    /// New York) and give three; reading it in the user's zone (Tokyo here) would too.
    func testALocalUntilIsReadOnTheStartsClock() throws {
        let events = """
            BEGIN:VEVENT
            UID:until
            DTSTART;TZID=America/New_York:20261101T230000
            DURATION:PT30M
            RRULE:FREQ=DAILY;UNTIL=20261104T230000
            SUMMARY:Night call
            END:VEVENT

            """
        for (how, text) in try withAndWithoutZone("America/New_York", events) {
            let loaded = try file(text, zone: try XCTUnwrap(TimeZone(identifier: "Asia/Tokyo")))
            // 23:00 EST is 04:00 UTC the next day.
            XCTAssertEqual(starts(loaded, "2026-10-01", "2027-01-01"),
                           ["2026-11-02 04:00", "2026-11-03 04:00", "2026-11-04 04:00", "2026-11-05 04:00"]
                            .map(TestSupport.date), how)
        }
    }

    // MARK: - 2. A daily time in London's spring-forward gap

    /// London skips 01:00–02:00 on 2026-03-29. RFC 5545 §3.3.5 (which §3.3.10 points to for
    /// such instances): a time that does not occur is read with the offset from before the
    /// gap, so 01:30 GMT = 02:30 BST, and the occurrence stays. recurring_ical_events gives
    /// the same instant; ical.js moves it back to 00:30 UTC; dateutil leaves the wall time.
    func testADailyTimeInLondonsGapMovesForwardAndStays() throws {
        let events = """
            BEGIN:VEVENT
            UID:gap
            DTSTART;TZID=Europe/London:20260327T013000
            DURATION:PT1H
            RRULE:FREQ=DAILY;COUNT=5
            SUMMARY:Feed the cat
            END:VEVENT

            """
        for (how, text) in try withAndWithoutZone("Europe/London", events) {
            let plans = try file(text, zone: TestSupport.newYork).plans(overlapping: TestSupport.days("2026-03-01", "2026-04-30"))
                .sorted { TestSupport.start($0) < TestSupport.start($1) }
            XCTAssertEqual(plans.map(TestSupport.start), [
                "2026-03-27 01:30", "2026-03-28 01:30",
                "2026-03-29 01:30", // 02:30 BST: moved forward by the gap, not dropped
                "2026-03-30 00:30", "2026-03-31 00:30", // 01:30 BST
            ].map(TestSupport.date), how)
            // Each lasts its hour (the moved one 02:30–03:30 BST).
            XCTAssertEqual(plans.map { TestSupport.end($0).timeIntervalSince(TestSupport.start($0)) },
                           Array(repeating: 3600, count: 5), how)
        }
    }

    // MARK: - 3. An override and an EXDATE naming the same occurrence

    /// RFC 5545 §3.8.5.3: EXDATE takes the instance out of the recurrence set, and an override
    /// (§3.8.4.4) can only change an instance of the set, so none is shown. recurring_ical_events
    /// (issue 163: a client deleting a changed occurrence adds the EXDATE and leaves the
    /// override) and ical.js (its iterator skips the EXDATE before looking up the override)
    /// both show nothing there. The override stays in the file.
    func testAnExdateHidesTheOverrideOfTheSameOccurrence() throws {
        let master = """
            BEGIN:VEVENT
            UID:standup
            DTSTART:20261201T090000Z
            DURATION:PT30M
            RRULE:FREQ=DAILY;COUNT=4
            EXDATE:20261202T090000Z
            SUMMARY:Standup
            END:VEVENT

            """
        let override = """
            BEGIN:VEVENT
            UID:standup
            RECURRENCE-ID:20261202T090000Z
            DTSTART:20261202T140000Z
            DURATION:PT30M
            SUMMARY:Standup (moved)
            END:VEVENT

            """
        // Either order in the file: the master may come after its override.
        for text in [master + override, override + master] {
            let loaded = try file(text)
            let plans = loaded.plans(overlapping: TestSupport.days("2026-12-01", "2027-01-01"))
            XCTAssertEqual(plans.map(TestSupport.start).sorted(),
                           ["2026-12-01 09:00", "2026-12-03 09:00", "2026-12-04 09:00"].map(TestSupport.date))
            XCTAssertFalse(plans.contains { $0.title == "Standup (moved)" })
            XCTAssertEqual(loaded.eventCount, 1, "the master is the one event shown")
            // Nothing is taken out of the file: the override is still there to edit or save.
            let document = try CalendarDocument(text: RecurrenceHandlingTests.calendar(text), timeZone: TestSupport.utc)
            XCTAssertTrue(document.text.contains("SUMMARY:Standup (moved)"))
        }
    }

    /// The same for the other ways an EXDATE names an occurrence: a DATE for an all-day series
    /// overridden with Outlook's midnight RECURRENCE-ID, and a DATE for a timed one.
    func testADateExdateHidesTheOverrideOfThatDay() throws {
        let loaded = try file("""
            BEGIN:VEVENT
            UID:allday
            DTSTART;VALUE=DATE:20261201
            RRULE:FREQ=WEEKLY;COUNT=3
            EXDATE;VALUE=DATE:20261208
            SUMMARY:Bins
            END:VEVENT
            BEGIN:VEVENT
            UID:allday
            RECURRENCE-ID;TZID=Europe/Berlin:20261208T000000
            DTSTART;VALUE=DATE:20261209
            SUMMARY:Bins (moved)
            END:VEVENT
            BEGIN:VEVENT
            UID:timed
            DTSTART;TZID=Europe/Berlin:20261201T180000
            DURATION:PT1H
            RRULE:FREQ=WEEKLY;COUNT=3
            EXDATE;VALUE=DATE:20261208
            SUMMARY:Choir
            END:VEVENT
            BEGIN:VEVENT
            UID:timed
            RECURRENCE-ID;TZID=Europe/Berlin:20261208T180000
            DTSTART;TZID=Europe/Berlin:20261208T190000
            DURATION:PT1H
            SUMMARY:Choir (later)
            END:VEVENT

            """)
        let titles = loaded.plans(overlapping: TestSupport.days("2026-12-01", "2027-01-01")).map(\.title).sorted()
        XCTAssertEqual(titles, ["Bins", "Bins", "Choir", "Choir"])
    }

    // MARK: - 4. A weekly plan across midnight over New York's DST changes

    /// Saturday nights 23:00–01:00 and 23:30–03:30, weekly, over 2026-03-08 (02:00 EST →
    /// 03:00 EDT) and 2026-11-01 (02:00 EDT → 01:00 EST). RFC 5545 §3.8.5.3: with DTEND, every
    /// occurrence has "the same exact duration"; §3.3.10: it starts at the same local time.
    /// The 23:30 plan spans the change, so its end moves on the clock: 04:30 EDT in March,
    /// 02:30 EST in November. recurring_ical_events agrees; ical.js adds the length on the
    /// clock, so its 23:00–01:00 of October 31st lasts three hours (to 01:00 EST).
    func testOvernightWeeklyPlansKeepTheirStartTimeAndLengthOverDSTChanges() throws {
        let events = """
            BEGIN:VEVENT
            UID:spring-short
            DTSTART;TZID=America/New_York:20260228T230000
            DTEND;TZID=America/New_York:20260301T010000
            RRULE:FREQ=WEEKLY;COUNT=3
            SUMMARY:Late shift
            END:VEVENT
            BEGIN:VEVENT
            UID:spring-long
            DTSTART;TZID=America/New_York:20260228T233000
            DTEND;TZID=America/New_York:20260301T033000
            RRULE:FREQ=WEEKLY;COUNT=3
            SUMMARY:Night shift
            END:VEVENT
            BEGIN:VEVENT
            UID:fall-short
            DTSTART;TZID=America/New_York:20261024T230000
            DTEND;TZID=America/New_York:20261025T010000
            RRULE:FREQ=WEEKLY;COUNT=3
            SUMMARY:Late shift
            END:VEVENT
            BEGIN:VEVENT
            UID:fall-long
            DTSTART;TZID=America/New_York:20261024T233000
            DTEND;TZID=America/New_York:20261025T033000
            RRULE:FREQ=WEEKLY;COUNT=3
            SUMMARY:Night shift
            END:VEVENT

            """
        // UTC start and end of each occurrence, from the offsets: EST −5, EDT −4.
        let expected: [String: [(String, String)]] = [
            "spring-short": [("2026-03-01 04:00", "2026-03-01 06:00"), ("2026-03-08 04:00", "2026-03-08 06:00"),
                             ("2026-03-15 03:00", "2026-03-15 05:00")],
            "spring-long": [("2026-03-01 04:30", "2026-03-01 08:30"), ("2026-03-08 04:30", "2026-03-08 08:30"),
                            ("2026-03-15 03:30", "2026-03-15 07:30")],
            "fall-short": [("2026-10-25 03:00", "2026-10-25 05:00"), ("2026-11-01 03:00", "2026-11-01 05:00"),
                           ("2026-11-08 04:00", "2026-11-08 06:00")],
            "fall-long": [("2026-10-25 03:30", "2026-10-25 07:30"), ("2026-11-01 03:30", "2026-11-01 07:30"),
                          ("2026-11-08 04:30", "2026-11-08 08:30")],
        ]
        for (how, text) in try withAndWithoutZone("America/New_York", events) {
            let loaded = try file(text, zone: TestSupport.newYork)
            let plans = loaded.plans(overlapping: TestSupport.days("2026-01-01", "2027-01-01"))
            for (uid, times) in expected {
                let found = plans.filter { $0.id.uid == uid }.sorted { TestSupport.start($0) < TestSupport.start($1) }
                XCTAssertEqual(found.map { [TestSupport.start($0), TestSupport.end($0)] },
                               times.map { [TestSupport.date($0.0), TestSupport.date($0.1)] }, "\(uid), \(how)")
            }
            // The Sunday of each change holds the Saturday-night plans that run into it.
            for sunday in ["2026-03-08", "2026-11-01"] {
                let next = TestSupport.day(sunday).adding(days: 1).description
                let day = loaded.plans(overlapping: TestSupport.days(sunday, next, zone: TestSupport.newYork))
                XCTAssertEqual(day.map(\.title).sorted(), ["Late shift", "Night shift"], "\(sunday), \(how)")
            }
        }
    }

    // MARK: - 5. A DTSTART its rule would not give

    /// DTSTART is a Wednesday, the rule repeats on Mondays and Fridays. RFC 5545 §3.8.5.3:
    /// "The DTSTART property value always counts as the first occurrence", so COUNT=4 is
    /// DTSTART and three of the rule's days. The references disagree with the RFC and with
    /// each other: dateutil, ical.js and libical 3.0 leave DTSTART out (Dec 4, 7, 11, 14);
    /// recurring_ical_events shows it without counting it (Dec 2, 4, 7, 11, 14). Koyomi keeps
    /// the RFC's answer: a plan never loses the day its own DTSTART names.
    func testADTSTARTOutsideItsRuleIsTheFirstOccurrenceAndCounts() throws {
        let loaded = try file("""
            BEGIN:VEVENT
            UID:odd-start
            DTSTART:20261202T090000Z
            DURATION:PT30M
            RRULE:FREQ=WEEKLY;BYDAY=MO,FR;COUNT=4
            SUMMARY:Review
            END:VEVENT

            """)
        XCTAssertEqual(starts(loaded, "2026-11-01", "2027-02-01"),
                       ["2026-12-02 09:00", "2026-12-04 09:00", "2026-12-07 09:00", "2026-12-11 09:00"].map(TestSupport.date))
    }

    // MARK: - 6. Samoa's missing day

    /// Pacific/Apia went from UTC−10 to UTC+14 at the end of 2011-12-29: December 30th never
    /// happened there. A daily 09:00 series's December 30th start is read with the offset from
    /// before the gap (RFC 5545 §3.3.5), 2011-12-30 19:00 UTC — the very instant of December
    /// 31st 09:00 +14, which the series has anyway; the recurrence set holds an instant once
    /// (§3.8.5.3), so COUNT=5 shows four plans, none on the 30th. ical.js gives the same four;
    /// recurring_ical_events shows the 31st twice; dateutil's wall times include the 30th.
    func testSamoasMissingDayGivesNoPlanOfItsOwn() throws {
        // The zone as a server may write it: only the observances around the change.
        let apia = """
            BEGIN:VTIMEZONE
            TZID:Pacific/Apia
            BEGIN:DAYLIGHT
            DTSTART:20110924T030000
            TZOFFSETFROM:-1100
            TZOFFSETTO:-1000
            TZNAME:-10
            END:DAYLIGHT
            BEGIN:DAYLIGHT
            DTSTART:20111230T000000
            TZOFFSETFROM:-1000
            TZOFFSETTO:+1400
            TZNAME:+14
            END:DAYLIGHT
            END:VTIMEZONE

            """
        let events = """
            BEGIN:VEVENT
            UID:samoa
            DTSTART;TZID=Pacific/Apia:20111228T090000
            DURATION:PT1H
            RRULE:FREQ=DAILY;COUNT=5
            SUMMARY:Market
            END:VEVENT

            """
        let zone = try XCTUnwrap(TimeZone(identifier: "Pacific/Apia"))
        for (how, text) in try withAndWithoutZone("Pacific/Apia", events) + [("a short VTIMEZONE", apia + events)] {
            let loaded = try file(text, zone: zone)
            XCTAssertTrue(loaded.warnings.isEmpty, "\(loaded.warnings)")
            let plans = loaded.plans(overlapping: TestSupport.days("2011-12-01", "2012-02-01"))
            XCTAssertEqual(plans.map(TestSupport.start).sorted(), [
                "2011-12-28 19:00", "2011-12-29 19:00", "2011-12-30 19:00", "2011-12-31 19:00",
            ].map(TestSupport.date), how)
            XCTAssertEqual(Set(plans.map(\.id)).count, plans.count, "each plan once: \(how)")
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            XCTAssertEqual(plans.map { CalendarDay(TestSupport.start($0), in: calendar).description }.sorted(),
                           ["2011-12-28", "2011-12-29", "2011-12-31", "2012-01-01"], how)
        }
    }

    // MARK: - 7. Two RRULEs

    /// RFC 5545 allows several RRULEs (§3.6.1: one "SHOULD NOT occur more than once"), and
    /// §3.8.5.3 builds the set from all of them, a start given twice counting once. Tuesdays
    /// ×3 and Tuesdays-and-Thursdays ×3 from Tuesday December 1st: the 1st, 3rd, 8th and
    /// 15th. recurring_ical_events gives these four; ical.js and libical 3.0 give the 1st and
    /// 8th twice.
    func testTwoRulesRepeatOnTheirUnion() throws {
        let loaded = try file("""
            BEGIN:VEVENT
            UID:two
            DTSTART:20261201T090000Z
            DURATION:PT30M
            RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=3
            RRULE:FREQ=WEEKLY;BYDAY=TU,TH;COUNT=3
            SUMMARY:Gym
            END:VEVENT

            """)
        XCTAssertTrue(loaded.warnings.isEmpty, "\(loaded.warnings)")
        XCTAssertEqual(starts(loaded, "2026-11-01", "2027-02-01"),
                       ["2026-12-01 09:00", "2026-12-03 09:00", "2026-12-08 09:00", "2026-12-15 09:00"].map(TestSupport.date))
    }

    /// A rule with UNTIL beside one without: each ends as its own UNTIL says, and a range far
    /// past the first rule's end still finds the second's occurrences.
    func testEachRuleKeepsItsOwnUntil() throws {
        let loaded = try file("""
            BEGIN:VEVENT
            UID:two
            DTSTART;TZID=Europe/Berlin:20261201T180000
            DURATION:PT1H
            RRULE:FREQ=DAILY;UNTIL=20261203T170000Z
            RRULE:FREQ=MONTHLY
            SUMMARY:Course
            END:VEVENT

            """)
        // 18:00 CET is 17:00 UTC: the daily rule ends on the 3rd; the monthly one goes on.
        XCTAssertEqual(starts(loaded, "2026-11-01", "2027-01-01"),
                       ["2026-12-01 17:00", "2026-12-02 17:00", "2026-12-03 17:00"].map(TestSupport.date))
        XCTAssertEqual(starts(loaded, "2030-06-01", "2030-07-01"), [TestSupport.date("2030-06-01 16:00")])
    }

    /// A second rule that cannot be read is named; the readable one is still followed.
    func testAnUnreadableSecondRuleIsNamedAndTheOtherFollowed() throws {
        let loaded = try file("""
            BEGIN:VEVENT
            UID:two
            DTSTART:20261201T090000Z
            RRULE:FREQ=DAILY;COUNT=2
            RRULE:FREQ=FOO
            SUMMARY:Half good
            END:VEVENT

            """)
        XCTAssertEqual(starts(loaded, "2026-11-01", "2027-01-01"),
                       ["2026-12-01 09:00", "2026-12-02 09:00"].map(TestSupport.date))
        XCTAssertTrue(loaded.warnings.contains { $0.contains("Half good") && $0.contains("FREQ=FOO is not a frequency")
            && $0.contains("its other repeat rule is followed") }, "\(loaded.warnings)")
    }
}
