@testable import CalendarEditing
import CalendarModel
import Foundation
@testable import ICalendarReading
import XCTest

/// Dismissing and snoozing write what other clients read (RFC 9074; Thunderbird's own
/// properties on events it manages), and nothing else in the file changes.
final class ReminderWritingTests: XCTestCase {
    private let now = TestSupport.date("2026-12-02 08:46")

    private func calendar(_ events: String) -> String {
        ("BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//test//EN\n" + events + "END:VCALENDAR\n")
            .replacingOccurrences(of: "\n", with: "\r\n")
    }

    private let dentist = """
        BEGIN:VEVENT
        UID:dentist
        DTSTAMP:20260101T000000Z
        DTSTART:20261202T090000Z
        DTEND:20261202T100000Z
        SUMMARY:Dentist
        X-UNKNOWN;FOO=bar:kept as it is
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:Dentist
        TRIGGER:-PT15M
        END:VALARM
        BEGIN:VALARM
        ACTION:AUDIO
        TRIGGER:-PT5M
        ACKNOWLEDGED:20251201T000000Z
        END:VALARM
        END:VEVENT

        """

    private func reminders(_ text: String, from: String = "2026-12-01 00:00") throws -> [String] {
        let file = try ICalendarFile(text: text, sourceName: "alarms.ics", options: TestSupport.options(TestSupport.utc))
        return file.reminders(in: DateInterval(start: TestSupport.date(from), end: TestSupport.date("2027-01-01 00:00")))
            .map { "\(ReminderWritingTests.clock($0.due)) \($0.plan.title)\($0.isSnoozed ? " (snoozed)" : "")" }
    }

    private static func clock(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TestSupport.utc
        formatter.dateFormat = "MM-dd HH:mm"
        return formatter.string(from: date)
    }

    func testDismissingWritesAcknowledgedAndNothingElse() throws {
        let before = calendar(dentist)
        var document = try CalendarDocument(text: before, timeZone: TestSupport.utc)
        try document.acknowledgeReminders(of: Plan.ID(uid: "dentist"), at: now)
        let after = document.text
        // Only the two ACKNOWLEDGED lines: one added, one replaced in its place.
        let expected = before
            .replacingOccurrences(of: "TRIGGER:-PT15M\r\nEND:VALARM", with: "TRIGGER:-PT15M\r\nACKNOWLEDGED:20261202T084600Z\r\nEND:VALARM")
            .replacingOccurrences(of: "ACKNOWLEDGED:20251201T000000Z", with: "ACKNOWLEDGED:20261202T084600Z")
        XCTAssertEqual(after, expected)
        XCTAssertEqual(try reminders(after), ["12-02 08:55 Dentist"], "the alarm due after the dismissal still reminds")
        XCTAssertEqual(try reminders(before), ["12-02 08:45 Dentist", "12-02 08:55 Dentist"])
    }

    func testSnoozingAddsAnRFC9074SnoozeAlarmThatDismissingRemovesAgain() throws {
        var document = try CalendarDocument(text: calendar(dentist), timeZone: TestSupport.utc)
        try document.snoozeReminders(of: Plan.ID(uid: "dentist"), until: TestSupport.date("2026-12-02 08:56"), at: now)
        let snoozed = document.text
        XCTAssertTrue(snoozed.contains("TRIGGER;VALUE=DATE-TIME:20261202T085600Z\r\n"), snoozed)
        // The snooze alarm names the alarm it snoozes, which got a UID for it.
        let uid = try XCTUnwrap(snoozed.components(separatedBy: "RELATED-TO;RELTYPE=SNOOZE:").dropFirst().first?
            .components(separatedBy: "\r\n").first)
        XCTAssertTrue(snoozed.contains("TRIGGER:-PT15M\r\nACKNOWLEDGED:20261202T084600Z\r\nUID:\(uid)\r\nEND:VALARM"), snoozed)
        XCTAssertTrue(snoozed.contains("X-UNKNOWN;FOO=bar:kept as it is\r\n"))
        XCTAssertEqual(try reminders(snoozed), ["12-02 08:55 Dentist", "12-02 08:56 Dentist"],
                       "the snoozed reminder comes back at the snooze time, once; the later alarm is still due")

        try document.acknowledgeReminders(of: Plan.ID(uid: "dentist"), at: TestSupport.date("2026-12-02 08:57"))
        XCTAssertFalse(document.text.contains("RELTYPE=SNOOZE"), "a dismissed snooze alarm has done its job")
        XCTAssertEqual(try reminders(document.text), [])
    }

