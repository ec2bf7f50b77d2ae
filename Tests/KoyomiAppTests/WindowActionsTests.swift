import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The window's verbs are actions: activated through the window's action group (as a menu
/// item, a bound button or a D-Bus caller does), they change what the window shows.
final class WindowActionsTests: WeekViewTestCase, @unchecked Sendable {
    func testViewNextAndTodayThroughTheWindowsActions() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            let actions = window.window
            XCTAssertEqual(actions.actionState(WindowActions.view), "month")
            XCTAssertTrue(window.header.viewButton(.month).isActive)

            actions.activateAction("view", string: "week")
            XCTAssertEqual(title, "Nov 29 – Dec 5, 2026", "today's week")
            XCTAssertTrue(week.root.isVisible)
            XCTAssertFalse(window.grid.root.isVisible, "the month grid is hidden")
            XCTAssertEqual(actions.actionState("view"), "week", "the state follows the view shown")
            XCTAssertTrue(MainLoop.iterate(until: { self.window.header.viewButton(.week).isActive }))
            XCTAssertFalse(window.header.viewButton(.month).isActive)
            XCTAssertEqual(window.header.previousButton.accessibleLabel, "Previous week")

            actions.activateAction("next", string: nil)
            XCTAssertEqual(title, "Dec 6 – Dec 12, 2026")
            actions.activateAction("today", string: nil)
            XCTAssertEqual(title, "Nov 29 – Dec 5, 2026")
            XCTAssertEqual(controller.store.selection?.description, "2026-11-29")

            actions.activateAction("view", string: "agenda")
            XCTAssertEqual(actions.actionState("view"), "week", "not a view: refused")
            XCTAssertTrue(week.root.isVisible)

            window.header.viewButton(.month).click()
            XCTAssertEqual(title, "November 2026", "the switch's button is bound to the same action")
            XCTAssertTrue(window.grid.root.isVisible)
            XCTAssertEqual(actions.actionState("view"), "month")
            actions.activateAction("next", string: nil)
            XCTAssertEqual(title, "December 2026", "a month in the month view")
            actions.activateAction("previous", string: nil)
            XCTAssertEqual(title, "November 2026")
            XCTAssertEqual(controller.settings.settings.calendarView, .month, "the view chosen is remembered")
        }
    }

    /// Every view is offered by the switch and the narrow window's menu, in `allCases` order.
    func testEveryViewHasItsButtonMenuItemAndKeys() throws {
        MainActor.assumeIsolated {
            _ = openWindow([], month: YearMonth(year: 2026, month: 11))
            let kinds = CalendarViewKind.allCases
            XCTAssertEqual(window.header.viewButtons.map(\.actionTarget), kinds.map(\.rawValue))
            XCTAssertEqual(window.header.viewButtons.map(\.accessibleLabel), kinds.map(\.label))
            window.header.setCollapsed(true)
            defer { window.header.setCollapsed(false) }
            let viewItems = window.header.menuItems.filter { $0.action == "win.view" }
            XCTAssertEqual(viewItems.map(\.target), kinds.map(\.rawValue))
            XCTAssertEqual(viewItems.map(\.label), kinds.map(\.menuLabel))
            for (index, kind) in kinds.enumerated() {
                XCTAssertEqual(WindowActions.keys("win.view::\(kind.rawValue)"), ["<Primary>\(index + 1)"])
            }
            for action in ["previous", "next", "today", "new-plan", "search", "undo", "redo", "close", "cycle-panel",
                           "import", "export", "sync", "preferences", "add-account", "subscribe", "about",
                           "show-help-overlay", "view"] {
                XCTAssertTrue(window.window.isActionEnabled(action), "no win.\(action)")
            }
        }
    }

    /// Ctrl+Z in the search field undoes its typing, not the last change to the plans; Home
    /// there moves the cursor, not the calendar. Outside a field Ctrl+Z undoes the change.
    func testKeysATextFieldNeedsStayWithTheField() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            let day = try XCTUnwrap(CalendarDay(year: 2026, month: 11, day: 11))
            let trip = try XCTUnwrap(controller.store.plans(on: day).first { $0.plan.title == "Trip to Kyoto" })
            controller.coordinator.delete(trip)
            @MainActor func tripIsThere() -> Bool { self.controller.store.plans(on: day).contains { $0.plan.title == "Trip to Kyoto" } }
            XCTAssertTrue(MainLoop.iterate(until: { !tripIsThere() }))
            window.window.activateAction("next", string: nil)
            XCTAssertEqual(title, "December 2026")

            try pressKeys(["ctrl+f"])
            XCTAssertTrue(MainLoop.iterate(until: { self.window.searchEntry.containsFocus }))
            try pressKeys(["k", "y"])
            XCTAssertTrue(MainLoop.iterate(until: { self.window.searchEntry.text == "ky" }))
            try pressKeys(["Home"])
            try pressKeys(["ctrl+z"])
            XCTAssertTrue(MainLoop.iterate(until: { self.window.searchEntry.text != "ky" }), "the field's typing is undone")
            MainLoop.drain()
            XCTAssertFalse(tripIsThere(), "the deletion was not undone from the field")
            XCTAssertEqual(title, "December 2026", "Home in the field did not go to today")

            try pressKeys(["Escape"])
            XCTAssertTrue(MainLoop.iterate(until: { !self.window.searchBar.isSearchMode }))
            window.grid.focusBestCell()
            try pressKeys(["ctrl+z"])
            XCTAssertTrue(MainLoop.iterate(until: { tripIsThere() }), "outside the field Ctrl+Z undoes the deletion")
        }
    }
}
