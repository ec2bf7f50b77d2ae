import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// Delete in the plan list, with the keyboard alone (issue 35): the focus stays where the user
/// can see it, on the plan that took the deleted one's place, else on the day, and the toast's
/// Undo is named as it reads.
final class PlanListDeleteTests: StyledAppTestCase, @unchecked Sendable {
    private func threePlans() throws -> String {
        // Red: the focus ring (the accent, blue) is told apart from the rows' colour marks.
        try writeCalendar("three.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//EN
        X-WR-CALNAME:Mine
        COLOR:#e01b24
        \(["Alpha", "Bravo", "Charlie"].enumerated().map { index, title in """
        BEGIN:VEVENT
        UID:\(title)
        DTSTART:20261129T1\(index)0000Z
        DTEND:20261129T1\(index)3000Z
        SUMMARY:\(title)
        END:VEVENT
        """ }.joined(separator: "\n"))
        END:VCALENDAR
        """)
    }

    /// The row showing `title`, as GTK lays it out.
    @MainActor
    private func rowView(_ title: String) throws -> Widget {
        try XCTUnwrap(shownRowViews().first { $0.model?.title == title }?.rowWidget, "no row shows “\(title)”")
    }

    /// Whether a focus ring is painted on `widget`: accent-blue pixels along its top and bottom
    /// edges (just outside the top, where the list draws it on the row's item), where the rows
    /// are white and their colour marks red. Adwaita fades a ring in: it is waited for, bounded.
    @MainActor
    private func hasFocusRing(_ widget: Widget, waiting: Bool = true) throws -> Bool {
        func painted() -> Bool {
            guard let image = window.window.render(), let frame = widget.bounds(relativeTo: window.window) else { return false }
            let top = Int(frame.y), bottom = Int(frame.y + frame.height)
            var blue = 0
            for x in stride(from: Int(frame.x) + 20, to: Int(frame.x + frame.width) - 20, by: 2) {
                for y in Array(top - 2...top + 1) + Array(bottom - 3...bottom - 1) {
                    guard let pixel = image.pixel(x: x, y: y) else { continue }
                    if pixel.blue - pixel.red > 0.2, pixel.blue > 0.6 { blue += 1 }
                }
            }
            return blue > 20
        }
        paintOnce()
        return waiting ? MainLoop.iterate(until: painted, timeout: 5) : painted()
    }

    func testDeleteKeepsAVisibleFocusOnTheNextPlanThenOnTheDay() throws {
        let path = try threePlans()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            controller.store.show(CalendarDay(parsing: "2026-11-29")!)
            window.grid.focusBestCell()
            try pressKeys(["Tab", "Down", "Down"])
            XCTAssertTrue(MainLoop.iterate(until: { self.window.planList.focusedPlanTitle == "Charlie" }))
            XCTAssertTrue(try hasFocusRing(try rowView("Charlie")), "the ring shows where the focus is")
            XCTAssertFalse(try hasFocusRing(try rowView("Bravo"), waiting: false), "and only there")

            try pressKeys(["Delete"])
            waitForSaves()
            XCTAssertEqual(rowTitles, ["Alpha", "Bravo"])
            XCTAssertTrue(MainLoop.iterate(until: { self.window.planList.focusedPlanTitle == "Bravo" }),
                          "the last plan went: the one before it has the focus")
            XCTAssertTrue(try hasFocusRing(try rowView("Bravo")), "with its ring painted")
            try pressKeys(["Up"])
            XCTAssertTrue(MainLoop.iterate(until: { self.window.planList.focusedPlanTitle == "Alpha" }), "the arrows go on working")

            try pressKeys(["Delete"])
            waitForSaves()
            XCTAssertEqual(rowTitles, ["Bravo"])
            XCTAssertTrue(MainLoop.iterate(until: { self.window.planList.focusedPlanTitle == "Bravo" }), "the next plan took its place")
            try pressKeys(["Delete"])
            waitForSaves()
            XCTAssertEqual(rowTitles, [])
            let day = cell("2026-11-29").button
            XCTAssertTrue(MainLoop.iterate(until: { day.hasFocus }), "no plan is left: the day has the focus, not the toast")
            XCTAssertTrue(try hasFocusRing(day), "with its ring painted")
            try pressKeys(["Right"])
            XCTAssertTrue(MainLoop.iterate(until: { self.controller.store.selection?.description == "2026-11-30" }),
                          "the arrows move the selected day")
        }
    }

    /// Read over AT-SPI from this very process, as Orca would.
    func testTheToastsUndoIsNamedAsItReads() throws {
        let path = try threePlans()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            controller.store.show(CalendarDay(parsing: "2026-11-29")!)
            controller.editing.delete(try XCTUnwrap(window.planList.rows.first).entry)
            waitForSaves()
            XCTAssertTrue(window.currentToast?.title.contains("deleted") == true, "the toast shows")
            let reader = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("atspi-tree.py")
            let tree = try runTool([reader.path, Self.accessibleName, "30", "40"], timeout: 40)
            XCTAssertEqual(tree.status, 0, "this process was not found over AT-SPI")
            struct Node: Decodable { var role: String; var name: String }
            let buttons = try JSONDecoder().decode([Node].self, from: Data(tree.output.utf8))
                .filter { $0.role == "push button" }.map(\.name)
            XCTAssertTrue(buttons.contains("Undo"), "the toast's button is read as “Undo”: \(buttons)")
            XCTAssertFalse(buttons.contains { $0.contains("_") }, "no mnemonic's underscore is read out: \(buttons)")
        }
    }
}
