import CalendarEditing
import CalendarModel
import Foundation
import XCTest

/// "This and all following": a series split in two at one occurrence. The old series ends just
/// before it (UNTIL in the form RFC 5545 wants for its DTSTART), a new series with a new UID
/// starts there, and the occurrences the engine gives are the same as before, only shared.
final class CalendarDocumentSplitTests: XCTestCase {
    private let now = SaveTestSupport.now
    private let newUID = "following@koyomi"

    private func calendar(_ events: String, zone: TimeZone = TestSupport.utc) throws -> CalendarDocument {
        try CalendarDocument(text: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\n" + events
                             + "END:VCALENDAR\r\n", timeZone: zone)
    }

    /// "Standup" every Monday at 09:30 UTC from November 2, 2026, with `rule`'s end.
    private func standup(_ rule: String, extra: String = "") throws -> CalendarDocument {
        try calendar("BEGIN:VEVENT\r\nUID:standup\r\nDTSTAMP:20261101T000000Z\r\nSEQUENCE:1\r\n"
                     + "DTSTART:20261102T093000Z\r\nDTEND:20261102T094500Z\r\nRRULE:\(rule)\r\n\(extra)"
                     + "SUMMARY:Standup\r\nX-ACME-ROOM:4\r\nEND:VEVENT\r\n")
    }

    private func starts(_ document: CalendarDocument, _ uid: String, to: String = "2027-01-01",
                        zone: TimeZone = TestSupport.utc) throws -> [Date] {
        TestSupport.starts(try SaveTestSupport.plans(document, from: "2026-01-01", to: to, zone: zone), uid: uid)
    }

    private func mondays(_ days: [String], at time: String = "09:30") -> [Date] {
        days.map { TestSupport.date("2026-\($0) \(time)") }
    }

    func testACountedSeriesEndsWithAnUntilAndTheNewOneCountsWhatIsLeft() throws {
        var document = try standup("FREQ=WEEKLY;COUNT=6;BYDAY=MO")
        let before = try starts(document, "standup")
        XCTAssertEqual(before.count, 6)
        XCTAssertTrue(try document.splitSeries(at: Plan.ID(uid: "standup", occurrence: "20261116T093000Z"),
                                               newUID: newUID, now: now))
        let old = SaveTestSupport.component(document, containing: "UID:standup\r\n")
        let new = SaveTestSupport.component(document, containing: "UID:\(newUID)\r\n")
        XCTAssertTrue(old.contains("UNTIL=20261116T092959Z"), "a UTC UNTIL a second before the chosen one\n\(old)")
        XCTAssertFalse(old.contains("COUNT="), old)
        XCTAssertTrue(old.contains("SEQUENCE:2\r\n"), "the old series is a new revision\n\(old)")
        XCTAssertTrue(new.contains("DTSTART:20261116T093000Z\r\n"), new)
        XCTAssertTrue(new.contains("DTEND:20261116T094500Z\r\n"), new)
        XCTAssertTrue(new.contains("COUNT=4"), "6 less the 2 before\n\(new)")
        XCTAssertTrue(new.contains("SEQUENCE:0\r\n"), new)
        XCTAssertTrue(new.contains("RELATED-TO;RELTYPE=SIBLING:standup\r\n"), new)
        XCTAssertTrue(new.contains("X-ACME-ROOM:4\r\n"), "the plan's own text comes along\n\(new)")
        XCTAssertEqual(try starts(document, "standup"), mondays(["11-02", "11-09"]))
        XCTAssertEqual(try starts(document, newUID), mondays(["11-16", "11-23", "11-30", "12-07"]))
    }

    func testASeriesWithAnUntilKeepsItInTheNewPart() throws {
        var document = try standup("FREQ=WEEKLY;BYDAY=MO;UNTIL=20261130T093000Z")
        try document.splitSeries(at: Plan.ID(uid: "standup", occurrence: "20261116T093000Z"), newUID: newUID, now: now)
        XCTAssertTrue(SaveTestSupport.component(document, containing: "UID:standup\r\n").contains("UNTIL=20261116T092959Z"))
        let new = SaveTestSupport.component(document, containing: "UID:\(newUID)\r\n")
        XCTAssertTrue(new.contains("UNTIL=20261130T093000Z"), new)
        XCTAssertEqual(try starts(document, "standup"), mondays(["11-02", "11-09"]))
        XCTAssertEqual(try starts(document, newUID), mondays(["11-16", "11-23", "11-30"]))
    }

    func testAnOpenEndedSeriesGoesOnInTheNewPart() throws {
        var document = try standup("FREQ=WEEKLY;BYDAY=MO")
        try document.splitSeries(at: Plan.ID(uid: "standup", occurrence: "20261109T093000Z"), newUID: newUID, now: now)
        let new = SaveTestSupport.component(document, containing: "UID:\(newUID)\r\n")
        XCTAssertFalse(new.contains("UNTIL") || new.contains("COUNT"), new)
        XCTAssertEqual(try starts(document, "standup"), mondays(["11-02"]))
        XCTAssertEqual(try starts(document, newUID, to: "2026-12-01"), mondays(["11-09", "11-16", "11-23", "11-30"]))
    }

