import CalendarEditing
import CalendarModel
import Foundation
import ICalendarReading
import XCTest

final class CalendarDocumentEditTests: XCTestCase {
    private let now = SaveTestSupport.now

    private func emptyCalendar() throws -> CalendarDocument {
        try CalendarDocument(text: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi//EN\r\nX-WR-CALNAME:Personal\r\nEND:VCALENDAR\r\n",
                             timeZone: TestSupport.utc)
    }

    func testAddTimedEventWithZoneWritesTZIDAndOneVTIMEZONE() throws {
        var document = try emptyCalendar()
        let start = TestSupport.date("2026-11-10 08:00")
        let draft = PlanDraft(title: "Lunch, then walk", timing: .timed(start: start, end: start.addingTimeInterval(3600)),
                              timeZone: TestSupport.berlin, location: "Café; Mitte", categories: ["Food", "Friends"])
        let id = try document.addEvent(draft, now: now, uid: "new-1@koyomi")
        try document.addEvent(draft, now: now, uid: "new-2@koyomi")
        XCTAssertEqual(id, Plan.ID(uid: "new-1@koyomi"))
        XCTAssertEqual(document.componentKinds, ["VTIMEZONE", "VEVENT", "VEVENT"])
        let event = SaveTestSupport.component(document, containing: "new-1@koyomi")
        for line in ["DTSTART;TZID=Europe/Berlin:20261110T090000\r\n", "DTEND;TZID=Europe/Berlin:20261110T100000\r\n",
                     "SUMMARY:Lunch\\, then walk\r\n", "LOCATION:Café\\; Mitte\r\n", "SEQUENCE:0\r\n",
                     "DTSTAMP:20261129T120000Z\r\n", "CREATED:20261129T120000Z\r\n", "LAST-MODIFIED:20261129T120000Z\r\n",
                     "CATEGORIES:Food\r\n", "CATEGORIES:Friends\r\n"] {
            XCTAssertTrue(event.contains(line), "missing \(line.debugDescription) in\n\(event)")
        }
        XCTAssertTrue(document.componentTexts[0].contains("TZID:Europe/Berlin\r\n"))
        let plan = try XCTUnwrap(TestSupport.plan(SaveTestSupport.plans(document), uid: "new-1@koyomi"))
        XCTAssertEqual(plan.timing, draft.timing)
        XCTAssertEqual(plan.title, "Lunch, then walk")
        XCTAssertEqual(plan.categories, ["Food", "Friends"])
    }

    func testAddAllDayEventUsesDatesWithExclusiveEnd() throws {
        var document = try emptyCalendar()
        let draft = PlanDraft(title: "Trip", timing: .allDay(start: TestSupport.day("2026-11-20"), end: TestSupport.day("2026-11-23")))
        try document.addEvent(draft, now: now, uid: "trip")
        let event = SaveTestSupport.component(document, containing: "UID:trip")
        XCTAssertTrue(event.contains("DTSTART;VALUE=DATE:20261120\r\n"), event)
        XCTAssertTrue(event.contains("DTEND;VALUE=DATE:20261123\r\n"), event)
        XCTAssertFalse(document.componentKinds.contains("VTIMEZONE"))
        XCTAssertEqual(try TestSupport.plan(SaveTestSupport.plans(document), uid: "trip")?.timing, draft.timing)
    }

    func testAddedEventsGetDistinctGeneratedUIDs() throws {
        var document = try emptyCalendar()
        let draft = PlanDraft(title: "A", timing: .allDay(start: TestSupport.day("2026-11-20"), end: TestSupport.day("2026-11-21")))
        let first = try document.addEvent(draft, now: now)
        let second = try document.addEvent(draft, now: now)
        XCTAssertNotEqual(first, second)
        XCTAssertEqual(document.eventUIDs, [first.uid, second.uid])
    }

    func testRepeatRuleWithUntilIsWrittenInTheStartsFrame() throws {
        var document = try emptyCalendar()
        let start = TestSupport.date("2026-11-02 08:00")
        var rule = RecurrenceRule.everyWeekday
        rule.until = .init(day: TestSupport.day("2026-11-06"))
        try document.addEvent(PlanDraft(title: "Gym", timing: .timed(start: start, end: start.addingTimeInterval(1800)),
                                        timeZone: TestSupport.berlin, repeatRule: rule), now: now, uid: "gym")
        // The last second of Nov 6 in Berlin is 22:59:59 UTC.
        XCTAssertTrue(SaveTestSupport.component(document, containing: "gym")
            .contains("RRULE:FREQ=WEEKLY;UNTIL=20261106T225959Z;BYDAY=MO,TU,WE,TH,FR\r\n"))
        let starts = TestSupport.starts(try SaveTestSupport.plans(document), uid: "gym")
        XCTAssertEqual(starts.count, 5)
        XCTAssertEqual(starts.last, TestSupport.date("2026-11-06 08:00"))
    }

