import CalendarModel
import Foundation
@testable import ICalendarReading
import XCTest

/// Reading VALARMs (RFC 5545 §3.6.6, RFC 9074) and working out when each reminder comes due.
final class ReminderTests: XCTestCase {
    private func file(_ events: String, zone: TimeZone = TestSupport.utc) throws -> ICalendarFile {
        try ICalendarFile(text: RecurrenceHandlingTests.calendar(events), sourceName: "alarms.ics",
                          options: TestSupport.options(zone))
    }

    private func due(_ file: ICalendarFile, from: String = "2026-12-01 00:00", to: String = "2027-01-01 00:00") -> [String] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TestSupport.utc
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return file.reminders(in: DateInterval(start: TestSupport.date(from), end: TestSupport.date(to))).map {
            "\(formatter.string(from: $0.due)) \($0.plan.title)\($0.isSnoozed ? " (snoozed)" : "")"
        }
    }

    private func event(_ uid: String, _ title: String, _ times: String, alarms: [String], extra: String = "") -> String {
        "BEGIN:VEVENT\nUID:\(uid)\nDTSTAMP:20260101T000000Z\n\(times)\nSUMMARY:\(title)\n\(extra)"
            + alarms.map { "BEGIN:VALARM\n\($0)\nEND:VALARM\n" }.joined() + "END:VEVENT\n"
    }

    func testTriggersBeforeTheStartAfterTheEndAtAMomentAndRepeated() throws {
        let loaded = try file(
            event("a", "Dentist", "DTSTART:20261202T090000Z\nDTEND:20261202T100000Z", alarms: [
                "ACTION:DISPLAY\nTRIGGER:-PT15M",
                "ACTION:AUDIO\nTRIGGER;RELATED=END:PT5M",
                "ACTION:DISPLAY\nTRIGGER;VALUE=DATE-TIME:20261201T180000Z",
                "ACTION:DISPLAY\nTRIGGER:-P1DT1H\nREPEAT:2\nDURATION:PT10M",
            ]))
        XCTAssertEqual(due(loaded), ["2026-12-01 08:00 Dentist", "2026-12-01 08:10 Dentist", "2026-12-01 08:20 Dentist",
                                     "2026-12-01 18:00 Dentist", "2026-12-02 08:45 Dentist", "2026-12-02 10:05 Dentist"])
    }

    func testAllDayPlansRemindFromLocalMidnightAndZonedOnesFromTheirInstant() throws {
        let tokyo = try XCTUnwrap(TimeZone(identifier: "Asia/Tokyo"))
        let loaded = try file(
            event("d", "Day off", "DTSTART;VALUE=DATE:20261204", alarms: ["ACTION:DISPLAY\nTRIGGER:-PT12H"])
            + event("z", "Call New York", "DTSTART;TZID=America/New_York:20261204T090000\nDURATION:PT30M",
                    alarms: ["ACTION:DISPLAY\nTRIGGER:-PT1H"]), zone: tokyo)
        // Midnight of the 4th in Tokyo is 15:00 UTC on the 3rd; 09:00 in New York is 14:00 UTC.
        XCTAssertEqual(due(loaded), ["2026-12-03 03:00 Day off", "2026-12-04 13:00 Call New York"])
    }

    func testEveryOccurrenceRemindsButAnExcludedOneAndAnOverrideHasItsOwn() throws {
        let loaded = try file(
            event("s", "Standup", "DTSTART:20261207T090000Z\nDURATION:PT15M\nRRULE:FREQ=DAILY;COUNT=4\nEXDATE:20261208T090000Z",
                  alarms: ["ACTION:DISPLAY\nTRIGGER:-PT5M"])
            + "BEGIN:VEVENT\nUID:s\nRECURRENCE-ID:20261209T090000Z\nDTSTART:20261209T110000Z\nDURATION:PT15M\n"
            + "SUMMARY:Standup (late)\nBEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT30M\nEND:VALARM\nEND:VEVENT\n"
            + "BEGIN:VEVENT\nUID:s\nRECURRENCE-ID:20261210T090000Z\nDTSTART:20261210T090000Z\nDURATION:PT15M\n"
            + "SUMMARY:Standup (no reminder)\nEND:VEVENT\n")
        XCTAssertEqual(due(loaded), ["2026-12-07 08:55 Standup", "2026-12-09 10:30 Standup (late)"])
    }

    func testRemindersDealtWithElsewhereAreSkippedAndASnoozeComesBack() throws {
        let loaded = try file(
            event("k", "Acknowledged", "DTSTART:20261202T140000Z", alarms: [
                "ACTION:DISPLAY\nTRIGGER:-PT10M\nACKNOWLEDGED:20261202T135100Z",
                "ACTION:DISPLAY\nTRIGGER:-PT5M\nACKNOWLEDGED:20261201T000000Z",
            ])
            + event("t", "Thunderbird", "DTSTART:20261203T140000Z", alarms: ["ACTION:DISPLAY\nTRIGGER:-PT30M"],
                    extra: "X-MOZ-LASTACK:20261203T133100Z\nX-MOZ-SNOOZE-TIME:20261203T134500Z\n")
            + event("e", "Mail only", "DTSTART:20261204T140000Z", alarms: ["ACTION:EMAIL\nTRIGGER:-PT30M"]))
        XCTAssertEqual(due(loaded), ["2026-12-02 13:55 Acknowledged", "2026-12-03 13:45 Thunderbird (snoozed)"],
                       "acknowledged before it was due again: the second alarm still comes")
    }

    func testARemindersOnADSTDayFollowTheInstant() throws {
        let berlin = TestSupport.berlin
        // 02:30 on the spring-forward day is 03:30 CEST (01:30 UTC); 45 minutes before is 00:45 UTC.
        let loaded = try file(event("g", "Early train", "DTSTART;TZID=Europe/Berlin:20270328T023000\nDURATION:PT1H",
                                    alarms: ["ACTION:DISPLAY\nTRIGGER:-PT45M"]), zone: berlin)
        XCTAssertEqual(due(loaded, from: "2027-03-27 00:00", to: "2027-03-29 00:00"), ["2027-03-28 00:45 Early train"])
    }

    func testAlarmsThatCannotBeUsedAreSaidAndNeverFlood() throws {
        let many = (0..<10_000).map { "ACTION:DISPLAY\nTRIGGER:-PT\($0 % 60 + 1)M" }
        let loaded = try file(
            event("b", "Broken", "DTSTART:20261202T150000Z", alarms: [
                "ACTION:DISPLAY\nTRIGGER:soon", "ACTION:DISPLAY", "ACTION:DISPLAY\nTRIGGER:-P800D",
                "ACTION:DISPLAY\nTRIGGER:-PT1M\nREPEAT:100000\nDURATION:PT1S",
            ])
            + event("m", "Many", "DTSTART:20261203T150000Z", alarms: many))
        XCTAssertTrue(loaded.warnings.contains("event \"Broken\": a reminder is left out: its TRIGGER “soon” is not a duration or a UTC time"),
                      "\(loaded.warnings)")
        XCTAssertTrue(loaded.warnings.contains("event \"Broken\": a reminder is left out: it has no TRIGGER"))
        XCTAssertTrue(loaded.warnings.contains("event \"Broken\": a reminder is left out: its TRIGGER “-P800D” is more than a year from the plan"))
        XCTAssertTrue(loaded.warnings.contains("event \"Many\": it has 10000 reminders; only the first 20 are used"), "\(loaded.warnings)")
        let all = due(loaded)
        XCTAssertEqual(all.filter { $0.hasSuffix("Broken") }, ["2026-12-02 14:59 Broken"], "a flood of repeats is one reminder")
        XCTAssertEqual(all.filter { $0.hasSuffix("Many") }.count, 20)
    }
}
