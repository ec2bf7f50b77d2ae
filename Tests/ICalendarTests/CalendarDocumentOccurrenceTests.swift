import CalendarEditing
import CalendarModel
import Foundation
import XCTest

final class CalendarDocumentOccurrenceTests: XCTestCase {
    private let now = SaveTestSupport.now
    private let standup = "standup-7f3k2@google.com"

    func testDeletingOneOccurrenceAddsExdateInTheMastersZone() throws {
        var document = try SaveTestSupport.document("save-google.ics")
        // Tuesday 2026-11-17 09:00 Berlin = 08:00 UTC.
        try document.deleteOccurrence(Plan.ID(uid: standup, occurrence: "20261117T080000Z"), now: now)
        let event = SaveTestSupport.component(document, containing: "UID:\(standup)")
        XCTAssertTrue(event.contains("EXDATE;TZID=Europe/Berlin:20261117T090000\r\n"), event)
        XCTAssertTrue(event.contains("SEQUENCE:3\r\n"))
        let starts = TestSupport.starts(try SaveTestSupport.plans(document, from: "2026-11-09", to: "2026-11-25"), uid: standup)
        XCTAssertEqual(starts, [TestSupport.date("2026-11-10 08:00"), TestSupport.date("2026-11-24 08:00")])
    }

    func testDeletingOneOccurrenceOfAnAllDaySeriesUsesADate() throws {
        var document = try CalendarDocument(text: """
            BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:weekly-day\nDTSTAMP:20260101T000000Z\nDTSTART;VALUE=DATE:20261102\n\
            RRULE:FREQ=WEEKLY;COUNT=3\nSUMMARY:Bins\nEND:VEVENT\nEND:VCALENDAR\n
            """, timeZone: TestSupport.utc)
        try document.deleteOccurrence(Plan.ID(uid: "weekly-day", occurrence: "20261109"), now: now)
        XCTAssertTrue(document.text.contains("EXDATE;VALUE=DATE:20261109\n"), document.text)
        let plans = try SaveTestSupport.plans(document).filter { $0.id.uid == "weekly-day" }
        XCTAssertEqual(plans.compactMap(\.id.occurrence).sorted(), ["20261102", "20261116"])
    }

    func testChangingOneOccurrenceWritesAnOverrideThatKeepsUnknownProperties() throws {
        var document = try SaveTestSupport.document("save-google.ics")
        let moved = TestSupport.date("2026-11-17 10:00")
        let id = Plan.ID(uid: standup, occurrence: "20261117T080000Z")
        try document.updateOccurrence(id, [.title("Standup (late)"), .timing(.timed(start: moved, end: moved.addingTimeInterval(1800)),
                                                                                timeZone: TestSupport.berlin)], now: now)
        let texts = document.componentTexts.filter { $0.contains("UID:\(standup)") }
        XCTAssertEqual(texts.count, 2)
        let override = try XCTUnwrap(texts.first { $0.contains("RECURRENCE-ID") })
        XCTAssertTrue(override.contains("RECURRENCE-ID;TZID=Europe/Berlin:20261117T090000\r\n"), override)
        XCTAssertFalse(override.contains("RRULE"))
        for kept in ["X-GOOGLE-CONFERENCE:", "X-GOOGLE-FOO:one\\,two\\;three", "BEGIN:VALARM", "ATTENDEE;CUTYPE"] {
            XCTAssertTrue(override.contains(kept), "override lost \(kept)")
        }
        let plans = try SaveTestSupport.plans(document, from: "2026-11-16", to: "2026-11-18").filter { $0.id.uid == standup }
        XCTAssertEqual(plans.map(\.title), ["Standup (late)"])
        XCTAssertEqual(plans.first?.timing, .timed(start: moved, end: moved.addingTimeInterval(1800)))

        // A second change edits the same override instead of adding another.
        try document.updateOccurrence(id, [.location("Room 2")], now: now)
        XCTAssertEqual(document.componentTexts.filter { $0.contains("UID:\(standup)") }.count, 2)
        // Deleting the occurrence removes its override too.
        try document.deleteOccurrence(id, now: now)
        XCTAssertEqual(document.componentTexts.filter { $0.contains("UID:\(standup)") }.count, 1)
    }

    func testOverrideOfAnOccurrenceKeepsTheMastersLength() throws {
        var document = try SaveTestSupport.document("save-thunderbird.ics")
        let uid = "8f6e2c1a-5b4d-4e3f-9a2b-1c0d9e8f7a6b"
        // Thursday 2026-11-12 17:00 New York (EST) = 22:00 UTC.
        try document.updateOccurrence(Plan.ID(uid: uid, occurrence: "20261112T220000Z"), [.title("Recital")], now: now)
        let override = try XCTUnwrap(document.componentTexts.first { $0.contains("RECURRENCE-ID") })
        XCTAssertTrue(override.contains("DTSTART;TZID=America/New_York:20261112T170000\n"), override)
        XCTAssertTrue(override.contains("DTEND;TZID=America/New_York:20261112T180000\n"), override)
        XCTAssertTrue(override.contains("CONFERENCE;VALUE=URI;FEATURE=VIDEO:https://example.com/room/42\n"))
    }
}
