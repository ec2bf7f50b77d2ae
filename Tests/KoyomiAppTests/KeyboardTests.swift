import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The keyboard, with real key events from XTEST (xdotool) into the real window.
final class KeyboardTests: AppTestCase {
    /// Focuses our window on the X server and types `keys` (xdotool key names).
    @MainActor
    private func type(_ keys: String...) throws {
        try pressKeys(keys)
    }

    func testArrowKeysMoveTheSelectionAcrossMonths() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path])
            XCTAssertTrue(MainLoop.iterate(until: { self.cell("2026-11-29").button.hasFocus }),
                          "the selected day has the focus at start")
            try type("Right")
            XCTAssertTrue(MainLoop.iterate(until: { self.selectedCells() == ["2026-11-30"] }))
            XCTAssertTrue(cell("2026-11-30").button.hasFocus, "focus and selection are one")
            try type("Right", "Down")
            XCTAssertTrue(MainLoop.iterate(until: { self.selectedCells() == ["2026-12-08"] }))
            XCTAssertEqual(title, "December 2026", "crossing the month edge paged")
            XCTAssertTrue(cell("2026-12-08").button.hasFocus, "focus was not lost while paging")
            XCTAssertEqual(window.grid.dayGrid.accessibleLabel, "December 2026",
                           "the grid's accessible name follows the month")
            try type("Up", "Up", "Left")
            XCTAssertTrue(MainLoop.iterate(until: { self.selectedCells() == ["2026-11-23"] }))
            XCTAssertEqual(title, "November 2026")
        }
    }

    /// Escape shows the agenda; the next arrow carries on from the day that was selected.
    func testAnArrowAfterEscapeMovesOnFromTheDaySelectedBefore() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path])
            cell("2026-11-18").button.click()
            cell("2026-11-18").button.grabFocus()
            try type("Escape")
            XCTAssertTrue(MainLoop.iterate(until: { self.selectedCells().isEmpty }), "Escape shows the agenda")
            try type("Right")
            XCTAssertTrue(MainLoop.iterate(until: { !self.selectedCells().isEmpty }))
            XCTAssertEqual(selectedCells(), ["2026-11-19"], "the day after the one selected, not the 1st")
            XCTAssertEqual(rowTitles, [], "Thursday the 19th has no plans")
        }
    }

    func testPageKeysHomeEscapeAndShortcuts() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path])
            try type("Page_Down")
            XCTAssertTrue(MainLoop.iterate(until: { self.title == "December 2026" }))
            XCTAssertEqual(selectedCells(), ["2026-12-29"], "the same day a month later")
            try type("alt+Right")
            XCTAssertTrue(MainLoop.iterate(until: { self.title == "January 2027" }))
            try type("Home")
            XCTAssertTrue(MainLoop.iterate(until: { self.title == "November 2026" }))
            XCTAssertEqual(selectedCells(), ["2026-11-29"])
            try type("Escape")
            XCTAssertTrue(MainLoop.iterate(until: { self.selectedCells().isEmpty }), "Escape shows the agenda")
            XCTAssertFalse(window.planList.headerTexts.isEmpty)
            try type("Page_Up")
            XCTAssertTrue(MainLoop.iterate(until: { self.title == "October 2026" }))
            try type("ctrl+t")
            XCTAssertTrue(MainLoop.iterate(until: { self.title == "November 2026" && self.selectedCells() == ["2026-11-29"] }))
        }
    }

    func testTabReachesThePlanListEnterEditsDeleteDeletesAndCtrlZUndoes() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path])
            try type("Left", "Left", "Left", "Left", "Left", "Left", "Left", "Left", "Left", "Left",
                     "Left", "Left", "Left", "Left", "Left", "Left", "Left", "Left")
            XCTAssertTrue(MainLoop.iterate(until: { self.selectedCells() == ["2026-11-11"] }))
            try type("Tab")
            XCTAssertTrue(MainLoop.iterate(until: { self.window.planList.root.containsFocus }),
                          "one Tab leaves the grid for the plan list")
            try type("Return")
            XCTAssertTrue(MainLoop.iterate(until: { self.controller.editing.editor != nil }), "Enter edits the plan")
            XCTAssertEqual(controller.editing.editor?.fields.titleEntry.text, "Trip to Kyoto")
            XCTAssertEqual(controller.editing.editor?.fields.endDateEntry.text, "11/12/2026", "the last day, inclusive")
            try type("Escape")
            XCTAssertTrue(MainLoop.iterate(until: { self.controller.editing.editor == nil }), "Escape cancels")
            XCTAssertTrue(MainLoop.iterate(until: { self.window.planList.root.containsFocus }), "focus is back on the list")
            try type("Delete")
            XCTAssertTrue(MainLoop.iterate(until: { !self.rowTitles.contains("Trip to Kyoto") }), "Delete deletes the plan")
            try type("ctrl+z")
            XCTAssertTrue(MainLoop.iterate(until: { self.rowTitles.contains("Trip to Kyoto") }), "Ctrl+Z brings it back")
        }
    }

    func testCtrlQuestionOpensTheShortcutsWindow() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path])
            XCTAssertFalse(window.window.isHelpOverlayVisible)
            try type("ctrl+shift+question")
            XCTAssertTrue(MainLoop.iterate(until: { self.window.window.isHelpOverlayVisible }))
        }
        // Every shortcut the README names is listed; GTK 4.8 would label Page Up "Page_Up",
        // so that key is named in words in its row's title instead.
        let xml = ShortcutsOverlay.xml
        for accelerator in ["&lt;Primary&gt;&lt;Shift&gt;z &lt;Primary&gt;y", ">F5<", ">F9<", "&lt;Primary&gt;f",
                            "&lt;Primary&gt;comma", "&lt;Primary&gt;question", ">F10<", "&lt;Primary&gt;n"] {
            XCTAssertTrue(xml.contains(accelerator), "the shortcuts window lacks \(accelerator)")
        }
        XCTAssertFalse(xml.contains("Page_Up") || xml.contains("Page_Down"), "shown as raw key names")
        XCTAssertTrue(xml.contains("Previous month (also Page Up)"))
        // Every action's keys, as declared, and a row for each view.
        let actionKeys = MainActor.assumeIsolated {
            WindowActions.accelerators(rightToLeft: false) + WindowActions.fieldFirstKeys
        }
        for (action, keys) in actionKeys {
            let listed = keys.joined(separator: " ").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
            XCTAssertTrue(xml.contains(listed), "the shortcuts window lacks \(action)'s \(listed)")
        }
        for kind in CalendarViewKind.allCases {
            let label = MainActor.assumeIsolated { kind.label }
            XCTAssertTrue(xml.contains(">\(label)</property>"), "no row for \(kind)")
        }
        func row(_ title: String, rightToLeft: Bool) -> String? {
            ShortcutsOverlay.xml(rightToLeft: rightToLeft).components(separatedBy: "<child>").first { $0.contains(title) }
        }
        XCTAssertEqual(row("Previous month (also Page Up)", rightToLeft: false)?.contains("&lt;Alt&gt;Left<"), true)
        XCTAssertEqual(row("Previous month (also Page Up)", rightToLeft: true)?.contains("&lt;Alt&gt;Right<"), true,
                       "mirrored: Alt+→ goes back")
    }
}