    func testAnAllDaySeriesEndsWithADateUntil() throws {
        var document = try calendar("BEGIN:VEVENT\r\nUID:bins\r\nDTSTAMP:20261101T000000Z\r\n"
                                    + "DTSTART;VALUE=DATE:20261102\r\nDTEND;VALUE=DATE:20261103\r\n"
                                    + "RRULE:FREQ=WEEKLY;COUNT=4\r\nSUMMARY:Bins\r\nEND:VEVENT\r\n")
        try document.splitSeries(at: Plan.ID(uid: "bins", occurrence: "20261116"), newUID: newUID, now: now)
        let old = SaveTestSupport.component(document, containing: "UID:bins\r\n")
        XCTAssertTrue(old.contains("UNTIL=20261115;") || old.contains("UNTIL=20261115\r\n"), "a DATE, the day before\n\(old)")
        let new = SaveTestSupport.component(document, containing: "UID:\(newUID)\r\n")
        XCTAssertTrue(new.contains("DTSTART;VALUE=DATE:20261116\r\n"), new)
        XCTAssertTrue(new.contains("DTEND;VALUE=DATE:20261117\r\n"), new)
        XCTAssertTrue(new.contains("COUNT=2"), new)
        let plans = try SaveTestSupport.plans(document)
        func days(_ uid: String) -> [String] {
            plans.filter { $0.id.uid == uid }.compactMap { plan in
                if case let .allDay(start, _) = plan.timing { return start.description } else { return nil }
            }.sorted()
        }
        XCTAssertEqual(days("bins"), ["2026-11-02", "2026-11-09"])
        XCTAssertEqual(days(newUID), ["2026-11-16", "2026-11-23"])
    }

    /// 09:00 in Berlin from March 16, 2026 (CET, UTC+1), split at March 30 (CEST, UTC+2): the
    /// UNTIL is that day's 09:00 CEST in UTC less a second, not with the first day's offset.
    func testAZonedSeriesAcrossASpringForwardEndsAtTheChosenDaysOffset() throws {
        var document = try calendar("BEGIN:VEVENT\r\nUID:gym\r\nDTSTAMP:20260301T000000Z\r\n"
                                    + "DTSTART;TZID=Europe/Berlin:20260316T090000\r\nDTEND;TZID=Europe/Berlin:20260316T100000\r\n"
                                    + "RRULE:FREQ=WEEKLY;COUNT=5\r\nSUMMARY:Gym\r\nEND:VEVENT\r\n", zone: TestSupport.berlin)
        try document.splitSeries(at: Plan.ID(uid: "gym", occurrence: "20260330T070000Z"), newUID: newUID, now: now)
        let old = SaveTestSupport.component(document, containing: "UID:gym\r\n")
        XCTAssertTrue(old.contains("UNTIL=20260330T065959Z"), old)
        let new = SaveTestSupport.component(document, containing: "UID:\(newUID)\r\n")
        XCTAssertTrue(new.contains("DTSTART;TZID=Europe/Berlin:20260330T090000\r\n"), new)
        XCTAssertTrue(new.contains("DTEND;TZID=Europe/Berlin:20260330T100000\r\n"), new)
        XCTAssertTrue(new.contains("COUNT=3"), new)
        XCTAssertEqual(try starts(document, "gym", to: "2026-05-01", zone: TestSupport.berlin),
                       [TestSupport.date("2026-03-16 08:00"), TestSupport.date("2026-03-23 08:00")])
        XCTAssertEqual(try starts(document, newUID, to: "2026-05-01", zone: TestSupport.berlin),
                       [TestSupport.date("2026-03-30 07:00"), TestSupport.date("2026-04-06 07:00"),
                        TestSupport.date("2026-04-13 07:00")])
    }

