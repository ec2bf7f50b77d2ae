import CalendarEditing
import CalendarModel
import Foundation
import ICalendarReading
import XCTest

/// Reading repeat rules back for the editor: in `RecurrenceRule.simplified`'s terms, else nil.
final class CalendarDocumentRepeatRuleTests: XCTestCase {
    private func document(_ lines: String, start: String = "DTSTART;TZID=Europe/Berlin:20261110T090000") throws -> CalendarDocument {
        try CalendarDocument(text: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//EN\r\nBEGIN:VEVENT\r\nUID:e\r\n"
                             + "DTSTAMP:20261101T000000Z\r\n\(start)\r\nSUMMARY:E\r\n\(lines)END:VEVENT\r\nEND:VCALENDAR\r\n",
                             timeZone: TestSupport.berlin)
    }

    private func rule(_ rrule: String, start: String = "DTSTART;TZID=Europe/Berlin:20261110T090000") throws -> RecurrenceRule? {
        try document("RRULE:\(rrule)\r\n", start: start).repeatRule(uid: "e")
    }

    func testRulesKoyomiWritesReadBack() throws {
        XCTAssertEqual(try rule("FREQ=DAILY"), RecurrenceRule.simple(.daily))
        XCTAssertEqual(try rule("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), RecurrenceRule.everyWeekday)
        XCTAssertEqual(try rule("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;COUNT=6"),
                       RecurrenceRule.simple(.weekly, interval: 2, weekdays: [3, 5], count: 6))
        XCTAssertEqual(try rule("FREQ=MONTHLY"), RecurrenceRule.simple(.monthly))
        XCTAssertEqual(try rule("FREQ=YEARLY;UNTIL=20301109"), RecurrenceRule.simple(.yearly, until: TestSupport.day("2030-11-09")))
    }

    func testWhatTheEditorWritesIsWhatItReads() throws {
        var document = try document("")
        let rule = RecurrenceRule.simple(.weekly, weekdays: [2, 4], until: TestSupport.day("2026-12-16"))
        try document.updateEvent(uid: "e", [.repeatRule(rule)], now: SaveTestSupport.now)
        XCTAssertEqual(document.repeatRule(uid: "e"), rule)
    }

    func testUTCUntilIsTheLastDayAnOccurrenceStartsOnInTheEventsZone() throws {
        // 09:00 Berlin is 08:00Z: UNTIL at 23:00Z on the 15th is already the 16th in Berlin,
        // but the 16th's occurrence (08:00Z) lies after it, so the last day is the 15th.
        XCTAssertEqual(try rule("FREQ=DAILY;UNTIL=20261215T230000Z")?.untilDay, TestSupport.day("2026-12-15"))
        XCTAssertEqual(try rule("FREQ=DAILY;UNTIL=20261216T080000Z")?.untilDay, TestSupport.day("2026-12-16"))
        XCTAssertEqual(try rule("FREQ=DAILY;UNTIL=20261216T075959Z")?.untilDay, TestSupport.day("2026-12-15"))
    }

    func testRedundantMonthDayAndMonthOfTheStartAreAccepted() throws {
        XCTAssertEqual(try rule("FREQ=MONTHLY;BYMONTHDAY=10"), RecurrenceRule.simple(.monthly))
        XCTAssertEqual(try rule("FREQ=YEARLY;BYMONTH=11;BYMONTHDAY=10"), RecurrenceRule.simple(.yearly))
        XCTAssertEqual(try rule("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR"), RecurrenceRule.everyWeekday)
    }

    func testRulesTheEditorCannotShowAreNil() throws {
        for rrule in ["FREQ=MONTHLY;BYDAY=2TU", "FREQ=MONTHLY;BYMONTHDAY=1,15", "FREQ=MONTHLY;BYMONTHDAY=11",
                      "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=HOURLY", "FREQ=YEARLY;BYMONTH=3",
                      "FREQ=DAILY;INTERVAL=2;BYDAY=MO", "FREQ=WEEKLY;COUNT=3;UNTIL=20261201", "FREQ=WEEKLY;INTERVAL=0",
                      "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU;WKST=SU", "FREQ=DAILY;BYHOUR=9,17", "INTERVAL=2"] {
            XCTAssertNil(try rule(rrule), rrule)
            XCTAssertTrue(try document("RRULE:\(rrule)\r\n").isRepeating(uid: "e"), rrule)
        }
    }

    func testRDatesAndSeveralRulesAreNotEditableButRepeat() throws {
        let rdateOnly = try document("RDATE;TZID=Europe/Berlin:20261111T090000\r\n")
        XCTAssertNil(rdateOnly.repeatRule(uid: "e"))
        XCTAssertTrue(rdateOnly.isRepeating(uid: "e"))
        let both = try document("RRULE:FREQ=DAILY\r\nRDATE;TZID=Europe/Berlin:20261111T100000\r\n")
        XCTAssertNil(both.repeatRule(uid: "e"))
        XCTAssertNil(try document("RRULE:FREQ=DAILY\r\nRRULE:FREQ=WEEKLY\r\n").repeatRule(uid: "e"))
    }

    func testSingleAndMissingEventsDoNotRepeat() throws {
        let single = try document("")
        XCTAssertNil(single.repeatRule(uid: "e"))
        XCTAssertFalse(single.isRepeating(uid: "e"))
        XCTAssertFalse(single.isRepeating(uid: "other"))
        XCTAssertNil(single.repeatRule(uid: "other"))
    }

    func testAllDayUntilIsItsDate() throws {
        XCTAssertEqual(try rule("FREQ=WEEKLY;UNTIL=20261208", start: "DTSTART;VALUE=DATE:20261110")?.untilDay,
                       TestSupport.day("2026-12-08"))
    }
}
