import CalendarModel
import Foundation
import XCTest

/// Exports of real programs: after editing one event, every other component is the same
/// bytes, and the edited one keeps what Koyomi does not understand.
final class FixtureEditTests: XCTestCase {
    private let cases: [(file: String, uid: String, kept: [String])] = [
        ("save-google.ics", "birthday-2j9@google.com", ["X-GOOGLE-CALENDAR-CONTENT-TITLE:Birthday", "TRANSP:TRANSPARENT"]),
        ("save-outlook.ics",
         "040000008200E00074C5B7101A82E00800000000A0C1F2E3D4B5C601000000000000000010000000",
         ["X-MICROSOFT-CDO-BUSYSTATUS:BUSY", "X-MS-OLK-CONFTYPE:0", "BEGIN:VALARM", "PRIORITY:5",
          "DTSTART;TZID=\"W. Europe Standard Time\":20261112T140000"]),
        ("save-apple.ics", "6A1B0C2D-3E4F-4A5B-8C6D-7E8F9A0B1C2D",
         ["X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS=\"1-2-3 Ginza, Chuo, Tokyo\r\n , Japan\";X-APPLE-MAPKIT-HANDLE=",
          "X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC", "X-WR-ALARMUID:", "X-APPLE-DEFAULT-ALARM:TRUE"]),
        ("save-thunderbird.ics", "8f6e2c1a-5b4d-4e3f-9a2b-1c0d9e8f7a6b",
         ["X-MOZ-GENERATION:3", "X-MOZ-SNOOZE-TIME-1762380000000000:20261105T215500Z", "X-FOO-LIST:a\\,b\\,c",
          "CONFERENCE;VALUE=URI;FEATURE=VIDEO:", "EXDATE;TZID=America/New_York:20261119T170000", "X-MOZ-LASTACK"]),
    ]

    func testEditingOneEventLeavesEveryOtherComponentByteIdentical() throws {
        for (file, uid, kept) in cases {
            var document = try SaveTestSupport.document(file)
            let before = document.componentTexts
            let edited = try XCTUnwrap(before.firstIndex { $0.contains(uid) }, file)
            try document.updateEvent(uid: uid, [.title("Edited in Koyomi"), .notes("New notes, with a comma")], now: SaveTestSupport.now)
            let after = document.componentTexts
            XCTAssertEqual(after.count, before.count, file)
            for index in before.indices where index != edited {
                XCTAssertEqual(after[index], before[index], "\(file) component \(index)")
            }
            let event = after[edited]
            for text in kept { XCTAssertTrue(event.contains(text), "\(file): lost \(text) in\n\(event)") }
            XCTAssertFalse(event.contains("X-LIC-ERROR"), file)
            XCTAssertTrue(event.contains("SUMMARY:Edited in Koyomi"), file)
            // The calendar's own lines (header, END) are the original bytes too.
            let original = try SaveTestSupport.fixtureText(file)
            let headerEnd = try XCTUnwrap(original.range(of: "BEGIN:VTIMEZONE"))
            XCTAssertTrue(document.text.hasPrefix(original[..<headerEnd.lowerBound]), file)
            // And the reader still reads it, with the new title.
            let plans = try SaveTestSupport.plans(document)
            XCTAssertTrue(plans.contains { $0.id.uid == uid && $0.title == "Edited in Koyomi" && $0.notes == "New notes, with a comma" }, file)
        }
    }

    func testEditedFileStillUsesItsOwnLineEnds() throws {
        var document = try SaveTestSupport.document("save-thunderbird.ics")
        try document.updateEvent(uid: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", [.title("Dentist (moved)")], now: SaveTestSupport.now)
        XCTAssertFalse(document.text.contains("\r"), "an LF file stays LF")
        var crlf = try SaveTestSupport.document("save-google.ics")
        try crlf.updateEvent(uid: "birthday-2j9@google.com", [.title("x")], now: SaveTestSupport.now)
        let bytes = Array(crlf.text.utf8)
        let lineFeeds = bytes.indices.filter { bytes[$0] == 0x0A }
        XCTAssertEqual(lineFeeds.count, 68, "same lines as the original, edited in place")
        XCTAssertTrue(lineFeeds.allSatisfy { $0 > 0 && bytes[$0 - 1] == 0x0D }, "every line ends in CRLF")
    }
}
