import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// End to end with real pointer events: xdotool sends XTEST clicks to the centre of a day
/// cell on the Xvfb screen, and the plan list must follow.
final class PointerClickTests: AppTestCase {
    func testRealClicksOnCellsDriveThePlanList() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path])
            let windowID = try findWindow()

            try click(cell("2026-11-11"), windowID: windowID)
            XCTAssertTrue(MainLoop.iterate(until: { self.selectedCells() == ["2026-11-11"] }),
                          "a real click on Nov 11 must select it")
            XCTAssertEqual(rowTitles, ["Trip to Kyoto", "Standup"])

            // Another spot of the cell, farther than a double click may stray: a click of its own.
            try click(cell("2026-11-11"), windowID: windowID, offset: (x: 20, y: 14))
            XCTAssertTrue(MainLoop.iterate(until: { self.selectedCells().isEmpty }),
                          "clicking the selected day again deselects it")
            XCTAssertFalse(window.planList.headerTexts.isEmpty, "the list now shows the month's agenda")

            try click(window.header.nextButton, windowID: windowID)
            XCTAssertTrue(MainLoop.iterate(until: { self.title == "December 2026" }))

            try click(cell("2026-12-16"), windowID: windowID)
            XCTAssertTrue(MainLoop.iterate(until: { self.selectedCells() == ["2026-12-16"] }))
            XCTAssertEqual(rowTitles, ["Standup"])
        }
    }

    /// A double click on a day selects it, whatever was selected; it never deselects; and it
    /// opens a new plan on that day (issue 19).
    func testADoubleClickSelectsTheDayAndNeverDeselects() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path])
            let windowID = try findWindow()
            // However long a loaded machine takes between the two clicks, they stay one double click.
            let usual = GtkRuntime.doubleClickMilliseconds
            GtkRuntime.doubleClickMilliseconds = 10_000
            defer { GtkRuntime.doubleClickMilliseconds = usual }

            try click(cell("2026-11-18"), windowID: windowID, times: 2)
            XCTAssertTrue(MainLoop.iterate(until: { self.selectedCells() == ["2026-11-18"] }),
                          "a double click on a day leaves it selected")
            MainLoop.drain()
            XCTAssertEqual(selectedCells(), ["2026-11-18"])
            XCTAssertEqual(rowTitles, ["Breakfast", "Standup", "Lunch", "Review", "Dinner"], "its plans, not the month’s agenda")
            XCTAssertTrue(MainLoop.iterate(until: { self.controller.editing.editor != nil }), "a new plan opens on it")
            XCTAssertEqual(controller.editing.editor?.form.startDateText, "2026-11-18")
            controller.editing.editor?.close()
            MainLoop.drain()

            try click(cell("2026-11-18"), windowID: windowID, times: 2)
            MainLoop.drain()
            XCTAssertTrue(MainLoop.iterate(until: { self.window.planList.rows.count == 5 }))
            XCTAssertEqual(selectedCells(), ["2026-11-18"], "a double click on the selected day keeps it selected")
            XCTAssertTrue(MainLoop.iterate(until: { self.controller.editing.editor != nil }))
            controller.editing.editor?.close()
        }
    }

    @MainActor
    private func findWindow() throws -> String {
        let windowTitle = "Koyomi pointer test \(ProcessInfo.processInfo.processIdentifier)"
        window.window.title = windowTitle
        let search = try runTool(["xdotool", "search", "--sync", "--name", "^\(windowTitle)$"])
        return try XCTUnwrap(search.output.split(separator: "\n").first.map(String.init), "xdotool did not find the window")
    }

    /// Moves the pointer to the centre of `target` (or `offset` from it) and clicks the left
    /// button `times` times in a row.
    @MainActor
    private func click(_ target: DayCell, windowID: String, offset: (x: Double, y: Double) = (0, 0), times: Int = 1) throws {
        try click(target.button, windowID: windowID, offset: offset, times: times)
    }

    @MainActor
    private func click(_ target: Widget, windowID: String, offset: (x: Double, y: Double) = (0, 0), times: Int = 1) throws {
        let bounds = try XCTUnwrap(target.bounds(relativeTo: window.window), "the widget is not laid out")
        let surface = window.window.surfaceOffset
        let x = Int((surface.x + bounds.x + bounds.width / 2 + offset.x).rounded())
        let y = Int((surface.y + bounds.y + bounds.height / 2 + offset.y).rounded())
        let result = try runTool(["xdotool", "mousemove", "--window", windowID, "\(x)", "\(y)",
                                  "click", "--repeat", "\(times)", "--delay", "40", "1"])
        XCTAssertEqual(result.status, 0, "xdotool failed: \(result.output)")
    }
}
