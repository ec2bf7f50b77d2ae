import CalendarEditing
import CalendarModel
import Foundation
import XCTest

/// One event as a CalDAV resource: what is uploaded, and a server's copy put in place.
final class CalendarDocumentResourceTests: XCTestCase {
    private let utc = TimeZone(identifier: "UTC")!

    private let local = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Koyomi tests//EN\r
    X-WR-CALNAME:Work\r
    BEGIN:VTIMEZONE\r
    TZID:Europe/Berlin\r
    BEGIN:STANDARD\r
    DTSTART:19701025T030000\r
    TZOFFSETFROM:+0200\r
    TZOFFSETTO:+0100\r
    END:STANDARD\r
    END:VTIMEZONE\r
    BEGIN:VTIMEZONE\r
    TZID:Asia/Tokyo\r
    BEGIN:STANDARD\r
    DTSTART:19700101T000000\r
    TZOFFSETFROM:+0900\r
    TZOFFSETTO:+0900\r
    END:STANDARD\r
    END:VTIMEZONE\r
    BEGIN:VEVENT\r
    UID:review\r
    DTSTAMP:20261101T000000Z\r
    DTSTART;TZID=Europe/Berlin:20261110T100000\r
    SUMMARY:Review\r
    X-ACME:keep\\, me\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:other\r
    DTSTAMP:20261101T000000Z\r
    DTSTART:20261111T100000Z\r
    SUMMARY:Other\r
    END:VEVENT\r
    END:VCALENDAR\r

    """

    func testTheResourceCarriesTheEventAsWrittenAndOnlyTheZonesItUses() throws {
        let document = try CalendarDocument(text: local, timeZone: utc)
        let resource = try XCTUnwrap(document.resourceText(uid: "review"))
        XCTAssertTrue(resource.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:"), resource)
        XCTAssertTrue(resource.contains("TZID:Europe/Berlin"), resource)
        XCTAssertFalse(resource.contains("Asia/Tokyo"), "a zone it does not use stays behind")
        XCTAssertTrue(resource.contains("X-ACME:keep\\, me"), "unknown properties byte for byte")
        XCTAssertFalse(resource.contains("UID:other"))
        XCTAssertTrue(resource.hasSuffix("END:VCALENDAR\r\n"))
        XCTAssertNoThrow(try CalendarDocument(text: resource, timeZone: utc), "it is a calendar of its own")
        XCTAssertNil(document.resourceText(uid: "missing"))
    }

    func testAServerCopyReplacesOnlyThatEventWithoutANewRevision() throws {
        var document = try CalendarDocument(text: local, timeZone: utc)
        let otherBefore = document.snapshot(uid: "other")
        let server = try CalendarDocument(text: """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Server//EN\r
        BEGIN:VTIMEZONE\r
        TZID:America/New_York\r
        BEGIN:STANDARD\r
        DTSTART:19701101T020000\r
        TZOFFSETFROM:-0400\r
        TZOFFSETTO:-0500\r
        END:STANDARD\r
        END:VTIMEZONE\r
        BEGIN:VEVENT\r
        UID:review\r
        DTSTAMP:20261102T000000Z\r
        SEQUENCE:4\r
        DTSTART;TZID=America/New_York:20261110T090000\r
        SUMMARY:Review (moved by a colleague)\r
        END:VEVENT\r
        END:VCALENDAR\r

        """, timeZone: utc)
        let fingerprintBefore = document.fingerprint(uid: "review")
        document.replaceEvent(uid: "review", with: server)
        let review = document.snapshot(uid: "review").componentTexts
        XCTAssertEqual(review.count, 1)
        XCTAssertTrue(review[0].contains("SEQUENCE:4\r\n"), "the server's revision, not a new one")
        XCTAssertTrue(review[0].contains("DTSTAMP:20261102T000000Z"))
        XCTAssertTrue(document.text.contains("TZID:America/New_York\r\nBEGIN:STANDARD"), "its zone came along")
        XCTAssertEqual(document.snapshot(uid: "other"), otherBefore, "other events are untouched")
        XCTAssertNotEqual(document.fingerprint(uid: "review"), fingerprintBefore)

        document.replaceEvent(uid: "review", with: nil)
        XCTAssertNil(document.fingerprint(uid: "review"), "nil removes the event")
        XCTAssertEqual(document.eventUIDs, ["other"])
    }

    func testFingerprintsFollowTheTextOnly() throws {
        let first = try CalendarDocument(text: local, timeZone: utc)
        let same = try CalendarDocument(text: local, timeZone: utc)
        XCTAssertEqual(first.fingerprint(uid: "review"), same.fingerprint(uid: "review"))
        let edited = try CalendarDocument(text: local.replacingOccurrences(of: "SUMMARY:Review", with: "SUMMARY:Review!"),
                                          timeZone: utc)
        XCTAssertNotEqual(first.fingerprint(uid: "review"), edited.fingerprint(uid: "review"))
        XCTAssertEqual(first.fingerprint(uid: "other"), edited.fingerprint(uid: "other"))
    }
}
