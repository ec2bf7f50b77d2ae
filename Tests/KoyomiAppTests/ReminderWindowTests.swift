import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// Reminders in the window's own process, with its clock injected: Snooze brings a reminder
/// back after the snooze time, a click opens the plan's day, a flood of alarms is one
/// notification. (ReminderNotificationTests sees the same through a real notification server.)
final class ReminderWindowTests: AppTestCase {
    /// What the window would show on the desktop, in order.
    @MainActor final class Recorder: ReminderNotifying {
        var sent: [(id: String, notification: DesktopNotification)] = []
        var withdrawn: [String] = []
        func send(_ notification: DesktopNotification, id: String) { sent.append((id, notification)) }
        func withdrawNotification(id: String) { withdrawn.append(id) }
    }

    private func calendar(_ events: String) throws -> String {
        try writeCalendar("personal.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nX-WR-CALNAME:Personal\r\n"
            + events.replacingOccurrences(of: "\n", with: "\r\n") + "END:VCALENDAR\r\n")
    }

    @MainActor private func startReminders(_ paths: [String]) -> (WindowController, Recorder) {
        let controller = openWindow(paths)
        let recorder = Recorder()
        controller.startReminders(notifier: recorder, stateFile: nil)
        controller.reminders?.start()
        waitUntilWorkedOut(controller)
        return (controller, recorder)
    }

    @MainActor private func waitUntilWorkedOut(_ controller: WindowController) {
        // An answer is written on the save queue, then the calendar read back, then the reminders worked out again.
        XCTAssertTrue(MainLoop.iterate(until: {
            !controller.isSaving && controller.reminders?.isComputing == false && !controller.isLoading
        }, timeout: 10))
    }

    @MainActor private func button(_ label: String, of notification: DesktopNotification) throws -> DesktopNotification.Button {
        try XCTUnwrap(notification.buttons.first { $0.label == label }, "no \(label) button")
    }

    func testSnoozeBringsTheReminderBackAfterTheSnoozeTimeAndDismissEndsIt() throws {
        // Now is 2026-11-29 12:00 UTC: the reminder is due now.
        let path = try calendar("""
            BEGIN:VEVENT
            UID:dentist
            DTSTAMP:20260101T000000Z
            DTSTART:20261129T121500Z
            DTEND:20261129T130000Z
            SUMMARY:Dentist
            BEGIN:VALARM
            ACTION:DISPLAY
            DESCRIPTION:Dentist
            TRIGGER:-PT15M
            END:VALARM
            END:VEVENT

            """)
        try MainActor.assumeIsolated {
            let (controller, recorder) = startReminders([path])
            XCTAssertEqual(recorder.sent.map(\.notification.title), ["Dentist"])
            let first = try XCTUnwrap(recorder.sent.first)
            let snooze = try button("Snooze", of: first.notification)
            XCTAssertEqual(snooze.action, "app.reminder-snooze")
            controller.reminders?.perform(ReminderNotice.snoozeAction, target: snooze.target)
            waitUntilWorkedOut(controller)
            XCTAssertEqual(recorder.withdrawn, [first.id], "a snoozed notification goes away")
            let written = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertTrue(written.contains("TRIGGER;VALUE=DATE-TIME:20261129T121000Z\r\n"), "10 minutes, the default:\n\(written)")

            // Nine minutes later nothing; ten minutes later it is back, once.
            currentNow = AppTestCase.now.addingTimeInterval(9 * 60)
            controller.reminders?.check()
            XCTAssertEqual(recorder.sent.count, 1)
            currentNow = AppTestCase.now.addingTimeInterval(10 * 60 + 1)
            controller.reminders?.check()
            controller.reminders?.check()
            XCTAssertEqual(recorder.sent.map(\.notification.title), ["Dentist", "Dentist"])

            let again = try XCTUnwrap(recorder.sent.last)
            controller.reminders?.perform(ReminderNotice.dismissAction, target: try button("Dismiss", of: again.notification).target)
            waitUntilWorkedOut(controller)
            let dismissed = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertFalse(dismissed.contains("RELTYPE=SNOOZE"), dismissed)
            XCTAssertTrue(dismissed.contains("ACKNOWLEDGED:20261129T121001Z\r\n"), dismissed)
            controller.reminders?.check()
            XCTAssertEqual(recorder.sent.count, 2, "dismissed is done")
        }
    }

