import CalendarEditing
import CalendarModel
import CalendarVetting
import Foundation
import ICalendarReading
import XCTest

/// Issue 35, item 12: what Koyomi exports it imports back whole. Calendars shaped like the
/// scheduling files libical tests with (iTIP: METHOD:REQUEST and PUBLISH, several VCALENDARs
/// in one file, ORGANIZER and ATTENDEE with CN, ROLE, PARTSTAT, RSVP, quoted DELEGATED-TO,
/// mailto: values, long folded UTF-8 lines, zones before and after their events, LF and CRLF)
/// are exported as `koyomi export` and the window's Export… do (`CalendarDocument.export`),
/// read back as any file to import is (`UntrustedCalendar`, the real child), and imported
/// into an empty calendar: nothing is left out, and every event's text is what it was, byte
/// for byte, except the lines that name a zone another calendar defined otherwise.
final class ExportImportRoundTripTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try SaveTestSupport.folder("koyomi-round-trip")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Invitations as a scheduling server sends them: two VCALENDARs, LF line ends, a zone of
    /// an Outlook-style name defined after the event using it, a 90-octet title folded.
    private static let invitations = """
        BEGIN:VCALENDAR
        PRODID:-//Example Corp//Scheduler 4.1//EN
        METHOD:REQUEST
        VERSION:2.0
        BEGIN:VEVENT
        ORGANIZER;CN="Sato, Akiko":mailto:akiko@example.org
        ATTENDEE;ROLE=CHAIR;PARTSTAT=ACCEPTED;CN=Akiko Sato:mailto:akiko@example.org
        ATTENDEE;RSVP=TRUE;CUTYPE=INDIVIDUAL;CN="Bob, Jr.":MAILTO:bob@example.org
        ATTENDEE;ROLE=NON-PARTICIPANT;RSVP=FALSE;
         CUTYPE=ROOM:mailto:room-4@example.org
        ATTENDEE;PARTSTAT=DELEGATED;DELEGATED-TO="mailto:carol@example.org";CN=Dav
         e:mailto:dave@example.org
        DTSTAMP:20261110T190000Z
        DTSTART;TZID=Office Time:20261201T100000
        DTEND;TZID=Office Time:20261201T103000
        SUMMARY:Conference
        DESCRIPTION:年次計画の会議です。議題：予算、採用、オフィスの移転について話し合い
         ます。資料は前日までに共有します。
        UID:conference-2026@example.org
        SEQUENCE:2
        STATUS:CONFIRMED
        END:VEVENT
        BEGIN:VTIMEZONE
        TZID:Office Time
        BEGIN:STANDARD
        DTSTART:16010101T000000
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0100
        END:STANDARD
        END:VTIMEZONE
        END:VCALENDAR
        BEGIN:VCALENDAR
        PRODID:-//Example Corp//Scheduler 4.1//EN
        METHOD:PUBLISH
        VERSION:2.0
        BEGIN:VEVENT
        ORGANIZER;CN=Zoë Müller:mailto:zoe@example.org
        DTSTAMP:20261111T090000Z
        DTSTART:20261203T140000Z
        DURATION:PT1H30M
        RRULE:FREQ=WEEKLY;COUNT=3
        SUMMARY:Conference call with Zoë Müller and the whole design team ✓ about next yea
         r
        UID:design-call@example.org
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:Reminder
        TRIGGER:-PT15M
        END:VALARM
        END:VEVENT
        BEGIN:VEVENT
        DTSTAMP:20261111T090000Z
        RECURRENCE-ID:20261210T140000Z
        DTSTART:20261210T150000Z
        DURATION:PT1H
        SUMMARY:Conference call (moved)
        UID:design-call@example.org
        SEQUENCE:1
        END:VEVENT
        END:VCALENDAR

        """

    /// The user's own calendar: CRLF, the same zone name with other rules, zones first.
    private static let own = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Koyomi//Koyomi//EN", "X-WR-CALNAME:Work",
        "BEGIN:VTIMEZONE", "TZID:Office Time", "BEGIN:STANDARD", "DTSTART:16010101T000000",
        "TZOFFSETFROM:+0900", "TZOFFSETTO:+0900", "END:STANDARD", "END:VTIMEZONE",
        "BEGIN:VEVENT", "UID:standup@koyomi", "DTSTAMP:20261101T000000Z",
        "DTSTART;TZID=\"Office Time\":20261202T093000", "DTEND;TZID=\"Office Time\":20261202T094500",
        "RRULE:FREQ=DAILY;COUNT=5", "EXDATE;TZID=\"Office Time\":20261203T093000", "SUMMARY:Standup",
        "END:VEVENT",
        "BEGIN:VEVENT", "UID:lunch@koyomi", "DTSTAMP:20261101T000000Z", "DTSTART;VALUE=DATE:20261204",
        "SUMMARY:Team lunch \\, with everyone", "END:VEVENT", "END:VCALENDAR",
    ].joined(separator: "\r\n") + "\r\n"

    private func write(_ text: String, _ name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Export, then import into a new calendar as `koyomi import` does.
    private func roundTrip(_ documents: [CalendarDocument], name: String) throws -> (CalendarDocument, ImportSummary) {
        let exported = try write(CalendarDocument.export(documents, name: nil).text, name)
        let vetted = try UntrustedCalendar.read(path: exported, childExecutable: try builtKoyomi)
        XCTAssertEqual(vetted.problems, [], "nothing Koyomi exported is left out")
        var calendar = try CalendarDocument.empty(name: "Imported", color: nil, timeZone: TestSupport.utc)
        let summary = calendar.importEvents(from: vetted.document, now: Date(timeIntervalSince1970: 1_795_000_000))
        return (calendar, summary)
    }

    private static func events(_ document: CalendarDocument) -> [String] {
        document.componentTexts.filter { $0.hasPrefix("BEGIN:VEVENT") }
    }

    /// Every plan of December 2026 with its title and timing, as the window would show them.
    private static func plans(_ documents: [CalendarDocument]) throws -> [String] {
        try documents.flatMap { document in
            try ICalendarFile(text: document.text, sourceName: "calendar.ics", options: TestSupport.options())
                .plans(overlapping: TestSupport.days("2026-12-01", "2027-01-01"))
        }.map { "\($0.title) \($0.timing)" }.sorted()
    }

    func testOneExportedCalendarImportsBackByteForByte() throws {
        let invitations = try CalendarDocument(text: Self.invitations, timeZone: TestSupport.utc)
        let (imported, summary) = try roundTrip([invitations], name: "one.ics")
        XCTAssertEqual(summary.description, "2 added, 0 updated, 0 skipped")
        XCTAssertEqual(Self.events(imported), Self.events(invitations))
        XCTAssertEqual(try Self.plans([imported]), try Self.plans([invitations]))
        XCTAssertEqual(try Self.plans([invitations]).count, 4)
    }

    func testCalendarsExportedTogetherImportBackWithEveryPlanAtItsTime() throws {
        let invitations = try CalendarDocument(text: Self.invitations, timeZone: TestSupport.utc)
        let own = try CalendarDocument(text: Self.own, timeZone: TestSupport.utc)
        let (imported, summary) = try roundTrip([own, invitations], name: "all.ics")
        XCTAssertEqual(summary.description, "4 added, 0 updated, 0 skipped")
        XCTAssertEqual(try Self.plans([imported]), try Self.plans([own, invitations]),
                       "Standup at 09:30 +09:00 and Conference at 10:00 +01:00, as in their own calendars")
        // Byte for byte but for the zone's new name on the lines that name it.
        let renamed = Self.events(invitations)[0].replacingOccurrences(of: "TZID=Office Time:", with: "TZID=Office Time (2):")
        XCTAssertEqual(Self.events(imported), Self.events(own) + [renamed] + Self.events(invitations).dropFirst())
    }
}
