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
        folder = try TestEnvironment.makeFolder("koyomi-reminders")
        // What D-Bus activation starts: this `koyomi`, in the children's pinned environment.
        let services = folder.appendingPathComponent("share/dbus-1/services")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        try Data("[D-BUS Service]\nName=app.koyomi.Koyomi\nExec=\(TestEnvironment.koyomiBinary.path) --gapplication-service\n".utf8)
            .write(to: services.appendingPathComponent("app.koyomi.Koyomi.service"))
        server = try NotificationServer(busEnvironment: childEnvironment.merging(
            ["XDG_DATA_DIRS": folder.appendingPathComponent("share").path + ":/usr/share"]) { $1 })
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

    private var childEnvironment: [String: String] {
        TestEnvironment.childEnvironment([
            "KOYOMI_NOW": "2026-12-02T12:00:00Z",
            "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
            // This bus has no accessibility service to wait for.
            "GTK_A11Y": "none",
        ])
    }

    /// Whether `process` shows a window within a few seconds (xdotool, on the tests' X server).
    private func showsWindow(_ process: Process, timeout: Double = 20) throws -> Bool {
        let search = try TestEnvironment.run(URL(fileURLWithPath: "/usr/bin/xdotool"),
                                             ["search", "--sync", "--onlyvisible", "--pid", String(process.processIdentifier)],
                                             environment: ProcessInfo.processInfo.environment, timeout: timeout)
        return search.status == 0 && !search.timedOut
    }

    /// Starts `koyomi ARGS` on the server's bus; returns when it was started.
    @discardableResult
    private func start(_ arguments: [String]) throws -> (process: Process, started: Date) {
        let process = Process()
        process.executableURL = TestEnvironment.koyomiBinary
        process.arguments = arguments
        process.environment = childEnvironment.merging(["DBUS_SESSION_BUS_ADDRESS": server.busAddress]) { $1 }
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

    func testTheBackgroundInstanceShowsItsWindowWhenKoyomiIsLaunchedAgain() throws {
        try write(event("dentist", "Dentist", "DTSTART:20261202T113000Z\nDTEND:20261202T130000Z", alarm: "TRIGGER:-PT15M"))
        let background = try start(["--background"])
        XCTAssertTrue(server.wait { posted, _ in posted.count == 1 }, "it reminds with no window: \(server.posted)")
        XCTAssertFalse(try showsWindow(background.process, timeout: 1), "no window in the background")
        let again = try start([])
        again.process.waitUntilExit()
        XCTAssertEqual(again.process.terminationStatus, 0, "the second launch hands over and leaves")
        XCTAssertTrue(try showsWindow(background.process), "the background instance shows its window")
        XCTAssertEqual(server.posted.count, 1, "and does not remind again")
    }

    func testAClickAfterKoyomiStoppedStartsItThroughDBusActivation() throws {
        try write(event("dentist", "Dentist", "DTSTART:20261202T113000Z\nDTEND:20261202T130000Z", alarm: "TRIGGER:-PT15M"))
        let background = try start(["--background"])
        XCTAssertTrue(server.wait { posted, _ in posted.count == 1 }, "posted: \(server.posted)")
        let key = try XCTUnwrap(server.posted.first?.actions["Dismiss"])
        background.process.terminate()
        background.process.waitUntilExit()
        // GNOME Shell activates the application's action over D-Bus; the bus starts Koyomi.
        let target = try XCTUnwrap(key.range(of: "('").map { String(key[$0.upperBound...].dropLast(2)) })
        let call = try TestEnvironment.run(URL(fileURLWithPath: "/usr/bin/gdbus"), [
            "call", "--session", "--dest", "app.koyomi.Koyomi", "--object-path", "/app/koyomi/Koyomi",
            "--method", "org.freedesktop.Application.ActivateAction", "reminder-open", "[<'\(target)'>]", "{}",
        ], environment: childEnvironment.merging(["DBUS_SESSION_BUS_ADDRESS": server.busAddress]) { $1 }, timeout: 30)
        XCTAssertEqual(call.status, 0, call.stderr)
        let found = try TestEnvironment.run(URL(fileURLWithPath: "/usr/bin/xdotool"),
                                            ["search", "--sync", "--onlyvisible", "--name", "^Koyomi$"],
                                            environment: ProcessInfo.processInfo.environment, timeout: 20)
        XCTAssertEqual(found.status, 0, "the click opened Koyomi's window")
        // The started Koyomi leaves with the bus at the end of the test.
        let pid = try TestEnvironment.run(URL(fileURLWithPath: "/usr/bin/xdotool"), ["getwindowpid", found.stdout.split(separator: "\n").first.map(String.init) ?? ""],
                                          environment: ProcessInfo.processInfo.environment, timeout: 10)
        if let activated = Int32(pid.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) { kill(activated, SIGTERM) }
    }

    func testDismissAfterKoyomiStoppedIsSavedByAKoyomiTheBusStartsWhichThenLeaves() throws {
        try write(event("dentist", "Dentist", "DTSTART:20261202T113000Z\nDTEND:20261202T130000Z", alarm: "TRIGGER:-PT15M"))
        let background = try start(["--background"])
        XCTAssertTrue(server.wait { posted, _ in posted.count == 1 }, "posted: \(server.posted)")
        let key = try XCTUnwrap(server.posted.first?.actions["Dismiss"])
        background.process.terminate()
        background.process.waitUntilExit()
        let bus = childEnvironment.merging(["DBUS_SESSION_BUS_ADDRESS": server.busAddress]) { $1 }
        let target = try XCTUnwrap(key.range(of: "('").map { String(key[$0.upperBound...].dropLast(2)) })
        let call = try TestEnvironment.run(URL(fileURLWithPath: "/usr/bin/gdbus"), [
            "call", "--session", "--dest", "app.koyomi.Koyomi", "--object-path", "/app/koyomi/Koyomi",
            "--method", "org.freedesktop.Application.ActivateAction", "reminder-dismiss", "[<'\(target)'>]", "{}",
        ], environment: bus, timeout: 30)
        XCTAssertEqual(call.status, 0, call.stderr)
        let owner = try TestEnvironment.run(URL(fileURLWithPath: "/usr/bin/gdbus"), [
            "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
            "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", "app.koyomi.Koyomi",
        ], environment: bus, timeout: 10)
        // "(uint32 1234,)"; the Koyomi may even have left already (then there is no owner).
        if let pid = owner.stdout.split(whereSeparator: { !$0.isNumber }).compactMap({ Int32($0) }).last(where: { $0 > 1 }) {
            let gone = try TestEnvironment.run(URL(fileURLWithPath: "/usr/bin/tail"), ["--pid", String(pid), "-f", "/dev/null"],
                                               environment: [:], timeout: 30)
            XCTAssertFalse(gone.timedOut, "started only to save the answer, it leaves (no background reminders)")
        }
        let text = try String(contentsOf: personal, encoding: .utf8)
        XCTAssertTrue(text.contains("ACKNOWLEDGED:20261202T12"), text)
    }
}
