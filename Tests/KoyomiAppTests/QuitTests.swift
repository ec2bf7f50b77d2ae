import Foundation
import TestSupport
import XCTest

/// Ctrl+Q quits Koyomi, as it quits every GNOME app (issue 35): the real process, real keys.
final class QuitTests: XCTestCase {
    func testCtrlQQuitsEvenWithRemindersInTheBackground() throws {
        let folder = try TestEnvironment.makeFolder("koyomi-quit")
        defer { try? FileManager.default.removeItem(at: folder) }
        let calendar = folder.appendingPathComponent("mine.ics")
        try Data("BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Koyomi tests//EN\nX-WR-CALNAME:Mine\nEND:VCALENDAR\n".utf8).write(to: calendar)
        let app = Process()
        app.executableURL = TestEnvironment.koyomiBinary
        // `--background`: closing the window would only hide it; Ctrl+Q ends the program.
        app.arguments = ["--background", calendar.path]
        app.environment = TestEnvironment.childEnvironment([
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
        ])
        let exited = DispatchSemaphore(value: 0)
        app.terminationHandler = { _ in exited.signal() }
        try app.run()
        defer { if app.isRunning { app.terminate() } }
        // A second launch shows the window of the one in the background.
        let shown = try TestEnvironment.run(TestEnvironment.koyomiBinary, [], environment: app.environment ?? [:])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        let windowID = try MainActor.assumeIsolated {
            let search = try runTool(["xdotool", "search", "--sync", "--onlyvisible", "--pid", "\(app.processIdentifier)"])
            return try XCTUnwrap(search.output.split(separator: "\n").last.map(String.init))
        }
        try MainActor.assumeIsolated {
            XCTAssertEqual(try runTool(["xdotool", "windowfocus", "--sync", windowID]).status, 0)
            XCTAssertEqual(try runTool(["xdotool", "key", "ctrl+q"]).status, 0)
        }
        XCTAssertEqual(exited.wait(timeout: .now() + 30), .success, "Ctrl+Q ended koyomi")
        XCTAssertEqual(app.terminationStatus, 0)
    }
}
