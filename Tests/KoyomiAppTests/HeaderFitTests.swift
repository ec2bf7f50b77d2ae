import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The header at the sizes people use: a button per view where they fit; at the default
/// 720 px the four views' switch becomes one button with their menu, and Today, new plan and
/// search stay; only a phone's width folds them into the main menu.
final class HeaderFitTests: StyledAppTestCase, @unchecked Sendable {
    func testTheViewSwitchFoldsIntoOneMenuButtonBeforeAnythingElseFolds() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            let header = window.header
            XCTAssertTrue(MainLoop.iterate(until: { header.fitting == .compact }), "720 px: \(header.fitting)")
            XCTAssertTrue(header.viewMenuButton.isMapped, "one button for the views")
            XCTAssertFalse(header.viewButton(.month).isMapped)
            XCTAssertTrue(header.todayButton.isMapped, "Today stays")
            XCTAssertTrue(header.newPlanButton.isMapped, "and new plan")
            XCTAssertEqual(header.viewMenuButton.accessibleLabel, "Choose a View")
            XCTAssertEqual(header.viewMenu.items.map(\.label), ["_Month View", "_Week View", "_Day View", "_Year View"])
            XCTAssertEqual(header.viewMenu.items.map(\.target), ["month", "week", "day", "year"])
            XCTAssertEqual(header.viewMenu.items.compactMap(\.action), Array(repeating: "win.view", count: 4))
            // What is drawn fits: nothing of the header's start reaches under the title.
            let start = try XCTUnwrap(header.viewMenuButton.bounds(relativeTo: window.window))
            let title = try XCTUnwrap(header.title.bounds(relativeTo: window.window))
            XCTAssertLessThanOrEqual(start.x + start.width, title.x, "the switch ends before the title")

            window.window.activateAction("view", string: "year")
            XCTAssertTrue(MainLoop.iterate(until: { header.viewMenuButton.iconName == CalendarViewKind.year.iconName }),
                          "its icon says the view shown")

            window.window.setDefaultSize(width: 1240, height: 820)
            XCTAssertTrue(MainLoop.iterate(until: { header.fitting == .full }), "1240 px: \(header.fitting)")
            XCTAssertTrue(MainLoop.iterate(until: { header.viewButton(.month).isMapped && !header.viewMenuButton.isMapped }))
            XCTAssertTrue(header.viewButton(.year).isActive)
        }
    }
}
