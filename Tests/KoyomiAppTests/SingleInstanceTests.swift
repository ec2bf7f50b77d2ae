import Foundation
import TestSupport
@testable import KoyomiApp
import XCTest

/// A second `koyomi FILE` hands FILE to the window that is already running, as GNOME apps do.
final class SingleInstanceTests: XCTestCase {
    /// …and FILE stays: the next start opens it again (issue 14: it used to be forgotten).
    func testSecondLaunchOpensItsFileInTheFirstWindowAndTheNextStartKeepsIt() throws {
        guard TestEnvironment.hasSessionBus else {
            return XCTFail("needs a D-Bus session: run the tests with scripts/test")
        }
        let folder = try TestEnvironment.makeFolder("koyomi-single")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Its own settings and calendars: what it keeps must not reach other tests' windows.
        environment = TestEnvironment.childEnvironment([
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
        ])
        // A calendar with one unreadable event opens with a warning on stderr, naming the
        // file: that is how we see it arrive (a file that does not open at all is not kept).
        let second = folder.appendingPathComponent("handed-over.ics")
        try Data("""
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n\
            BEGIN:VEVENT\r\nUID:good\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261203T100000Z\r\nSUMMARY:Kept\r\nEND:VEVENT\r\n\
            BEGIN:VEVENT\r\nUID:bad\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20260230T100000Z\r\nSUMMARY:Impossible\r\nEND:VEVENT\r\n\
            END:VCALENDAR\r\n
            """.utf8).write(to: second)

        var primary = try startWindow()
        let start = Date()
        XCTAssertEqual(try run(TestEnvironment.koyomiBinary.path, [second.path]), 0, "the second launch hands over and exits")
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "the second launch must not keep running")
        XCTAssertTrue(primary.errors.wait(for: "handed-over.ics: event \"Impossible\"", timeout: 20),
                      "the first window never opened the file: \(primary.errors.text)")
        XCTAssertTrue(primary.process.isRunning, "the first window is still open")
        stop(primary)

        // A new start of the window (no FILE) opens the user's calendars and the kept file.
        primary = try startWindow()
        defer { stop(primary) }
        XCTAssertTrue(primary.errors.wait(for: "handed-over.ics: event \"Impossible\"", timeout: 20),
                      "the next start did not open the handed-over file again: \(primary.errors.text)")
    }

    private var environment = TestEnvironment.childEnvironment()

    private func startWindow() throws -> (process: Process, errors: PipeReader) {
        let process = Process()
        process.executableURL = TestEnvironment.koyomiBinary
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let reader = PipeReader(errors)
        // Wait (bounded) until the instance owns its name on the session bus.
        XCTAssertEqual(try run("/usr/bin/gdbus", ["wait", "--session", "--timeout", "20", KoyomiApplication.applicationID]), 0)
        return (process, reader)
    }

    private func stop(_ window: (process: Process, errors: PipeReader)) {
        window.process.terminate()
        window.process.waitUntilExit()
    }

    private func run(_ path: String, _ arguments: [String]) throws -> Int32 {
        try TestEnvironment.run(URL(fileURLWithPath: path), arguments, environment: environment).status
    }
}
