import CalendarModel
import CalendarSync
import Foundation
import ICalendarReading
import XCTest

/// A reminder dismissed here is dealt with everywhere: ACKNOWLEDGED travels through a real
/// Radicale like any other edit, and another device reading the server no longer reminds.
final class ReminderSyncTests: RadicaleSyncTestCase {
    private let alarmed = """
        BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\nX-WR-CALNAME:Work\r\n\
        BEGIN:VEVENT\r\nUID:dentist\r\nDTSTAMP:20261129T120000Z\r\nDTSTART:20261202T090000Z\r\n\
        DTEND:20261202T100000Z\r\nSUMMARY:Dentist\r\n\
        BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Dentist\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\n\
        END:VEVENT\r\nEND:VCALENDAR\r\n
        """

    private func reminders(in text: String) throws -> [Date] {
        let file = try ICalendarFile(text: text, sourceName: "server.ics",
                                     options: ICalendarLoadOptions(id: CalendarID("server"), fallbackColor: "#777777", timeZone: utc,
                                                                   scheduler: LoadScheduler()))
        return file.reminders(in: DateInterval(start: Date(timeIntervalSince1970: 1_796_083_200), duration: 7 * 86_400)).map(\.due)
    }

    func testADismissalGoesToTheServerAndStopsTheOtherDevicesReminder() async throws {
        try await makeCalendar()
        try Data(alarmed.utf8).write(to: URL(fileURLWithPath: calendarPath))
        var report = try await syncer().sync()
        XCTAssertEqual(report.sent, 1)
        var remote = try await serverTexts()
        XCTAssertEqual(try reminders(in: try XCTUnwrap(remote["dentist"])).count, 1, "the other device would remind")

        // Dismissed here at 08:46.
        try editLocally { try $0.acknowledgeReminders(of: Plan.ID(uid: "dentist"), at: Date(timeIntervalSince1970: 1_796_201_160)) }
        report = try await syncer().sync()
        XCTAssertEqual(report.sent, 1, "an acknowledgement is an edit like any other")
        remote = try await serverTexts()
        let text = try XCTUnwrap(remote["dentist"])
        XCTAssertTrue(text.contains("ACKNOWLEDGED:20261202T084600Z"), text)
        XCTAssertEqual(try reminders(in: text), [], "dealt with on this device: the other one stays silent")
    }
}
