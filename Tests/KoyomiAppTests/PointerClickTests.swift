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
            let windowTitle = "Koyomi pointer test \(ProcessInfo.processInfo.processIdentifier)"
            window.window.title = windowTitle
            let search = try runTool(["xdotool", "search", "--sync", "--name", "^\(windowTitle)$"])
            let windowID = try XCTUnwrap(search.output.split(separator: "\n").first.map(String.init),
                                         "xdotool did not find the window")

            try click(cell("2026-11-11"), windowID: windowID)
            XCTAssertTrue(MainLoop.iterate(until: { self.selectedCells() == ["2026-11-11"] }),
                          "a real click on Nov 11 must select it")
            XCTAssertEqual(rowTitles, ["Trip to Kyoto", "Standup"])

            try click(cell("2026-11-11"), windowID: windowID)
            XCTAssertTrue(MainLoop.iterate(until: { self.selectedCells().isEmpty }),
                          "clicking the selected day again deselects it")
            XCTAssertFalse(window.planList.headerTexts.isEmpty, "the list now shows the month's agenda")

            try click(window.pager.nextButton, windowID: windowID)
            XCTAssertTrue(MainLoop.iterate(until: { self.title == "December 2026" }))

            try click(cell("2026-12-16"), windowID: windowID)
            XCTAssertTrue(MainLoop.iterate(until: { self.selectedCells() == ["2026-12-16"] }))
            XCTAssertEqual(rowTitles, ["Standup"])
        }
    }

    /// Moves the pointer to the centre of `target` and clicks the left button.
    @MainActor
    private func click(_ target: DayCell, windowID: String) throws {
        try click(target.button, windowID: windowID)
    }

    @MainActor
    private func click(_ target: Widget, windowID: String) throws {
        let bounds = try XCTUnwrap(target.bounds(relativeTo: window.window), "the widget is not laid out")
        let offset = window.window.surfaceOffset
        let x = Int((offset.x + bounds.x + bounds.width / 2).rounded())
        let y = Int((offset.y + bounds.y + bounds.height / 2).rounded())
        let result = try runTool(["xdotool", "mousemove", "--window", windowID, "\(x)", "\(y)", "click", "1"])
        XCTAssertEqual(result.status, 0, "xdotool failed: \(result.output)")
    }
}
