import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The plan panel with real pointer, wheel and key events (XTEST via xdotool on Xvfb).
final class PlanPanelTests: AppTestCase {
    /// A day with enough plans that the list scrolls, beside the standard calendar.
    private func busyCalendar() throws -> String {
        let events = (0..<30).map { index in
            """
            BEGIN:VEVENT
            UID:busy-\(index)
            DTSTART:20261120T\(String(format: "%02d", 6 + index / 2))\(index % 2 == 0 ? "00" : "30")00Z
            DURATION:PT20M
            SUMMARY:Meeting \(index + 1)
            END:VEVENT
            """
        }.joined(separator: "\n")
        return try writeCalendar("busy.ics", "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Koyomi tests//EN\n\(events)\nEND:VCALENDAR\n")
    }

    @MainActor private var panel: PanelController { controller.panel }

    @MainActor
    private func settle(at position: PanelPosition, _ message: String = "") -> Bool {
        MainLoop.iterate(until: { !self.panel.isAnimating && self.panel.position == position })
    }

    /// The panel's top edge on screen, from its real allocation.
    @MainActor
    private var panelTop: Double { window.planPanel.root.bounds(relativeTo: window.panelLayout.root)?.y ?? -1 }

    @MainActor
    private func windowID() throws -> String {
        let title = "Koyomi panel test \(ProcessInfo.processInfo.processIdentifier)"
        window.window.title = title
        let search = try runTool(["xdotool", "search", "--sync", "--onlyvisible", "--name", "^\(title)$"])
        let id = try XCTUnwrap(search.output.split(separator: "\n").first.map(String.init))
        XCTAssertEqual(try runTool(["xdotool", "windowfocus", "--sync", id]).status, 0)
        return id
    }

    /// The centre of `widget` in the window's X coordinates.
    @MainActor
    private func centre(of widget: Widget) throws -> (Int, Int) {
        let bounds = try XCTUnwrap(widget.bounds(relativeTo: window.window))
        let offset = window.window.surfaceOffset
        return (Int(offset.x + bounds.x + bounds.width / 2), Int(offset.y + bounds.y + bounds.height / 2))
    }

    /// Presses on `widget`, moves the pointer by `dy` in eight steps over about a third of a
    /// second, as a hand would (xdotool paces the steps; this process keeps handling them),
    /// and releases.
    @MainActor
    private func drag(_ widget: Widget, by dy: Int, windowID id: String) throws {
        let (x, y) = try centre(of: widget)
        var arguments = ["xdotool", "mousemove", "--window", id, "\(x)", "\(y)", "mousedown", "1"]
        for step in 1...8 {
            arguments += ["sleep", "0.04", "mousemove", "--window", id, "\(x)", "\(y + dy * step / 8)"]
        }
        arguments += ["sleep", "0.04", "mouseup", "1"]
        XCTAssertEqual(try runTool(arguments).status, 0)
    }

