import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// Ctrl+Z undoes the last thing the user did, removing a calendar included, and Ctrl+Shift+Z
/// does it again (issue 14: Ctrl+Z after removing a calendar used to undo an older, unrelated
/// change, and there was no redo).
final class UndoRedoTests: AppTestCase {
    /// Real keys from XTEST into the window.
    @MainActor
    private func press(_ keys: String...) throws {
        try pressKeys(keys)
    }

    /// Adds a plan on the selected day through the editor, as the user would.
    @MainActor
    private func addPlan(_ title: String, to calendar: CalendarID) throws {
        controller.mainWindow.window.activateAction("win.new-plan")
        let editor = try XCTUnwrap(controller.editing.editor)
        editor.fields.titleEntry.text = title
        if let index = editor.fields.calendarChoices.firstIndex(where: { $0.id == calendar }) {
            editor.fields.calendarDropDown.selectedIndex = index
        }
        editor.save()
        waitForSaves()
    }

    func testUndoBringsARemovedCalendarBackAndRedoRemovesItAgain() throws {
        try MainActor.assumeIsolated {
            _ = openWindow([], month: YearMonth(parsing: "2026-11"))
            let list = try XCTUnwrap(controller.calendarsList)
            list.calendarsList(list.popover, create: "Personal", color: "#1c71d8")
            list.calendarsList(list.popover, create: "Work", color: "#e66100")
            let personal = try XCTUnwrap(controller.store.calendars.first { $0.name == "Personal" }).id
            let work = try XCTUnwrap(controller.store.calendars.first { $0.name == "Work" }).id
            cell("2026-11-18").button.click()
            try addPlan("Lunch with Anna", to: personal)
            try addPlan("Budget review", to: work)
            XCTAssertEqual(Set(rowTitles), ["Lunch with Anna", "Budget review"])
            let workFile = try Data(contentsOf: URL(fileURLWithPath: work.rawValue))

            list.calendarsList(list.popover, remove: work)
            XCTAssertFalse(FileManager.default.fileExists(atPath: work.rawValue))
            XCTAssertEqual(rowTitles, ["Lunch with Anna"])
            XCTAssertEqual(window.currentToast?.title, "“Work” removed", "the removal offers Undo")

            try press("ctrl+z")
            XCTAssertTrue(MainLoop.iterate(until: { self.controller.store.calendars.contains { $0.id == work } }),
                          "Ctrl+Z brings the calendar back")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: work.rawValue)), workFile, "byte for byte")
            XCTAssertEqual(Set(rowTitles), ["Lunch with Anna", "Budget review"], "and no other change was undone")
            XCTAssertEqual(window.currentToast?.title, "Undone: “Work” removed")

            try press("ctrl+shift+z")
            XCTAssertTrue(MainLoop.iterate(until: { !self.controller.store.calendars.contains { $0.id == work } }),
                          "Ctrl+Shift+Z removes it again")
            XCTAssertFalse(FileManager.default.fileExists(atPath: work.rawValue))
            XCTAssertEqual(rowTitles, ["Lunch with Anna"])
            XCTAssertEqual(window.currentToast?.title, "Redone: “Work” removed")

            try press("ctrl+z")
            XCTAssertTrue(MainLoop.iterate(until: { self.controller.store.calendars.contains { $0.id == work } }))
            XCTAssertEqual(Set(rowTitles), ["Lunch with Anna", "Budget review"])

            // The older change is next: the plan added to Work, then Lunch.
            try press("ctrl+z")
            XCTAssertTrue(MainLoop.iterate(until: { self.rowTitles == ["Lunch with Anna"] }))
            try press("ctrl+z")
            XCTAssertTrue(MainLoop.iterate(until: { self.rowTitles.isEmpty }))
            try press("ctrl+shift+z", "ctrl+shift+z")
            XCTAssertTrue(MainLoop.iterate(until: { Set(self.rowTitles) == ["Lunch with Anna", "Budget review"] }),
                          "redo brings both plans again, in order")
            try press("ctrl+shift+z")
            XCTAssertEqual(window.currentToast?.title, "Redone: “Work” removed", "then the removal, undone before them")
            XCTAssertEqual(rowTitles, ["Lunch with Anna"])
            try press("ctrl+shift+z")
            XCTAssertEqual(window.currentToast?.title, "Nothing to redo")
        }
    }

    func testANewChangeAfterUndoLeavesNothingToRedo() throws {
        try MainActor.assumeIsolated {
            _ = openWindow([], month: YearMonth(parsing: "2026-11"))
            let list = try XCTUnwrap(controller.calendarsList)
            list.calendarsList(list.popover, create: "Personal", color: "#1c71d8")
            let personal = try XCTUnwrap(controller.store.calendars.first).id
            cell("2026-11-18").button.click()
            try addPlan("Dentist", to: personal)
            controller.editing.undo()
            waitForSaves()
            XCTAssertEqual(rowTitles, [])
            try addPlan("Haircut", to: personal)
            controller.editing.redo()
            waitForSaves()
            XCTAssertEqual(window.currentToast?.title, "Nothing to redo", "the undone plan is not brought back over a new one")
            XCTAssertEqual(rowTitles, ["Haircut"])
        }
    }
}
