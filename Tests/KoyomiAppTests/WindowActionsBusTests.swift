import Foundation
import TestSupport
@testable import KoyomiApp
import XCTest

/// The window's actions are reachable over D-Bus (`org.gtk.Actions` on the window's object
/// path), as GNOME's tools expect: the real `koyomi` process, driven from outside, read back
/// over AT-SPI as a screen reader would.
final class WindowActionsBusTests: XCTestCase {
    private struct Node: Decodable {
        var role: String
        var name: String
        var states: [String]
    }

    func testViewAndNextActivatedOverDBusChangeWhatTheWindowShows() throws {
        guard TestEnvironment.hasSessionBus else {
            return XCTFail("needs a D-Bus session: run the tests with scripts/test")
        }
        let folder = try TestEnvironment.makeFolder("koyomi-actions-bus")
        defer { try? FileManager.default.removeItem(at: folder) }
        let calendar = folder.appendingPathComponent("mine.ics")
        try Data("BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Koyomi tests//EN\nX-WR-CALNAME:Mine\nEND:VCALENDAR\n".utf8).write(to: calendar)
        // Wide enough for the header's view switch beside a week's title (a narrower header
        // folds it into the menu, out of the tree).
        let config = folder.appendingPathComponent("config/koyomi")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("[Window]\nwidth=1200\nheight=800\n".utf8).write(to: config.appendingPathComponent("settings.ini"))
        let app = Process()
        app.executableURL = TestEnvironment.koyomiBinary
        app.arguments = [calendar.path]
        // Its own clock (a Sunday), whatever day the suite runs on: the titles below depend on it.
        app.environment = TestEnvironment.childEnvironment([
            "KOYOMI_NOW": "2026-11-29T12:00:00Z",
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
            "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
        ])
        try app.run()
        defer {
            app.terminate()
            app.waitUntilExit()
        }
        let registered = try MainActor.assumeIsolated {
            try runTool(["gdbus", "wait", "--session", "--timeout", "20", KoyomiApplication.applicationID], timeout: 30).status
        }
        XCTAssertEqual(registered, 0, "koyomi never took its name on the bus")
        var nodes = try readTree(until: { $0.contains { $0.role == "label" && $0.name == "November 2026" } })
        XCTAssertTrue(isChecked("Month view", in: nodes), "the month view is shown at start: \(toggles(nodes))")

        try activate("view", "[<'week'>]")
        nodes = try readTree(until: { $0.contains { $0.role == "label" && $0.name == "Nov 29 – Dec 5, 2026" } }, buttons: 5)
        XCTAssertTrue(nodes.contains { $0.role == "label" && $0.name == "Nov 29 – Dec 5, 2026" },
                      "the header shows today's week: \(nodes.filter { $0.role == "label" }.map(\.name))")
        XCTAssertTrue(isChecked("Week view", in: nodes), "the view switch says week: \(toggles(nodes))")
        XCTAssertFalse(isChecked("Month view", in: nodes))

        try activate("next", "[]")
        nodes = try readTree(until: { $0.contains { $0.role == "label" && $0.name == "Dec 6 – Dec 12, 2026" } }, buttons: 5)
        XCTAssertTrue(nodes.contains { $0.role == "label" && $0.name == "Dec 6 – Dec 12, 2026" },
                      "Next paged a week: \(nodes.filter { $0.role == "label" }.map(\.name))")

        let described = try call(["org.gtk.Actions.Describe", "view"])
        XCTAssertTrue(described.contains("<'week'>"), "the state over D-Bus: \(described)")
    }

    private static let path = "/app/koyomi/Koyomi/window/1"

    private func activate(_ action: String, _ parameter: String) throws {
        _ = try call(["org.gtk.Actions.Activate", action, parameter, "{}"])
    }

    private func call(_ method: [String]) throws -> String {
        let result = try MainActor.assumeIsolated {
            try runTool(["gdbus", "call", "--session", "--dest", KoyomiApplication.applicationID,
                         "--object-path", Self.path, "--method"] + method)
        }
        XCTAssertEqual(result.status, 0, "gdbus call \(method) failed: \(result.output)")
        return result.output
    }

    private func toggles(_ nodes: [Node]) -> [String] {
        nodes.filter { $0.name.hasSuffix(" view") }.map { "\($0.role) \($0.name) \($0.states)" }
    }

    private func isChecked(_ name: String, in nodes: [Node]) -> Bool {
        // GTK 4.8 exposes a toggle button as a push button that is "pressed" while in.
        nodes.contains { $0.role.hasSuffix("button") && $0.name == name && $0.states.contains("pressed") }
    }

    /// Reads the tree until `settled` holds, for at most `timeout` seconds (each read is a round
    /// trip over the bus). `buttons`: read once the window shows more push buttons than that.
    private func readTree(until settled: ([Node]) -> Bool, timeout: TimeInterval = 30, buttons: Int = 40) throws -> [Node] {
        let deadline = ProcessInfo.processInfo.systemUptime + timeout
        var nodes = try readTree(buttons: buttons)
        while !settled(nodes), ProcessInfo.processInfo.systemUptime < deadline { nodes = try readTree(buttons: buttons) }
        return nodes
    }

    private func readTree(buttons: Int) throws -> [Node] {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let reader = try MainActor.assumeIsolated {
            try runTool([here.appendingPathComponent("atspi-tree.py").path, "koyomi", "30", String(buttons)], timeout: 40)
        }
        XCTAssertEqual(reader.status, 0, "koyomi never showed up over AT-SPI")
        return try JSONDecoder().decode([Node].self, from: Data(reader.output.utf8))
    }
}