    func testChangingTitleKeepsEverythingElseAndStamps() throws {
        var document = try SaveTestSupport.document("save-google.ics")
        let before = document.componentTexts
        try document.updateEvent(uid: "standup-7f3k2@google.com", [.title("Stand-up")], now: now)
        let event = SaveTestSupport.component(document, containing: "standup-7f3k2")
        XCTAssertTrue(event.contains("SUMMARY:Stand-up\r\n"))
        XCTAssertTrue(event.contains("DTSTAMP:20261129T120000Z\r\nORGANIZER"), "DTSTAMP stays in place:\n\(event)")
        XCTAssertTrue(event.contains("LAST-MODIFIED:20261129T120000Z\r\n"))
        XCTAssertTrue(event.contains("SEQUENCE:2\r\n"), "a title is no schedule change")
        // Every line but the three edited ones is the original text.
        let untouched = before[1].components(separatedBy: "\r\n").filter {
            !$0.isEmpty && !$0.hasPrefix("SUMMARY") && !$0.hasPrefix("DTSTAMP") && !$0.hasPrefix("LAST-MODIFIED")
        }
        for line in untouched { XCTAssertTrue(event.contains(line), "lost \(line)") }
        XCTAssertEqual(document.componentTexts.count, before.count)
        XCTAssertEqual(document.componentTexts[0], before[0])
        XCTAssertEqual(document.componentTexts[2], before[2])
    }

    func testChangingTimesBumpsSequenceAndKeepsTheZone() throws {
        var document = try SaveTestSupport.document("save-outlook.ics")
        let uid = try XCTUnwrap(document.eventUIDs.first)
        let start = TestSupport.date("2026-11-12 14:00")
        let zone = try XCTUnwrap(TimeZone(identifier: "Europe/Berlin"))
        try document.updateEvent(uid: uid, [.timing(.timed(start: start, end: start.addingTimeInterval(5400)), timeZone: zone)], now: now)
        let event = SaveTestSupport.component(document, containing: uid)
        XCTAssertTrue(event.contains("SEQUENCE:1\r\n"), event)
        XCTAssertTrue(event.contains("DTSTART;TZID=Europe/Berlin:20261112T150000\r\n"), event)
        XCTAssertTrue(event.contains("X-MICROSOFT-CDO-BUSYSTATUS:BUSY\r\n") && event.contains("BEGIN:VALARM\r\n"))
        XCTAssertTrue(event.contains("SUMMARY;LANGUAGE=en-us:Review\r\n"), "untouched parameters stay")
        // Berlin's VTIMEZONE is added once; Outlook's Windows zone stays.
        XCTAssertEqual(document.componentKinds.filter { $0 == "VTIMEZONE" }.count, 2)
        XCTAssertEqual(try TestSupport.plan(SaveTestSupport.plans(document), uid: uid)?.timing,
                       .timed(start: start, end: start.addingTimeInterval(5400)))
    }

    func testClearingFieldsRemovesTheirLines() throws {
        var document = try SaveTestSupport.document("basics.ics")
        try document.updateEvent(uid: "utc-1", [.location(nil), .notes(""), .color(nil), .categories([]), .repeatRule(nil)], now: now)
        let event = SaveTestSupport.component(document, containing: "UID:utc-1")
        for name in ["LOCATION", "DESCRIPTION", "COLOR", "CATEGORIES", "RRULE"] {
            XCTAssertFalse(event.contains("\n\(name)"), "\(name) still in\n\(event)")
        }
        let plan = try XCTUnwrap(TestSupport.plan(SaveTestSupport.plans(document), uid: "utc-1"))
        XCTAssertNil(plan.location)
        XCTAssertEqual(plan.categories, [])
    }

    func testDeleteEventRemovesMasterAndOverridesOnly() throws {
        var document = try SaveTestSupport.document("save-google.ics")
        try document.updateOccurrence(Plan.ID(uid: "standup-7f3k2@google.com", occurrence: "20261117T080000Z"),
                                      [.title("Moved")], now: now)
        try document.deleteEvent(uid: "standup-7f3k2@google.com")
        XCTAssertEqual(document.componentKinds, ["VTIMEZONE", "VEVENT"])
        XCTAssertThrowsError(try document.deleteEvent(uid: "standup-7f3k2@google.com"))
    }
}

extension CalendarDocumentEditTests {
    func testAZoneLibicalCannotDescribeIsRefusedAndNothingChanges() throws {
        var document = try SaveTestSupport.document("basics.ics")
        let before = document
        let start = TestSupport.date("2026-11-10 09:00")
        let offsetOnly = try XCTUnwrap(TimeZone(secondsFromGMT: 3600))
        XCTAssertThrowsError(try document.updateEvent(uid: "utc-1", [.timing(.timed(start: start, end: start), timeZone: offsetOnly)],
                                                      now: now))
        XCTAssertThrowsError(try document.updateEvent(uid: "no-such-uid", [.title("x")], now: now))
        XCTAssertEqual(document, before)
    }
}
