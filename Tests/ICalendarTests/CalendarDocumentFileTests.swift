import CalendarEditing
import CalendarModel
@testable import FileSafety
import Foundation
import ICalendarReading
import XCTest

final class CalendarDocumentFileTests: XCTestCase {
    func testNewCalendarHasNameAndColourAndReadsBack() throws {
        var document = try CalendarDocument.empty(name: "Personal, mine", color: "#3584e4", timeZone: TestSupport.utc)
        XCTAssertTrue(document.text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi//Koyomi//EN\r\n"))
        try document.setCalendarColor("#e01b24")
        try document.setCalendarName("Home")
        let file = try ICalendarFile(text: document.text, sourceName: "x.ics", options: TestSupport.options())
        XCTAssertEqual(file.calendar.name, "Home")
        XCTAssertEqual(file.calendar.color, "#e01b24")
        XCTAssertEqual(document.text.components(separatedBy: "COLOR:").count, 2, "one COLOR line")
    }

    /// The colour an import gives a new calendar: COLOR first, else Apple's without its alpha,
    /// as the reader takes them.
    func testTheCalendarsColourIsReadAsTheReaderReadsIt() throws {
        func color(_ header: String) throws -> String? {
            try CalendarDocument(text: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + header
                                 + "BEGIN:VEVENT\r\nUID:a\r\nDTSTART;VALUE=DATE:20261110\r\nCOLOR:#000000\r\nEND:VEVENT\r\n"
                                 + "END:VCALENDAR\r\n", timeZone: TestSupport.utc).calendarColor
        }
        XCTAssertEqual(try color("X-APPLE-CALENDAR-COLOR:#9141ACFF\r\nCOLOR:#3584e4\r\n"), "#3584e4")
        XCTAssertEqual(try color("X-APPLE-CALENDAR-COLOR:#9141ACFF\r\n"), "#9141AC")
        XCTAssertNil(try color(""), "an event's own COLOR is not the calendar's")
    }

    func testRenamingAnExportedCalendarTouchesOnlyItsNameLine() throws {
        let original = try SaveTestSupport.fixtureText("save-google.ics")
        var document = try SaveTestSupport.document("save-google.ics")
        try document.setCalendarName("Work")
        XCTAssertEqual(document.text, original.replacingOccurrences(of: "X-WR-CALNAME:Work (Google)\r\n", with: "X-WR-CALNAME:Work\r\n"))
    }

    func testLoadEditSaveAndRefuseAStaleSave() throws {
        let folder = try SaveTestSupport.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("apple.ics").path
        try Data(SaveTestSupport.fixtureText("save-apple.ics").utf8).write(to: URL(fileURLWithPath: path))

        let (document, identity) = try CalendarDocument.load(path: path, timeZone: TestSupport.utc)
        var first = document
        try first.updateEvent(uid: "6A1B0C2D-3E4F-4A5B-8C6D-7E8F9A0B1C2D", [.title("Dinner with Kenji")], now: SaveTestSupport.now)
        let saved = try first.save(to: path, expecting: identity)

        // A second window still holding the old identity must not overwrite the first's change.
        var second = document
        try second.deleteEvent(uid: "6A1B0C2D-3E4F-4A5B-8C6D-7E8F9A0B1C2D")
        XCTAssertThrowsError(try second.save(to: path, expecting: identity)) { error in
            XCTAssertEqual(error as? SaveError, .changedOnDisk(path: path))
        }
        let (reloaded, current) = try CalendarDocument.load(path: path, timeZone: TestSupport.utc)
        XCTAssertEqual(current, saved)
        XCTAssertEqual(reloaded, first)
        XCTAssertTrue(reloaded.text.contains("SUMMARY:Dinner with Kenji\r\n"))
    }
}
