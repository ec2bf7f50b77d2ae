import Foundation
import TestSupport
import XCTest

/// Koyomi's plans in GNOME Shell's clock, with the real programs in a private D-Bus session
/// (eds-clock.py): `koyomi --background` writes its EDS source, the real
/// evolution-source-registry loads it (alarms left out as EDS parses it), the real
/// evolution-calendar-factory reads Koyomi's file through the local backend, and the real
/// gnome-shell-calendar-server lists the plan after SetTimeRange; a plan changed in the file
/// follows without a new request, and the calendar renamed in its file follows in the registry;
/// a plan another program adds through EDS lands in Koyomi's file and the running Koyomi has it.
final class DesktopClockTests: XCTestCase {
    func testPlansReachTheShellsCalendarServerAndChangesFollow() throws {
        for program in ["/usr/libexec/evolution-source-registry", "/usr/libexec/evolution-calendar-factory",
                        "/usr/libexec/gnome-shell-calendar-server", "/usr/bin/dbus-run-session"] {
            XCTAssertTrue(FileManager.default.isExecutableFile(atPath: program),
                          "\(program) is missing: scripts/setup --test installs evolution-data-server and gnome-shell")
        }
        let scratch = try TestEnvironment.makeFolder("desktop-clock")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let data = scratch.appendingPathComponent("data")
        let calendars = data.appendingPathComponent("koyomi/calendars")
        try FileManager.default.createDirectory(at: calendars, withIntermediateDirectories: true)
        let calendar = calendars.appendingPathComponent("work.ics")
        // An alarm, which evolution-alarm-notify must not give again (IncludeMe=false).
        try Data("""
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//EN
        X-WR-CALNAME:Work
        X-APPLE-CALENDAR-COLOR:#3584e4
        BEGIN:VEVENT
        UID:meeting-1@test
        DTSTAMP:20261101T000000Z
        DTSTART:20261129T140000Z
        DTEND:20261129T150000Z
        SUMMARY:Team meeting
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER:-PT15M
        DESCRIPTION:Team meeting
        END:VALARM
        END:VEVENT
        END:VCALENDAR

        """.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: calendar)

        // The week around the pinned now (Sunday 2026-11-29 12:00 UTC), as the clock asks.
        let since = Int(ISO8601DateFormatter().date(from: "2026-11-22T00:00:00Z")!.timeIntervalSince1970)
        let until = Int(ISO8601DateFormatter().date(from: "2026-12-06T00:00:00Z")!.timeIntervalSince1970)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("eds-clock.py")
        // Every daemon the session starts sees these folders, never the machine's.
        let environment = TestEnvironment.childEnvironment([
            "KOYOMI_NOW": "2026-11-29T12:00:00Z",
            "XDG_DATA_HOME": data.path,
            "XDG_CONFIG_HOME": scratch.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path,
            "GSETTINGS_BACKEND": "memory",
        ])
        let session = try TestEnvironment.run(URL(fileURLWithPath: "/usr/bin/dbus-run-session"), [
            "--", "/usr/bin/python3", script.path, TestEnvironment.koyomiBinary.path, calendar.path,
            String(since), String(until),
        ], environment: environment, timeout: 240)
        let steps = session.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(session.status, 0, session.stdout + session.stderr.suffix(4_000))
        // Each step's first words (the source's name holds a hash of the scratch path).
        XCTAssertEqual(steps.filter { $0.hasPrefix("OK ") }.map { $0.split(separator: " ").prefix(3).joined(separator: " ") },
                       ["OK koyomi wrote", "OK the registry", "OK the calendar", "OK the changed", "OK the renamed",
                        "OK a plan", "OK the running"],
                       session.stdout)
        XCTAssertTrue(steps.contains("OK the calendar server lists 'Team meeting'"), session.stdout)
        XCTAssertTrue(steps.contains("OK the changed plan follows: 'Team lunch'"), session.stdout)
        XCTAssertEqual(steps.last, "PASS")
    }
}
