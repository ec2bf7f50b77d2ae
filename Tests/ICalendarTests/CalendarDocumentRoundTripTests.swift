import CICal
import CalendarEditing
import Foundation
import XCTest

final class CalendarDocumentRoundTripTests: XCTestCase {
    static let fixtures = ["save-google.ics", "save-outlook.ics", "save-apple.ics", "save-thunderbird.ics",
                           "basics.ics", "recurrence.ics", "zones.ics"]

    func testUnchangedDocumentsAreByteIdentical() throws {
        for name in Self.fixtures {
            let text = try SaveTestSupport.fixtureText(name)
            let document = try CalendarDocument(text: text, sourceName: name, timeZone: TestSupport.utc)
            XCTAssertEqual(document.data, Data(text.utf8), name)
        }
    }

    func testLineEndsByteOrderMarkAndMissingFinalNewlineSurvive() throws {
        let variants = [
            "\u{FEFF}BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20261110T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR",
            "BEGIN:VCALENDAR\rVERSION:2.0\rBEGIN:VEVENT\rUID:a\rDTSTART:20261110T090000Z\rEND:VEVENT\rEND:VCALENDAR\r",
            "BEGIN:VCALENDAR\nBEGIN:VEVENT\r\nUID:a\nSUMMARY:mixed \n\tfolds\r\n and ends\nDTSTART:20261110T090000Z\nEND:VEVENT\n\nEND:VCALENDAR\n\n",
        ]
        for text in variants {
            let document = try CalendarDocument(text: text, timeZone: TestSupport.utc)
            XCTAssertEqual(document.data, Data(text.utf8), text.debugDescription)
            XCTAssertEqual(document.eventUIDs, ["a"])
        }
    }

    func testEveryKindOfComponentIsKeptInOrder() throws {
        XCTAssertEqual(try SaveTestSupport.document("save-thunderbird.ics").componentKinds,
                       ["VTIMEZONE", "VEVENT", "VEVENT", "VJOURNAL", "X-MOZ-UNKNOWN"])
        XCTAssertEqual(try SaveTestSupport.document("save-apple.ics").componentKinds, ["VTIMEZONE", "VEVENT", "VTODO"])
    }

    func testMalformedTextIsRefused() {
        XCTAssertThrowsError(try CalendarDocument(text: "BEGIN:VCALENDAR\nBEGIN:VEVENT\nEND:VCALENDAR\n",
                                                  timeZone: TestSupport.utc))
        XCTAssertThrowsError(try CalendarDocument(text: "hello\n", timeZone: TestSupport.utc))
    }

    /// Why untouched text is kept: libical's own serialization damages these properties.
    func testLibicalAloneWouldDamageUnknownProperties() throws {
        let event = SaveTestSupport.component(try SaveTestSupport.document("save-thunderbird.ics"), containing: "Piano")
        let parsed = try XCTUnwrap(event.withCString { icalcomponent_new_from_string($0) })
        defer { icalcomponent_free(parsed) }
        let text = String(cString: icalcomponent_as_ical_string(parsed))
        XCTAssertFalse(text.contains("X-FOO-LIST:a\\,b\\,c") && !text.contains("X-LIC-ERROR"),
                       "libical kept everything; the fixture no longer shows the hazard:\n\(text)")
    }
}
