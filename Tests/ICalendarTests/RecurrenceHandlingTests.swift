@testable import CalendarEditing
import CalendarModel
import Foundation
@testable import ICalendarReading
import XCTest

/// What Koyomi does around a rule, whatever expands it: overrides written as Outlook writes
/// them, THISANDFUTURE, RDATE periods, an event written twice, and rules it cannot use.
final class RecurrenceHandlingTests: XCTestCase {
    private func file(_ events: String, zone: TimeZone = TestSupport.utc) throws -> ICalendarFile {
        try ICalendarFile(text: Self.calendar(events), sourceName: "handling.ics", options: TestSupport.options(zone))
    }

    static func calendar(_ events: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\n"
            + events.replacingOccurrences(of: "\n", with: "\r\n") + "END:VCALENDAR\r\n"
    }

    private func december(_ file: ICalendarFile) -> [Plan] {
        file.plans(overlapping: TestSupport.days("2026-12-01", "2027-01-01"))
    }

    func testAnAllDayOverrideNamedByAMidnightDateTimeReplacesItsDay() throws {
        for recurrenceID in ["RECURRENCE-ID;TZID=Europe/Berlin:20261208T000000", "RECURRENCE-ID:20261208T000000Z",
                             "RECURRENCE-ID;VALUE=DATE:20261208"] {
            let loaded = try file("""
                BEGIN:VEVENT
                UID:allday
                DTSTART;VALUE=DATE:20261201
                RRULE:FREQ=WEEKLY;COUNT=4
                SUMMARY:Weekly
                END:VEVENT
                BEGIN:VEVENT
                UID:allday
                \(recurrenceID)
                DTSTART;VALUE=DATE:20261209
                SUMMARY:Moved
                END:VEVENT

                """)
            let byOccurrence = Dictionary(uniqueKeysWithValues: december(loaded).map { ($0.id.occurrence ?? "-", $0) })
            func day(_ text: String) -> PlanTiming {
                .allDay(start: TestSupport.day(text), end: TestSupport.day(text).adding(days: 1))
            }
            XCTAssertEqual(byOccurrence.mapValues(\.title), ["20261201": "Weekly", "20261208": "Moved",
                                                            "20261215": "Weekly", "20261222": "Weekly"], recurrenceID)
            XCTAssertEqual(byOccurrence["20261208"]?.timing, day("2026-12-09"), recurrenceID)
            XCTAssertEqual(byOccurrence["20261215"]?.timing, day("2026-12-15"), recurrenceID)
        }
    }

    func testThisAndFutureChangesEveryLaterOccurrence() throws {
        let loaded = try file("""
            BEGIN:VEVENT
            UID:standup
            DTSTART:20261214T090000Z
            DTEND:20261214T093000Z
            RRULE:FREQ=DAILY;COUNT=6
            SUMMARY:Standup
            END:VEVENT
            BEGIN:VEVENT
            UID:standup
            RECURRENCE-ID;RANGE=THISANDFUTURE:20261216T090000Z
            DTSTART:20261216T100000Z
            DTEND:20261216T101500Z
            SUMMARY:Standup (later)
            LOCATION:Room 4
            END:VEVENT

            """)
        let plans = december(loaded).sorted { TestSupport.start($0) < TestSupport.start($1) }
        XCTAssertEqual(plans.map(\.title), ["Standup", "Standup", "Standup (later)", "Standup (later)",
                                            "Standup (later)", "Standup (later)"])
        XCTAssertEqual(plans.map(TestSupport.start), [
            "2026-12-14 09:00", "2026-12-15 09:00", "2026-12-16 10:00", "2026-12-17 10:00",
            "2026-12-18 10:00", "2026-12-19 10:00",
        ].map(TestSupport.date))
        XCTAssertEqual(plans.last.map { TestSupport.end($0).timeIntervalSince(TestSupport.start($0)) }, 15 * 60)
        XCTAssertEqual(plans.last?.location, "Room 4")
        // Each keeps the name of the occurrence it changes, so it can be edited on its own.
        XCTAssertEqual(plans.last?.id.occurrence, "20261219T090000Z")
        // A range that only the moved occurrences reach still finds them.
        let late = loaded.plans(overlapping: DateInterval(start: TestSupport.date("2026-12-19 09:45"),
                                                          end: TestSupport.date("2026-12-19 10:05")))
        XCTAssertEqual(late.map(\.title), ["Standup (later)"])
    }

