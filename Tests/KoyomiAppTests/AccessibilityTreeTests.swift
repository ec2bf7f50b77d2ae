import Foundation
import GtkKit
import TestSupport
import XCTest

/// What a screen reader gets: the real `koyomi` process read from outside over AT-SPI.
final class AccessibilityTreeTests: XCTestCase {
    private struct Node: Decodable {
        var role: String
        var name: String
        var description: String
        var states: [String]
    }

    func testScreenReaderSeesLabelledDaysButtonsAndPlanList() throws {
        guard TestEnvironment.hasSessionBus else {
            return XCTFail("needs a D-Bus session: run the tests with scripts/test")
        }
        let folder = try TestEnvironment.makeFolder("koyomi-a11y")
        defer { try? FileManager.default.removeItem(at: folder) }
        let calendar = folder.appendingPathComponent("a11y.ics")
        try Data("""
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//EN
        BEGIN:VEVENT
        UID:one
        DTSTART;VALUE=DATE:20261110
        SUMMARY:Dentist
        END:VEVENT
        END:VCALENDAR
        """.utf8).write(to: calendar)

        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let app = Process()
        app.executableURL = TestEnvironment.koyomiBinary
        app.arguments = ["--month", "2026-11", calendar.path]
        app.environment = TestEnvironment.childEnvironment(["LANG": "en_US.UTF-8"])
        try app.run()
        defer { app.terminate(); app.waitUntilExit() }

        let reader = try MainActor.assumeIsolated {
            try runTool([here.appendingPathComponent("atspi-tree.py").path, "koyomi", "30"], timeout: 40)
        }
        XCTAssertEqual(reader.status, 0, "koyomi never showed up over AT-SPI")
        let nodes = try JSONDecoder().decode([Node].self, from: Data(reader.output.utf8))

        let buttons = nodes.filter { $0.role == "push button" }.map(\.name)
        for label in ["Previous month", "Next month", "Today"] {
            XCTAssertTrue(buttons.contains(label), "no button named “\(label)” in \(buttons)")
        }
        let days = buttons.filter { $0.contains(", 2026, ") || $0.contains(", 2025, ") }
        XCTAssertEqual(days.count, 42, "every day cell is a labelled button")
        XCTAssertTrue(days.contains("Tuesday, November 10, 2026, 1 plan"), "\(days)")
        XCTAssertTrue(days.contains("Wednesday, November 11, 2026, no plans"))
        XCTAssertTrue(nodes.contains { $0.role == "label" && $0.name == "November 2026" }, "the month title is read")
        XCTAssertTrue(nodes.contains { $0.role == "list" && $0.name == "Plans" }, "the plan list is named")
    }
}