    func testAClickOpensThePlansDayWithThePlanSelected() throws {
        // Two days ahead, in December: reminded two days and an hour before.
        let path = try calendar("""
            BEGIN:VEVENT
            UID:call
            DTSTAMP:20260101T000000Z
            DTSTART:20261201T090000Z
            DTEND:20261201T093000Z
            SUMMARY:Call the bank
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER:-P2DT1H
            END:VALARM
            END:VEVENT
            BEGIN:VEVENT
            UID:other
            DTSTAMP:20260101T000000Z
            DTSTART:20261201T080000Z
            DTEND:20261201T083000Z
            SUMMARY:Breakfast
            END:VEVENT

            """)
        try MainActor.assumeIsolated {
            let (controller, recorder) = startReminders([path])
            let notification = try XCTUnwrap(recorder.sent.first?.notification)
            XCTAssertEqual(notification.clickAction, "app.reminder-open")
            controller.reminders?.perform(ReminderNotice.openAction, target: notification.clickTarget)
            paintOnce()
            XCTAssertEqual(title, "December 2026")
            XCTAssertEqual(selectedCells(), ["2026-12-01"])
            XCTAssertTrue(MainLoop.iterate(until: { self.window.planList.focusedPlanTitle == "Call the bank" }, timeout: 5),
                          "focused: \(String(describing: window.planList.focusedPlanTitle))")
        }
    }

    func testTenThousandAlarmsOnOnePlanAreOneNotification() throws {
        let alarms = (1...10_000).map { "BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT\($0)S\nEND:VALARM\n" }.joined()
        let path = try calendar("BEGIN:VEVENT\nUID:flood\nDTSTAMP:20260101T000000Z\nDTSTART:20261129T130000Z\n"
            + "DTEND:20261129T140000Z\nSUMMARY:Flood\n" + alarms + "END:VEVENT\n")
        MainActor.assumeIsolated {
            let (controller, recorder) = startReminders([path])
            XCTAssertEqual(recorder.sent.map(\.notification.title), [], "the 20 alarms kept are all still to come")
            XCTAssertTrue(window.errors.messages.contains { $0.contains("only the first 20 are used") }, "\(window.errors.messages)")
            // A second before the start all 20 have come due: one notification says so.
            currentNow = AppTestCase.now.addingTimeInterval(3_599)
            controller.reminders?.check()
            XCTAssertEqual(recorder.sent.map(\.notification.title), ["Flood"])
        }
    }

    func testOnTheDayClocksGoForwardTheReminderComesAtTheRightInstant() throws {
        // Berlin, 2027-03-28: 02:00 becomes 03:00. 09:00 CEST is 07:00 UTC; 15 minutes before is 06:45 UTC.
        currentZone = try XCTUnwrap(TimeZone(identifier: "Europe/Berlin"))
        currentNow = Date(timeIntervalSince1970: 1_806_216_000) // 2027-03-28 06:40 UTC
        let path = try calendar("""
            BEGIN:VEVENT
            UID:brunch
            DTSTAMP:20260101T000000Z
            DTSTART;TZID=Europe/Berlin:20270328T090000
            DTEND;TZID=Europe/Berlin:20270328T100000
            SUMMARY:Brunch
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER:-PT15M
            END:VALARM
            END:VEVENT

            """)
        MainActor.assumeIsolated {
            let (controller, recorder) = startReminders([path])
            XCTAssertEqual(recorder.sent.count, 0)
            currentNow = Date(timeIntervalSince1970: 1_806_216_000 + 299) // 06:44:59 UTC
            controller.reminders?.check()
            XCTAssertEqual(recorder.sent.count, 0, "not an hour early, though the clocks moved")
            currentNow = Date(timeIntervalSince1970: 1_806_216_000 + 300) // 06:45 UTC = 08:45 CEST
            controller.reminders?.check()
            XCTAssertEqual(recorder.sent.map(\.notification.title), ["Brunch"])
            XCTAssertEqual(recorder.sent.first?.notification.body.replacingOccurrences(of: "\u{202F}", with: " "),
                           "Sunday, March 28, 9:00 AM – 10:00 AM")
        }
    }
}
