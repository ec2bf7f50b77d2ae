import Foundation
import TestSupport
import XCTest

/// Reminders as a user gets them: a real `koyomi` (with its window, or `--background`) on a
/// D-Bus session of its own with a real notification server, its clock pinned to
/// 2026-12-02 12:00:00 UTC at start, so "due in 6 seconds" is due 6 seconds after it starts.
final class ReminderNotificationTests: XCTestCase {
    private var server: NotificationServer!
    private var folder: URL!
    private var children: [Process] = []

    override func setUpWithError() throws {
        server = try NotificationServer()
        folder = try TestEnvironment.makeFolder("koyomi-reminders")
        try FileManager.default.createDirectory(at: calendars, withIntermediateDirectories: true)
    }

    override func tearDown() {
        for child in children where child.isRunning {
            child.terminate()
            child.waitUntilExit()
        }
        server?.stop()
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private var calendars: URL { folder.appendingPathComponent("data/koyomi/calendars") }
    private var personal: URL { calendars.appendingPathComponent("personal.ics") }

    private func write(_ events: String) throws {
        let text = "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//test//EN\nX-WR-CALNAME:Personal\n" + events + "END:VCALENDAR\n"
        try Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: personal)
    }

    private func event(_ uid: String, _ title: String, _ times: String, alarm: String) -> String {
        "BEGIN:VEVENT\nUID:\(uid)\nDTSTAMP:20260101T000000Z\n\(times)\nSUMMARY:\(title)\n"
            + "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:\(title)\n\(alarm)\nEND:VALARM\nEND:VEVENT\n"
    }

    /// Starts `koyomi ARGS` on the server's bus; returns when it was started.
    @discardableResult
    private func start(_ arguments: [String]) throws -> (process: Process, started: Date) {
        let process = Process()
        process.executableURL = TestEnvironment.koyomiBinary
        process.arguments = arguments
        process.environment = TestEnvironment.childEnvironment([
            "KOYOMI_NOW": "2026-12-02T12:00:00Z",
            "DBUS_SESSION_BUS_ADDRESS": server.busAddress,
            "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
            // This bus has no accessibility service to wait for.
            "GTK_A11Y": "none",
        ])
        process.standardError = FileHandle.standardError
        let started = Date()
        try process.run()
        children.append(process)
        return (process, started)
    }

    func testRemindersComeOnTimeInTheBackgroundAndMissedOnesTogetherAtStart() throws {
        try write(
            // Missed: today's occurrence of a series at 11:20 (it is still on) and lunch at 11:35.
            event("standup", "Standup", "DTSTART:20261130T113000Z\nDURATION:PT1H\nRRULE:FREQ=DAILY;COUNT=5", alarm: "TRIGGER:-PT10M")
            + event("lunch", "Lunch", "DTSTART:20261202T115000Z\nDTEND:20261202T130000Z", alarm: "TRIGGER:-PT15M")
            // Silent: today's yoga is excluded, and this one was dismissed on another device.
            + event("yoga", "Yoga", "DTSTART:20261130T114500Z\nDURATION:PT1H\nRRULE:FREQ=DAILY;COUNT=5\nEXDATE:20261202T114500Z",
                    alarm: "TRIGGER:-PT5M")
            + event("seen", "Seen elsewhere", "DTSTART:20261202T120300Z\nDTEND:20261202T123000Z",
                    alarm: "TRIGGER:-PT5M\nACKNOWLEDGED:20261202T115900Z")
            // On time: 6 s after the end of one plan, and at an absolute moment 9 s in.
            + event("report", "Report", "DTSTART:20261202T110000Z\nDTEND:20261202T120000Z", alarm: "TRIGGER;RELATED=END:PT6S")
            + event("checkin", "Check in", "DTSTART:20261202T140000Z\nDTEND:20261202T150000Z",
                    alarm: "TRIGGER;VALUE=DATE-TIME:20261202T120009Z"))
        let (_, started) = try start(["--background"])
        XCTAssertTrue(server.wait { posted, _ in posted.count >= 3 }, "posted: \(server.posted)")
        let posted = server.posted
        XCTAssertEqual(posted.map(\.title), ["2 reminders", "Report", "Check in"])
        let missed = try XCTUnwrap(posted.first)
        XCTAssertTrue(missed.body.contains("Standup — Wednesday, December 2, 11:30 AM – 12:30 PM"), missed.body)
        XCTAssertTrue(missed.body.contains("Lunch — Wednesday, December 2, 11:50 AM – 1:00 PM"), missed.body)
        XCTAssertEqual(Set(missed.actions.keys), ["default", "Snooze", "Dismiss"])
        XCTAssertEqual(posted[1].body, "Wednesday, December 2, 11:00 AM – 12:00 PM")
        // On time within a second (the pinned clock starts as the process does).
        XCTAssertEqual(posted[1].arrived.timeIntervalSince(started), 6, accuracy: 1)
        XCTAssertEqual(posted[2].arrived.timeIntervalSince(started), 9, accuracy: 1)
    }