    func testStartsAtHalfAndF9CyclesThroughFullTipAndHalf() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path])
            XCTAssertEqual(panel.position, .half)
            let area = Double(window.panelLayout.area.height)
            XCTAssertEqual(panelTop, (area * 0.6).rounded(), accuracy: 2, "grid 60%, list 40%")
            XCTAssertEqual(window.planPanel.handle.title.text, "Sunday, November 29 · 1 plan")

            _ = try windowID()
            XCTAssertEqual(try runTool(["xdotool", "key", "F9"]).status, 0)
            XCTAssertTrue(settle(at: .full))
            XCTAssertLessThan(panelTop, area * 0.3, "the list covers the grid")
            XCTAssertEqual(window.grid.cells.filter { $0.button.isVisible }.compactMap { $0.day?.description },
                           ["2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05"],
                           "the week of the selected day stays visible")
            XCTAssertEqual(try runTool(["xdotool", "key", "F9"]).status, 0)
            XCTAssertTrue(settle(at: .tip))
            XCTAssertGreaterThan(panelTop, area - 80, "only the handle shows")
            XCTAssertEqual(Double(window.panelLayout.area.height), area, "the window kept its size")
            XCTAssertEqual(window.grid.cells.filter { $0.button.isVisible }.count, 42)
            XCTAssertEqual(try runTool(["xdotool", "key", "F9"]).status, 0)
            XCTAssertTrue(settle(at: .half))
        }
    }

    func testSelectingADayAtTipRaisesThePanel() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path])
            panel.move(to: .tip)
            XCTAssertTrue(settle(at: .tip))
            cell("2026-11-11").button.click()
            XCTAssertTrue(settle(at: .half), "a selection at tip shows the list")
            XCTAssertEqual(rowTitles, ["Trip to Kyoto", "Standup"])
        }
    }

    func testDraggingTheHandleUpSnapsToFull() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path])
            let id = try windowID()
            try drag(window.planPanel.handle.root, by: -240, windowID: id)
            XCTAssertTrue(settle(at: .full), "dragged up 240 px from half")
            try drag(window.planPanel.handle.root, by: 240, windowID: id)
            XCTAssertTrue(settle(at: .half), "dragged down 240 px from full")
            XCTAssertEqual(controller.settings.settings.panelPosition, .half, "the position is remembered")
        }
    }

    func testScrollHandOffBetweenListAndPanel() throws {
        let path = try busyCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path])
            cell("2026-11-20").button.click()
            XCTAssertEqual(rowTitles.count, 30)
            let id = try windowID()
            let (x, y) = try centre(of: window.planList.root)
            // Wheel down at half: the panel rises first, the list does not move.
            XCTAssertEqual(try runTool(["xdotool", "mousemove", "--window", id, "\(x)", "\(y)", "click", "5"]).status, 0)
            XCTAssertTrue(settle(at: .full))
            XCTAssertEqual(window.planList.scrollOffset, 0, "raising the panel did not scroll the list")
            // Now the wheel scrolls the list.
            let (lx, ly) = try centre(of: window.planList.root)
            XCTAssertEqual(try runTool(["xdotool", "mousemove", "--window", id, "\(lx)", "\(ly)", "click", "--repeat", "3", "5"]).status, 0)
            XCTAssertTrue(MainLoop.iterate(until: { self.window.planList.scrollOffset > 0 }), "the list scrolls at full")
            XCTAssertEqual(panel.position, .full)
            // Wheel up: first back to the top of the list, then the panel lowers.
            for _ in 0..<40 where window.planList.scrollOffset > 0 {
                let before = window.planList.scrollOffset
                XCTAssertEqual(try runTool(["xdotool", "click", "4"]).status, 0)
                XCTAssertTrue(MainLoop.iterate(until: { self.window.planList.scrollOffset < before }),
                              "each wheel step up scrolls the list")
                XCTAssertEqual(panel.position, .full, "the list scrolls back before the panel moves")
            }
            XCTAssertTrue(MainLoop.iterate(until: { self.window.planList.scrollOffset == 0 }))
            XCTAssertEqual(try runTool(["xdotool", "click", "4"]).status, 0)
            XCTAssertTrue(settle(at: .half), "at the top of the list, scrolling up lowers the panel")
        }
    }

    func testHandleKeysMoveThePanelAndItsNameSaysWhere() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path])
            _ = try windowID()
            window.planPanel.handle.root.grabFocus()
            XCTAssertEqual(try runTool(["xdotool", "key", "Up"]).status, 0)
            XCTAssertTrue(settle(at: .full))
            XCTAssertTrue(window.planPanel.handle.root.accessibleLabel?.contains("full height") == true,
                          window.planPanel.handle.root.accessibleLabel ?? "")
            XCTAssertEqual(try runTool(["xdotool", "key", "Down", "Down"]).status, 0)
            XCTAssertTrue(settle(at: .tip))
            XCTAssertTrue(window.planPanel.handle.root.accessibleLabel?.contains("collapsed") == true)
        }
    }

    func testAWideWindowPutsThePanelBesideTheGrid() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path])
            window.window.setDefaultSize(width: 1100, height: 760)
            XCTAssertTrue(MainLoop.iterate(until: { self.window.panelLayout.mode == .sideBySide }))
            XCTAssertTrue(MainLoop.iterate(until: {
                let panel = self.window.planPanel.root.bounds(relativeTo: self.window.panelLayout.root)
                let lastDay = self.cell("2026-11-07").button.bounds(relativeTo: self.window.panelLayout.root)
                guard let panel, let lastDay else { return false }
                return panel.y == 0 && panel.x >= lastDay.x + lastDay.width
            }), "the panel stands at the end edge, full height, clear of the grid")
            XCTAssertEqual(rowTitles, ["Late call"], "the same list")

            window.window.setDefaultSize(width: 720, height: 760)
            XCTAssertTrue(MainLoop.iterate(until: { self.window.panelLayout.mode == .stacked }))
            XCTAssertTrue(settle(at: .half))
        }
    }

    /// After any resize (or the search bar taking room and giving it back) the month and the
    /// half-height panel are laid out as in a fresh window of that size: no week, today's
    /// included, is left under the panel.
    func testAfterAResizeTheLayoutIsAFreshWindows() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path])
            XCTAssertTrue(settle(at: .half))
            paintOnce()
            let fresh = layoutSeen()
            XCTAssertLessThanOrEqual(fresh.todayBottom, fresh.panelTop, "today's week is above the panel")

            window.window.setDefaultSize(width: 1240, height: 760)
            XCTAssertTrue(MainLoop.iterate(until: { self.window.panelLayout.mode == .sideBySide }))
            paintOnce()
            window.window.setDefaultSize(width: 720, height: 760)
            XCTAssertTrue(MainLoop.iterate(until: { self.window.panelLayout.mode == .stacked }))
            XCTAssertTrue(settle(at: .half))
            XCTAssertTrue(MainLoop.iterate(until: { self.layoutSeen() == fresh }),
                          "widened and narrowed again: \(layoutSeen()), fresh: \(fresh)")

            window.header.searchButton.click()
            XCTAssertTrue(MainLoop.iterate(until: { self.window.panelLayout.area.height < fresh.areaHeight }))
            paintOnce()
            let searching = layoutSeen()
            XCTAssertLessThanOrEqual(searching.todayBottom, searching.panelTop, "with the search bar open too")
            window.closeSearch()
            XCTAssertTrue(MainLoop.iterate(until: { self.layoutSeen() == fresh }),
                          "the bar closed again: \(layoutSeen()), fresh: \(fresh)")
        }
    }

    private struct SeenLayout: Equatable {
        var areaHeight: Int32
        var panelTop: Double
        var todayBottom: Double
    }

    /// Where the panel starts and today's cell ends, in the month area's coordinates.
    @MainActor
    private func layoutSeen() -> SeenLayout {
        let today = cell("2026-11-29").button.bounds(relativeTo: window.panelLayout.root)
        return SeenLayout(areaHeight: window.panelLayout.area.height, panelTop: panelTop,
                          todayBottom: today.map { $0.y + $0.height } ?? -1)
    }

    func testCollapsedTheListIsOutOfTheFocusChain() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path])
            panel.move(to: .tip)
            XCTAssertTrue(settle(at: .tip))
            XCTAssertFalse(window.planList.root.isVisible, "nothing hidden under the window edge can take focus")
            panel.move(to: .half)
            XCTAssertTrue(window.planList.root.isVisible, "it shows before the panel rises")
            XCTAssertTrue(settle(at: .half))
        }
    }

    func testThePositionIsRememberedAcrossRestarts() throws {
        let path = try sampleCalendar()
        let config = directory.appendingPathComponent("panel-config")
        MainActor.assumeIsolated {
            do {
                _ = openWindow([path], settingsDirectory: config)
                panel.move(to: .tip)
                XCTAssertTrue(settle(at: .tip))
            }
            closeWindow()
            _ = openWindow([path], settingsDirectory: config)
            XCTAssertEqual(panel.position, .tip, "a new window opens where the user left the panel")
            XCTAssertGreaterThan(panelTop, Double(window.panelLayout.area.height) - 80)
        }
    }

    func testTheListKeepsItsScrollPositionPerDay() throws {
        let path = try busyCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path])
            cell("2026-11-20").button.click()
            XCTAssertTrue(MainLoop.iterate(until: { self.window.planList.scroller.maximumVerticalOffset > 100 }))
            window.planList.scroller.verticalOffset = 100
            // Moving the panel keeps the same day's offset.
            panel.move(to: .full)
            XCTAssertTrue(settle(at: .full))
            panel.move(to: .half)
            XCTAssertTrue(settle(at: .half))
            XCTAssertTrue(MainLoop.iterate(until: { abs(self.window.planList.scrollOffset - 100) < 1 }),
                          "the panel moved, the list stayed where it was: \(window.planList.scrollOffset)")
            cell("2026-11-21").button.click()
            XCTAssertEqual(window.planList.scrollOffset, 0, "another day starts at the top")
            panel.move(to: .full)
            XCTAssertTrue(settle(at: .full))
            cell("2026-11-20").button.click()
            XCTAssertTrue(MainLoop.iterate(until: { abs(self.window.planList.scrollOffset - 100) < 1 }),
                          "back on the 20th, the list is where the user left it")
        }
    }
}