    func testAnRdatePeriodHasItsOwnLength() throws {
        let loaded = try file("""
            BEGIN:VEVENT
            UID:clinic
            DTSTART:20261204T090000Z
            DTEND:20261204T100000Z
            RDATE;VALUE=PERIOD:20261205T090000Z/20261205T120000Z,20261206T090000Z/PT30M
            SUMMARY:Clinic
            END:VEVENT

            """)
        let lengths = december(loaded).sorted { TestSupport.start($0) < TestSupport.start($1) }
            .map { TestSupport.end($0).timeIntervalSince(TestSupport.start($0)) / 60 }
        XCTAssertEqual(lengths, [60, 180, 30])
    }

    func testAnEventWrittenTwiceShowsItsNewestCopyOnceAndKeepsBoth() throws {
        let events = """
            BEGIN:VEVENT
            UID:dup
            SEQUENCE:2
            DTSTAMP:20260101T000000Z
            DTSTART:20261203T120000Z
            RRULE:FREQ=DAILY;COUNT=2
            SUMMARY:Newer
            END:VEVENT
            BEGIN:VEVENT
            UID:dup
            SEQUENCE:1
            DTSTAMP:20260102T000000Z
            DTSTART:20261203T100000Z
            RRULE:FREQ=DAILY;COUNT=2
            SUMMARY:Older
            END:VEVENT
            BEGIN:VEVENT
            UID:dup
            RECURRENCE-ID:20261204T120000Z
            DTSTAMP:20260101T000000Z
            DTSTART:20261204T130000Z
            SUMMARY:Moved (first copy)
            END:VEVENT
            BEGIN:VEVENT
            UID:dup
            RECURRENCE-ID:20261204T120000Z
            DTSTAMP:20260105T000000Z
            DTSTART:20261204T140000Z
            SUMMARY:Moved (second copy)
            END:VEVENT

            """
        let loaded = try file(events)
        XCTAssertEqual(december(loaded).map(\.title).sorted(), ["Moved (second copy)", "Newer"])
        XCTAssertEqual(loaded.warnings.filter { $0.contains("in the file 2 times") }.count, 2, "\(loaded.warnings)")
        XCTAssertTrue(loaded.warnings.contains { $0.hasPrefix("event \"Newer\" (UID dup): it is in the file 2 times") },
                      "the warning names the copy shown: \(loaded.warnings)")
        // An edit goes to the copy shown; the other copies stay as they were.
        var document = try CalendarDocument(text: Self.calendar(events), timeZone: TestSupport.utc)
        try document.updateEvent(uid: "dup", [.title("Renamed")], now: TestSupport.date("2026-12-01 12:00"))
        XCTAssertTrue(document.text.contains("SUMMARY:Older"))
        XCTAssertFalse(document.text.contains("SUMMARY:Newer"))
        XCTAssertTrue(document.text.contains("SUMMARY:Renamed"))
        XCTAssertTrue(document.text.contains("Moved (first copy)") && document.text.contains("Moved (second copy)"))
    }

    func testARuleThatCannotBeUsedShowsTheFirstOccurrenceAndSaysWhy() throws {
        let cases = [
            ("FREQ=FOO", "FREQ=FOO is not a frequency"),
            ("FREQ=DAILY;COUNT=-1", "COUNT=-1 is not a count of 1 or more"),
            ("FREQ=WEEKLY;BYDAY=XX", "“XX” is not a weekday"),
            ("FREQ=MONTHLY;BYMONTHDAY=32", "“32” is not in ±1…31"),
            ("FREQ=YEARLY;RSCALE=CHINESE", "chinese calendar"),
            ("FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=31", "matches no date after its first"),
            ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=24", "matches no date after its first"),
        ]
        for (rule, said) in cases {
            let loaded = try file("""
                BEGIN:VEVENT
                UID:odd
                DTSTART:20260201T090000Z
                RRULE:\(rule)
                SUMMARY:Odd
                END:VEVENT

                """)
            let plans = loaded.plans(overlapping: TestSupport.days("2026-01-01", "2030-01-01"))
            XCTAssertEqual(plans.map(TestSupport.start), [TestSupport.date("2026-02-01 09:00")], rule)
            XCTAssertTrue(loaded.warnings.contains { $0.contains("Odd") && $0.contains(said) }, "\(rule): \(loaded.warnings)")
        }
    }

    func testAPartTheRFCDoesNotDefineIsNamedAndIgnored() throws {
        let loaded = try file("""
            BEGIN:VEVENT
            UID:x
            DTSTART:20261201T090000Z
            RRULE:FREQ=DAILY;COUNT=3;X-FOO=1
            SUMMARY:Daily
            END:VEVENT

            """)
        XCTAssertEqual(december(loaded).count, 3)
        XCTAssertTrue(loaded.warnings.contains { $0.contains("X-FOO") && $0.contains("ignored") }, "\(loaded.warnings)")
    }
}