    func testDismissWritesAcknowledgedOnlyAndARestartDoesNotRemindAgain() throws {
        try write(event("dentist", "Dentist", "DTSTART:20261202T121500Z\nDTEND:20261202T130000Z\nLOCATION:Room 4",
                        alarm: "TRIGGER:-PT14M57S"))
        let before = try String(contentsOf: personal, encoding: .utf8)
        let window = try start([])
        XCTAssertTrue(server.wait { posted, _ in posted.count == 1 }, "posted: \(server.posted)")
        let dentist = try XCTUnwrap(server.posted.first)
        XCTAssertEqual(dentist.title, "Dentist")
        XCTAssertEqual(dentist.body, "Wednesday, December 2, 12:15 PM – 1:00 PM\nRoom 4")
        try server.invoke(dentist.id, action: try XCTUnwrap(dentist.actions["Dismiss"]))
        // Koyomi takes the notification back once the answer is saved.
        XCTAssertTrue(server.wait { _, closed in closed.contains(dentist.id) }, "the notification is taken back")
        let after = try String(contentsOf: personal, encoding: .utf8)
        // Only the ACKNOWLEDGED line (the dismissal's time on the pinned clock, UTC) was added.
        let line = try XCTUnwrap(after.components(separatedBy: "\r\n").first { $0.hasPrefix("ACKNOWLEDGED:20261202T1200") })
        XCTAssertEqual(after, before.replacingOccurrences(of: "TRIGGER:-PT14M57S\r\n", with: "TRIGGER:-PT14M57S\r\n\(line)\r\n"))

        window.process.terminate()
        window.process.waitUntilExit()
        // A second run: a new reminder comes, the dismissed one does not come back.
        var text = after
        text = text.replacingOccurrences(of: "END:VCALENDAR", with: event("marker", "Marker", "DTSTART:20261202T130000Z\nDURATION:PT1H",
                                                                          alarm: "TRIGGER:-PT59M58S")
            .replacingOccurrences(of: "\n", with: "\r\n") + "END:VCALENDAR")
        try Data(text.utf8).write(to: personal)
        try start(["--background"])
        XCTAssertTrue(server.wait { posted, _ in posted.count == 2 }, "posted: \(server.posted)")
        XCTAssertEqual(server.posted.map(\.title), ["Dentist", "Marker"])
    }

    func testDeletingThePlanTakesItsNotificationBack() throws {
        try write(event("dentist", "Dentist", "DTSTART:20261202T113000Z\nDTEND:20261202T130000Z", alarm: "TRIGGER:-PT15M"))
        try start(["--background"])
        XCTAssertTrue(server.wait { posted, _ in posted.count == 1 }, "the missed reminder is shown: \(server.posted)")
        let id = try XCTUnwrap(server.posted.first?.id)
        // Another program (a sync, an editor) removes the plan.
        try write("")
        XCTAssertTrue(server.wait { _, closed in closed.contains(id) }, "the notification stays after its plan went")
    }
}
