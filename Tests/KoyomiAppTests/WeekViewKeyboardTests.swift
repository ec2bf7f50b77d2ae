import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The week view from the keyboard (issue 35): the focus lands on the selected day, the day
/// headers are one stop for Tab, and Delete deletes the selected plan.
final class WeekViewKeyboardTests: WeekViewTestCase, @unchecked Sendable {
    /// The index in the shown span of `day`.
    @MainActor
    private func column(_ day: String) throws -> Int {
        try XCTUnwrap(week.state?.span.days.firstIndex(of: CalendarDay(parsing: day)!), "\(day) is not shown")
    }

    func testSwitchingToTheWeekFocusesTheSelectedDayAndTabLeavesItsHeaders() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            controller.store.show(CalendarDay(parsing: "2026-11-20")!)
            window.grid.focusBestCell()
            try switchToWeek()
            let friday = week.headers[try column("2026-11-20")]
            XCTAssertTrue(MainLoop.iterate(until: { friday.hasFocus }),
                          "Friday is selected and has no plans: its header has the focus, not Sunday's")
            XCTAssertTrue(friday.showsFocusRing, "with its ring")
            try pressKeys(["Tab"])
            XCTAssertFalse(week.headers.contains { $0.hasFocus }, "Tab leaves the day headers, not walks them")
            try pressKeys(["shift+Tab"])
            XCTAssertTrue(MainLoop.iterate(until: { friday.hasFocus }), "Shift+Tab comes back to the selected day")

            try pressKeys(["Right"])
            XCTAssertTrue(MainLoop.iterate(until: { self.controller.store.selection?.description == "2026-11-21" }))
            let saturday = week.headers[try column("2026-11-21")]
            XCTAssertTrue(MainLoop.iterate(until: { saturday.hasFocus }), "the focus follows the selected day")

            // A day with plans: the focus on its first plan.
            try pressKeys(["ctrl+1"])
            controller.store.show(CalendarDay(parsing: "2026-11-18")!)
            window.grid.focusBestCell()
            try switchToWeek()
            let breakfast = try block("Breakfast", on: "2026-11-18")
            XCTAssertTrue(MainLoop.iterate(until: { breakfast.button.hasFocus }), "the selected day's first plan has the focus")
        }
    }

    func testDeleteDeletesTheSelectedPlanAndTheFocusStaysInTheWeek() throws {
        try MainActor.assumeIsolated {
            try openEditableWeek()
            let review = try block("Review", on: "2026-11-18")
            let place = try XCTUnwrap(review.button.bounds(relativeTo: window.window))
            let surface = window.window.surfaceOffset
            XCTAssertEqual(try runTool(["xdotool", "mousemove", "\(Int(surface.x + place.x + place.width / 2))",
                                        "\(Int(surface.y + place.y + 8))", "click", "1"]).status, 0)
            XCTAssertTrue(MainLoop.iterate(until: { (try? self.block("Review", on: "2026-11-18").button.hasCSSClass("selected")) == true }),
                          "a click selects the plan")
            try pressKeys(["Delete"])
            waitForSaves()
            XCTAssertFalse(titles(on: "2026-11-18").contains("Review"), "Delete deleted the selected plan")
            XCTAssertFalse(try String(contentsOfFile: controller.openFiles[0].path, encoding: .utf8).contains("SUMMARY:Review"))
            XCTAssertTrue(MainLoop.iterate(until: { self.week.root.containsFocus }), "the focus stays in the week")
            try pressKeys(["ctrl+z"])
            XCTAssertTrue(MainLoop.iterate(until: { self.titles(on: "2026-11-18").contains("Review") }), "Undo brings it back")
        }
    }

    /// Search and a start in the week view hand the keyboard to the week, not to the hidden
    /// month grid behind it (issue 36's two focus bugs).
    func testSearchAndAStartInTheWeekGiveTheKeyboardToTheWeek() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            controller.store.show(CalendarDay(parsing: "2026-11-18")!)
            window.grid.focusBestCell()
            try switchToWeek()
            try pressKeys(["ctrl+f"])
            XCTAssertTrue(MainLoop.iterate(until: { self.window.searchEntry.containsFocus }))
            try pressKeys(["Escape"])
            XCTAssertTrue(MainLoop.iterate(until: { self.week.root.containsFocus }), "closing search: the week has the keyboard")
            XCTAssertFalse(window.grid.root.containsFocus, "not the hidden month")

            try pressKeys(["ctrl+f"])
            XCTAssertTrue(MainLoop.iterate(until: { self.window.searchEntry.containsFocus }))
            for character in "lunch" { try pressKeys([String(character)]) }
            try pressKeys(["Return"])
            XCTAssertTrue(MainLoop.iterate(until: { !self.window.searchResults.root.isVisible }))
            XCTAssertTrue(MainLoop.iterate(until: { self.week.root.containsFocus }), "a chosen result: the week has the keyboard")

            controller.rememberWindowState()
            closeWindow()
            _ = openWindow([path])
            XCTAssertTrue(week.root.isMapped, "the week view again")
            XCTAssertTrue(MainLoop.iterate(until: { self.week.root.containsFocus }), "a start in the week: the week has the keyboard")
            XCTAssertFalse(window.grid.root.containsFocus)
        }
    }
}
