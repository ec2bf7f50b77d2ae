import Foundation
import ICalendar
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
}
