import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// A plan moved in the week view stays in sight (issue 35): the grid keeps its scroll, and the
/// moved plan and its new day are selected, the focus on it for the next key.
final class WeekViewMoveTests: WeekViewTestCase, @unchecked Sendable {
    /// Checks that the grid is still scrolled to `offset`, that `title` on `day` is selected,
    /// focused and drawn inside the grid's visible part, and that `day` is the selected day.
    @MainActor
    private func assertInSight(_ title: String, on day: String, offset: Double, _ what: String) throws {
        XCTAssertEqual(week.scroller.verticalOffset, offset, accuracy: 1, "\(what): the grid keeps its scroll")
        XCTAssertEqual(controller.store.selection?.description, day, "\(what): the plan's new day is selected")
        let moved = try block(title, on: day)
        XCTAssertTrue(MainLoop.iterate(until: { moved.button.hasFocus }), "\(what): the focus is on the moved plan")
        XCTAssertTrue(moved.button.hasCSSClass("selected"), "\(what): the moved plan is selected")
        let place = try XCTUnwrap(moved.button.bounds(relativeTo: week.scroller))
        XCTAssertGreaterThanOrEqual(place.y, 0, "\(what): not above the visible grid")
        XCTAssertLessThanOrEqual(place.y + place.height, Double(week.scroller.allocatedHeight), "\(what): not below it")
    }

    func testMovingAPlanWithKeysOrThePointerKeepsTheScrollAndSelectsItAndItsDay() throws {
        try MainActor.assumeIsolated {
            try openEditableWeek()
            let offset = week.scroller.verticalOffset
            XCTAssertTrue(try block("Review", on: "2026-11-18").button.grabFocus())
            try pressKeys(["ctrl+Right"])
            XCTAssertTrue(MainLoop.iterate(until: { self.titles(on: "2026-11-19").contains("Review") }), "a day later")
            paintOnce()
            try assertInSight("Review", on: "2026-11-19", offset: offset, "Ctrl+→")

            try pressKeys(["ctrl+Down"])
            XCTAssertTrue(MainLoop.iterate(until: { self.plain(try? self.block("Review", on: "2026-11-19").timeText) == "3:15 PM – 4:15 PM" }),
                          "the next key moves the same plan")
            paintOnce()
            try assertInSight("Review", on: "2026-11-19", offset: offset, "Ctrl+↓")

            let review = try frame(try block("Review", on: "2026-11-19").button)
            try drag(from: (review.x + review.width / 2, review.y + 10), by: (review.width + 2, 0))
            XCTAssertTrue(MainLoop.iterate(until: { self.titles(on: "2026-11-20").contains("Review") }), "dragged to Friday")
            paintOnce()
            try assertInSight("Review", on: "2026-11-20", offset: offset, "a drag")
        }
    }
}
