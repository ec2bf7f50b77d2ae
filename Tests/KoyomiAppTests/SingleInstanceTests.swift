import Foundation
import TestSupport
@testable import KoyomiApp
import XCTest

/// A second `koyomi FILE` hands FILE to the window that is already running, as GNOME apps do.
final class SingleInstanceTests: XCTestCase {
    func testSecondLaunchOpensItsFileInTheFirstWindow() throws {
        guard TestEnvironment.hasSessionBus else {
            return XCTFail("needs a D-Bus session: run the tests with scripts/test")
        }
        let folder = try TestEnvironment.makeFolder("koyomi-single")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A broken file makes the first window say so on stderr: that is how we see it arrive.
        let second = folder.appendingPathComponent("handed-over.ics")
        try Data("not a calendar\n".utf8).write(to: second)

        let primary = Process()
        primary.executableURL = TestEnvironment.koyomiBinary
        primary.environment = TestEnvironment.childEnvironment()
        let primaryErrors = Pipe()
        primary.standardError = primaryErrors
        try primary.run()
        let errors = PipeReader(primaryErrors)
        defer {
            primary.terminate()
            primary.waitUntilExit()
        }

        // Wait (bounded) until the first instance owns its name on the session bus.
        XCTAssertEqual(try run("/usr/bin/gdbus", ["wait", "--session", "--timeout", "20", KoyomiApplication.applicationID]), 0)

        let start = Date()
        XCTAssertEqual(try run(TestEnvironment.koyomiBinary.path, [second.path]), 0, "the second launch hands over and exits")
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "the second launch must not keep running")
        XCTAssertTrue(errors.wait(for: "handed-over.ics", timeout: 20),
                      "the first window never opened the file: \(errors.text)")
        XCTAssertTrue(primary.isRunning, "the first window is still open")
    }

    private func run(_ path: String, _ arguments: [String]) throws -> Int32 {
        try TestEnvironment.run(URL(fileURLWithPath: path), arguments, environment: TestEnvironment.childEnvironment()).status
    }
}