    func testAnEventThunderbirdManagesGetsThunderbirdsProperties() throws {
        let thunderbird = dentist.replacingOccurrences(of: "SUMMARY:Dentist\n", with: "SUMMARY:Dentist\nX-MOZ-LASTACK:20251201T000000Z\n")
        var document = try CalendarDocument(text: calendar(thunderbird), timeZone: TestSupport.utc)
        try document.snoozeReminders(of: Plan.ID(uid: "dentist"), until: TestSupport.date("2026-12-02 08:56"), at: now)
        XCTAssertTrue(document.text.contains("X-MOZ-LASTACK:20261202T084600Z\r\n"), document.text)
        XCTAssertTrue(document.text.contains("X-MOZ-SNOOZE-TIME:20261202T085600Z\r\n"), document.text)
        XCTAssertFalse(document.text.contains("RELTYPE=SNOOZE"))
        XCTAssertEqual(try reminders(document.text), ["12-02 08:55 Dentist", "12-02 08:56 Dentist (snoozed)"])

        try document.acknowledgeReminders(of: Plan.ID(uid: "dentist"), at: TestSupport.date("2026-12-02 08:57"))
        XCTAssertFalse(document.text.contains("X-MOZ-SNOOZE-TIME"), document.text)
        XCTAssertTrue(document.text.contains("X-MOZ-LASTACK:20261202T085700Z\r\n"), document.text)
        XCTAssertEqual(try reminders(document.text), [])
    }

    func testAnOccurrenceOfASeriesIsDismissedOnTheSeriesAndLaterOnesStillRemind() throws {
        let series = """
            BEGIN:VEVENT
            UID:standup
            DTSTAMP:20260101T000000Z
            DTSTART:20261202T090000Z
            DURATION:PT15M
            RRULE:FREQ=DAILY;COUNT=3
            SUMMARY:Standup
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER:-PT15M
            END:VALARM
            END:VEVENT

            """
        var document = try CalendarDocument(text: calendar(series), timeZone: TestSupport.utc)
        try document.acknowledgeReminders(of: Plan.ID(uid: "standup", occurrence: "20261202T090000Z"), at: now)
        XCTAssertEqual(try reminders(document.text), ["12-03 08:45 Standup", "12-04 08:45 Standup"])
    }

    func testAPlanThatIsGoneIsSaid() throws {
        var document = try CalendarDocument(text: calendar(dentist), timeZone: TestSupport.utc)
        XCTAssertThrowsError(try document.acknowledgeReminders(of: Plan.ID(uid: "nobody"), at: now)) { error in
            XCTAssertTrue("\(error)".contains("nobody"), "\(error)")
        }
    }
}

/// The editor's reminders written into an event: only display alarms minutes before the start
/// are the editor's; every other alarm keeps its lines.
final class ReminderEditingTests: XCTestCase {
    private let event = """
        BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n\
        BEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20261202T090000Z\r\nDTEND:20261202T100000Z\r\n\
        SUMMARY:Dentist\\, Dr. Lee\r\n\
        BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\n\
        BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;VALUE=DATE-TIME:20261201T180000Z\r\nX-KEPT:yes\r\nEND:VALARM\r\n\
        BEGIN:VALARM\r\nACTION:EMAIL\r\nTRIGGER:-P1D\r\nEND:VALARM\r\n\
        BEGIN:VALARM\r\nACTION:AUDIO\r\nTRIGGER;RELATED=START:-PT1H\r\nEND:VALARM\r\n\
        END:VEVENT\r\nEND:VCALENDAR\r\n
        """

    func testTheEditorSeesItsOwnKindOfAlarmsAndChangesOnlyThose() throws {
        var document = try CalendarDocument(text: event, timeZone: TestSupport.utc)
        XCTAssertEqual(document.reminderMinutes(uid: "a"), [60, 15], "not the absolute one, not e-mail")
        try document.updateEvent(uid: "a", [.reminders([60, 1_440, 0])], now: TestSupport.date("2026-11-30 10:00"))
        let text = document.text
        XCTAssertFalse(text.contains("TRIGGER:-PT15M"), "removed")
        XCTAssertTrue(text.contains("BEGIN:VALARM\r\nACTION:AUDIO\r\nTRIGGER;RELATED=START:-PT1H\r\nEND:VALARM\r\n"), "kept as written")
        XCTAssertTrue(text.contains("TRIGGER;VALUE=DATE-TIME:20261201T180000Z\r\nX-KEPT:yes\r\n"), "not the editor's: kept")
        XCTAssertTrue(text.contains("BEGIN:VALARM\r\nACTION:EMAIL\r\nTRIGGER:-P1D\r\nEND:VALARM\r\n"), "e-mail alarms are kept")
        XCTAssertTrue(text.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-P1D\r\nDESCRIPTION:Dentist\\, Dr. Lee\r\nEND:VALARM"), text)
        XCTAssertTrue(text.contains("TRIGGER:PT0S\r\n"))
        XCTAssertEqual(document.reminderMinutes(uid: "a"), [1_440, 60, 0])
        XCTAssertTrue(text.contains("SEQUENCE") == false, "reminders are no change of schedule (no SEQUENCE)")
    }

    func testDurationsAreReadAsRFC5545WritesThem() {
        XCTAssertEqual(EventAlarms.durationSeconds("-PT15M"), -900)
        XCTAssertEqual(EventAlarms.durationSeconds("-P1DT2H"), -93_600)
        XCTAssertEqual(EventAlarms.durationSeconds("P1W"), 604_800)
        XCTAssertEqual(EventAlarms.durationSeconds("PT0S"), 0)
        XCTAssertNil(EventAlarms.durationSeconds("-P"))
        XCTAssertNil(EventAlarms.durationSeconds("15M"))
        XCTAssertNil(EventAlarms.durationSeconds("-PT15"))
    }
}
