import CalendarModel
import GtkKit
@testable import KoyomiApp
import XCTest

/// Right-to-left locales (Arabic, Hebrew): the week runs from right to left, and so do the
/// arrow keys, while the grid stays a 6 × 7 grid.
final class RightToLeftTests: AppTestCase {
    override func tearDown() {
        super.tearDown()
        MainActor.assumeIsolated { GtkRuntime.isRightToLeftByDefault = false }
    }

    func testTheGridIsMirroredAndArrowsFollowIt() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            GtkRuntime.isRightToLeftByDefault = true
            _ = openWindow([path])
            let root = window.window
            let sunday = cell("2026-11-01").button.bounds(relativeTo: root)!
            let saturday = cell("2026-11-07").button.bounds(relativeTo: root)!
            let nextSunday = cell("2026-11-08").button.bounds(relativeTo: root)!
            XCTAssertGreaterThan(sunday.x, saturday.x, "the first day of the week is on the right")
            XCTAssertEqual(sunday.x, nextSunday.x, accuracy: 0.5, "columns stay aligned")
            XCTAssertGreaterThan(nextSunday.y, sunday.y, "weeks still go down")
            XCTAssertEqual(sunday.width, saturday.width, accuracy: 0.5, "cells keep one width")

            XCTAssertEqual(CalendarNavigation.forGridKey(.left, [], rightToLeft: window.grid.dayGrid.isRightToLeft),
                           .days(1), "← goes to the next day, which is on the left")
            XCTAssertEqual(CalendarNavigation.forWindowKey(.right, .alt, rightToLeft: window.window.isRightToLeft),
                           .months(-1))
        }
    }
}
