import CalendarEditing
import CalendarModel
import Foundation
import ICalendarReading
import XCTest

final class CalendarDocumentExportTests: XCTestCase {
    func testOneCalendarIsExportedByteForByte() throws {
        let apple = try SaveTestSupport.document("save-apple.ics")
        XCTAssertEqual(CalendarDocument.export([apple], name: nil).data, try Data(contentsOf: URL(fileURLWithPath:
            TestSupport.fixturePath("save-apple.ics"))))
    }

    func testSeveralCalendarsMergeWithEveryComponentAndEachZoneOnce() throws {
        let names = ["save-google.ics", "save-outlook.ics", "save-apple.ics", "save-thunderbird.ics"]
        let documents = try names.map { try SaveTestSupport.document($0) }
        let merged = CalendarDocument.export(documents + [documents[0]], name: "Everything")
        XCTAssertTrue(merged.text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi//Koyomi//EN\r\nX-WR-CALNAME:Everything\r\n"),
                      merged.text)
        XCTAssertTrue(merged.text.hasSuffix("END:VCALENDAR\r\n"))
        XCTAssertEqual(merged.calendarName, "Everything")

        let all = (documents + [documents[0]]).flatMap(\.componentTexts)
        let nonZones = all.filter { !$0.hasPrefix("BEGIN:VTIMEZONE") }
        XCTAssertEqual(merged.componentTexts.filter { !$0.hasPrefix("BEGIN:VTIMEZONE") }, nonZones,
                       "every event, to-do, journal in order, as written")
        let zones = merged.componentTexts.filter { $0.hasPrefix("BEGIN:VTIMEZONE") }
        let tzids = zones.compactMap { Self.tzid($0) }
        XCTAssertEqual(tzids.count, Set(tzids).count, "each TZID once: \(tzids)")
        XCTAssertEqual(Set(tzids), Set(all.filter { $0.hasPrefix("BEGIN:VTIMEZONE") }
            .compactMap { Self.tzid($0) }))
        XCTAssertEqual(Array(merged.componentKinds.prefix(zones.count)), Array(repeating: "VTIMEZONE", count: zones.count))

        // The merged file reads back as a calendar with every plan.
        let reread = try CalendarDocument(text: merged.text, timeZone: TestSupport.utc)
        XCTAssertEqual(reread.eventUIDs, merged.eventUIDs)
        XCTAssertNoThrow(try ICalendarFile(text: merged.text, sourceName: "all.ics", options: TestSupport.options()))
    }

    private static func tzid(_ zone: String) -> String? {
        zone.split(whereSeparator: \.isNewline).first { $0.hasPrefix("TZID:") }.map(String.init)
    }

    func testNoNameMeansNoCalendarName() throws {
        let documents = try ["save-google.ics", "save-apple.ics"].map { try SaveTestSupport.document($0) }
        XCTAssertNil(CalendarDocument.export(documents, name: nil).calendarName)
    }

    /// Two calendars that each define a zone of one name with their own rules (Outlook-style
    /// names such as "W. Europe Standard Time" are defined by every exporter anew): the merged
    /// file kept only the first definition, so the second calendar's plans moved (issue 35:
    /// 10:00 in +01:00 came back as 10:00 in +09:00). The later definition now goes under a
    /// name of its own, and only its calendar's lines that name it are rewritten.
    func testAZoneNameDefinedDifferentlyByTwoCalendarsKeepsEachCalendarsTimes() throws {
        func calendar(_ uid: String, _ title: String, offset: String, lineEnd: String) throws -> CalendarDocument {
            let lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//Scheduler//EN", "METHOD:REQUEST",
                         "BEGIN:VTIMEZONE", "TZID:Office Time", "BEGIN:STANDARD", "DTSTART:16010101T000000",
                         "TZOFFSETFROM:\(offset)", "TZOFFSETTO:\(offset)", "END:STANDARD", "END:VTIMEZONE",
                         "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20261101T000000Z",
                         "ORGANIZER;CN=\"Sato, Akiko\":mailto:akiko@example.org",
                         "DTSTART;TZID=\"Office Time\":20261201T100000", "DTEND;TZID=Office Time:20261201T110000",
                         "EXDATE;TZID=Office Time:20261208T100000,20261215T100000",
                         "RRULE:FREQ=WEEKLY;COUNT=4", "SUMMARY:\(title)", "END:VEVENT",
                         "BEGIN:VEVENT", "UID:\(uid)-floating", "DTSTAMP:20261101T000000Z", "DTSTART:20261202T100000",
                         "SUMMARY:\(title) notes", "END:VEVENT", "END:VCALENDAR"]
            return try CalendarDocument(text: lines.joined(separator: lineEnd) + lineEnd, timeZone: TestSupport.utc)
        }
        let tokyo = try calendar("standup@example.org", "Standup", offset: "+0900", lineEnd: "\r\n")
        let berlin = try calendar("conference@example.org", "Conference", offset: "+0100", lineEnd: "\n")
        let sameAsTokyo = try calendar("review@example.org", "Review", offset: "+0900", lineEnd: "\n")
        let merged = CalendarDocument.export([tokyo, berlin, sameAsTokyo], name: nil)

        let alone = try [tokyo, berlin, sameAsTokyo].flatMap { try SaveTestSupport.plans($0) }
        let together = try SaveTestSupport.plans(merged)
        func times(_ plans: [Plan]) -> [String] { plans.map { "\($0.title) \($0.timing)" }.sorted() }
        XCTAssertEqual(times(together), times(alone))
        XCTAssertEqual(together.count, 9, "Standup, Conference and Review twice each, and their notes")

        let zones = merged.componentTexts.filter { $0.hasPrefix("BEGIN:VTIMEZONE") }
        XCTAssertEqual(zones.map { $0.contains("+0100") }, [false, true], "Tokyo's zone once, Berlin's under another name")
        guard zones.count == 2 else { return }
        XCTAssertTrue(zones[1].contains("TZID:Office Time (2)\n"), zones[1])
        // The first calendar's and the like-minded third calendar's events byte for byte; the
        // second's with the new name on exactly the lines that named its zone.
        let events = merged.componentTexts.filter { $0.hasPrefix("BEGIN:VEVENT") }
        let original = [tokyo, berlin, sameAsTokyo].flatMap(\.componentTexts).filter { $0.hasPrefix("BEGIN:VEVENT") }
        XCTAssertEqual(events.count, original.count)
        XCTAssertEqual(Array(events.prefix(2)), Array(original.prefix(2)))
        XCTAssertEqual(Array(events.suffix(2)), Array(original.suffix(2)))
        XCTAssertEqual(events[2], original[2]
            .replacingOccurrences(of: "TZID=\"Office Time\"", with: "TZID=\"Office Time (2)\"")
            .replacingOccurrences(of: "TZID=Office Time:", with: "TZID=Office Time (2):"))
        XCTAssertEqual(events[3], original[3])
    }
}