    /// Exceptions go with the part they fall in: an EXDATE and an override after the split
    /// belong to the new series (the override under the new UID), those before stay; moving
    /// the new series takes its exceptions along, so they still name their occurrences.
    func testExceptionsAfterTheSplitMoveToTheNewSeriesAndFollowItsMove() throws {
        let override = "BEGIN:VEVENT\r\nUID:standup\r\nRECURRENCE-ID:20261123T093000Z\r\nDTSTAMP:20261101T000000Z\r\n"
            + "DTSTART:20261123T100000Z\r\nDTEND:20261123T110000Z\r\nSUMMARY:Long standup\r\nEND:VEVENT\r\n"
        var document = try calendar("BEGIN:VEVENT\r\nUID:standup\r\nDTSTAMP:20261101T000000Z\r\n"
                                    + "DTSTART:20261102T093000Z\r\nDTEND:20261102T094500Z\r\nRRULE:FREQ=WEEKLY\r\n"
                                    + "EXDATE:20261109T093000Z,20261130T093000Z\r\nSUMMARY:Standup\r\nEND:VEVENT\r\n" + override)
        try document.splitSeries(at: Plan.ID(uid: "standup", occurrence: "20261116T093000Z"), newUID: newUID, now: now)
        let old = SaveTestSupport.component(document, containing: "UID:standup\r\n")
        XCTAssertTrue(old.contains("EXDATE:20261109T093000Z\r\n"), old)
        XCTAssertFalse(old.contains("20261130"), old)
        let new = SaveTestSupport.component(document, containing: "UID:\(newUID)\r\nDTSTAMP")
        XCTAssertTrue(new.contains("EXDATE:20261130T093000Z\r\n"), new)
        let moved = SaveTestSupport.component(document, containing: "RECURRENCE-ID")
        XCTAssertTrue(moved.contains("UID:\(newUID)\r\n"), moved)
        XCTAssertEqual(moved.replacingOccurrences(of: "UID:\(newUID)", with: "UID:standup"), override,
                       "the override's own text stays as it was")
        XCTAssertEqual(try starts(document, "standup"), mondays(["11-02"]))
        XCTAssertEqual(try starts(document, newUID, to: "2026-12-15"),
                       mondays(["11-16"]) + [TestSupport.date("2026-11-23 10:00")] + mondays(["12-07", "12-14"]))

        // The new series a day later: its EXDATE and RECURRENCE-ID move by a day with it.
        let start = TestSupport.date("2026-11-17 09:30")
        try document.updateSeriesKeepingExceptions(uid: newUID, [.timing(.timed(start: start, end: start.addingTimeInterval(900)),
                                                                          timeZone: nil)], now: now)
        let shifted = SaveTestSupport.component(document, containing: "UID:\(newUID)\r\nDTSTAMP")
        XCTAssertTrue(shifted.contains("EXDATE:20261201T093000Z\r\n"), shifted)
        XCTAssertTrue(SaveTestSupport.component(document, containing: "RECURRENCE-ID")
            .contains("RECURRENCE-ID:20261124T093000Z\r\n"))
        XCTAssertEqual(try starts(document, newUID, to: "2026-12-16"),
                       [TestSupport.date("2026-11-17 09:30"), TestSupport.date("2026-11-23 10:00"),
                        TestSupport.date("2026-12-08 09:30"), TestSupport.date("2026-12-15 09:30")])
    }

    /// The first occurrence (or the first one left, the ones before all excluded) leaves
    /// nothing before it: no split, the caller changes the whole series.
    func testTheFirstOccurrenceIsNotSplit() throws {
        var document = try standup("FREQ=WEEKLY;COUNT=6;BYDAY=MO", extra: "EXDATE:20261109T093000Z\r\n")
        let text = document.text
        XCTAssertFalse(try document.splitSeries(at: Plan.ID(uid: "standup", occurrence: "20261102T093000Z"),
                                                newUID: newUID, now: now))
        var excluded = try standup("FREQ=WEEKLY;COUNT=6;BYDAY=MO", extra: "EXDATE:20261102T093000Z\r\n")
        let excludedText = excluded.text
        XCTAssertFalse(try excluded.splitSeries(at: Plan.ID(uid: "standup", occurrence: "20261109T093000Z"),
                                                newUID: newUID, now: now))
        XCTAssertFalse(try document.endSeries(before: Plan.ID(uid: "standup", occurrence: "20261102T093000Z"), now: now))
        XCTAssertEqual(document.text, text, "nothing written")
        XCTAssertEqual(excluded.text, excludedText)
    }

    func testDeletingFollowingEndsTheSeriesAndDropsLaterExceptions() throws {
        var document = try standup("FREQ=WEEKLY;COUNT=6;BYDAY=MO", extra: "EXDATE:20261123T093000Z\r\n")
        document = try calendar(document.componentTexts.joined()
                                + "BEGIN:VEVENT\r\nUID:standup\r\nRECURRENCE-ID:20261130T093000Z\r\nDTSTAMP:20261101T000000Z\r\n"
                                + "DTSTART:20261130T100000Z\r\nDTEND:20261130T110000Z\r\nSUMMARY:Late\r\nEND:VEVENT\r\n")
        XCTAssertTrue(try document.endSeries(before: Plan.ID(uid: "standup", occurrence: "20261116T093000Z"), now: now))
        let texts = document.componentTexts
        XCTAssertEqual(texts.count, 1, "the later override is gone, nothing new\n\(texts)")
        XCTAssertTrue(texts[0].contains("UNTIL=20261116T092959Z"), texts[0])
        XCTAssertFalse(texts[0].contains("EXDATE"), texts[0])
        XCTAssertEqual(try starts(document, "standup"), mondays(["11-02", "11-09"]))
    }

    func testARuleThatCannotBeSplitIsRefusedInWords() throws {
        var document = try standup("FREQ=WEEKLY;BYDAY=MO", extra: "RDATE:20261104T093000Z\r\n")
        let text = document.text
        XCTAssertThrowsError(try document.splitSeries(at: Plan.ID(uid: "standup", occurrence: "20261116T093000Z"),
                                                      newUID: newUID, now: now)) { error in
            XCTAssertTrue("\(error)".contains("extra dates"), "\(error)")
        }
        XCTAssertEqual(document.text, text)
    }
}
