import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// Creating, editing, deleting and undoing plans through the window, as a user would: the
/// editor's fields, the grid's dots, the list's rows, the toast's Undo and the file on disk.
final class EditingTests: AppTestCase, @unchecked Sendable {
    private func emptyCalendar() throws -> String {
        try writeCalendar("mine.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\n"
                          + "X-WR-CALNAME:Mine\r\nCOLOR:#2ec27e\r\nEND:VCALENDAR\r\n")
    }

    /// "Standup" every Monday at 09:30 UTC from November 2, 2026.
    private func weeklyStandup() throws -> String {
        try writeCalendar("series.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\n"
                          + "BEGIN:VEVENT\r\nUID:standup\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261102T093000Z\r\n"
                          + "DTEND:20261102T094500Z\r\nRRULE:FREQ=WEEKLY;BYDAY=MO\r\nSUMMARY:Standup\r\nEND:VEVENT\r\n"
                          + "END:VCALENDAR\r\n")
    }

    private func fileText(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    @MainActor
    private func openEditorForNewPlan() -> PlanEditorDialog? {
        controller.mainWindow.window.activateAction("win.new-plan")
        return controller.editing.editor
    }

    func testCreateEditDeleteAndUndoThroughTheWindow() throws {
        let path = try emptyCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(parsing: "2026-11"))
            cell("2026-11-10").button.click()
            XCTAssertEqual(controller.store.selection?.description, "2026-11-10")

            // New plan (Ctrl+N's action): prefilled with the selected day.
            let editor = try XCTUnwrap(openEditorForNewPlan(), "Ctrl+N opens the editor")
            XCTAssertEqual(editor.fields.startDateEntry.text, "11/10/2026")
            XCTAssertFalse(editor.dialog.isSaveEnabled, "no title yet: Save stays off")
            editor.fields.titleEntry.text = "Dentist"
            editor.fields.startTimeEntry.text = "14:30"
            editor.fields.endTimeEntry.text = "15:15"
            XCTAssertTrue(editor.dialog.isSaveEnabled)
            editor.save()
            waitForSaves()

            XCTAssertEqual(selectedCells(), ["2026-11-10"], "the new plan's day stays selected")
            XCTAssertEqual(rowTitles, ["Dentist"], "the new plan is listed on its day")
            XCTAssertEqual(window.planList.headerTexts, [], "the day's list, not the month's agenda")
            XCTAssertEqual(cell("2026-11-10").visibleDotClasses.count, 1, "and has its dot")
            var text = try fileText(path)
            XCTAssertTrue(text.contains("SUMMARY:Dentist"), text)
            XCTAssertTrue(text.contains("DTSTART:20261110T143000Z"), "UTC user: plain UTC times\n\(text)")
            XCTAssertEqual(window.currentToast?.title, "“Dentist” added")

            // Edit: activating the row opens the editor on the plan.
            window.planList.activateRow(at: 0)
            waitForSaves()
            let edit = try XCTUnwrap(controller.editing.editor, "activating a row opens the editor")
            XCTAssertEqual(edit.fields.titleEntry.text, "Dentist")
            XCTAssertEqual(edit.fields.startTimeEntry.text, "2:30 PM", "typed 14:30, shown on the en_US clock")
            edit.fields.titleEntry.text = "Dentist (check-up)"
            edit.fields.locationEntry.text = "Main Street 5"
            edit.save()
            waitForSaves()
            XCTAssertEqual(rowTitles, ["Dentist (check-up)"])
            text = try fileText(path)
            XCTAssertTrue(text.contains("SUMMARY:Dentist (check-up)"), text)
            XCTAssertTrue(text.contains("LOCATION:Main Street 5"), text)
            XCTAssertTrue(text.contains("DTSTART:20261110T143000Z"), "untouched times stay\n\(text)")

            // Delete from the editor; the toast offers Undo.
            window.planList.activateRow(at: 0)
            waitForSaves()
            try XCTUnwrap(controller.editing.editor).delete()
            waitForSaves()
            XCTAssertEqual(rowTitles, [], "the row is gone")
            XCTAssertTrue(cell("2026-11-10").visibleDotClasses.isEmpty, "and so is the dot")
            XCTAssertFalse(try fileText(path).contains("BEGIN:VEVENT"))
            let toast = try XCTUnwrap(window.currentToast)
            XCTAssertEqual(toast.title, "“Dentist (check-up)” deleted")
            XCTAssertEqual(toast.buttonLabel, "_Undo")

            toast.clickButton()
            waitForSaves()
            XCTAssertEqual(rowTitles, ["Dentist (check-up)"], "Undo brings the plan back")
            XCTAssertEqual(cell("2026-11-10").visibleDotClasses.count, 1)
            text = try fileText(path)
            XCTAssertTrue(text.contains("LOCATION:Main Street 5"), "with everything it had\n\(text)")

            // Ctrl+Z undoes the edit before it (title and place back as first written).
            window.window.activateAction("win.undo")
            waitForSaves()
            XCTAssertEqual(rowTitles, ["Dentist"])
            XCTAssertFalse(try fileText(path).contains("LOCATION:"))
        }
    }

    /// An empty day says so once (in the list, not again on the handle) and offers to add a
    /// plan on that day; read-only calendars offer nothing.
    func testAnEmptyDaySaysSoOnceAndOffersToAddAPlan() throws {
        let path = try emptyCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(parsing: "2026-11"))
            cell("2026-11-13").button.click()
            paintOnce()
            XCTAssertEqual(window.planList.emptyText, "No plans on Friday, November 13")
            XCTAssertEqual(window.planPanel.handle.title.text, "Friday, November 13", "“no plans” is said once")
            XCTAssertTrue(window.planList.addButton.isMapped, "an empty day offers to add a plan")
            window.planList.addButton.click()
            let editor = try XCTUnwrap(controller.editing.editor, "the button opens the editor")
            XCTAssertEqual(editor.fields.startDateEntry.text, "11/13/2026", "on that day")
            editor.fields.titleEntry.text = "Pottery"
            editor.save()
            waitForSaves()
            XCTAssertEqual(rowTitles, ["Pottery"])
            paintOnce()
            XCTAssertFalse(window.planList.addButton.isVisible, "a day with plans has no such button")
            XCTAssertEqual(window.planPanel.handle.title.text, "Friday, November 13 · 1 plan")
        }
    }

    func testReadOnlyCalendarsOfferNoNewPlanOnAnEmptyDay() throws {
        let path = try emptyCalendar()
        MainActor.assumeIsolated {
            _ = controller(readOnly: path)
            cell("2026-11-13").button.click()
            XCTAssertEqual(window.planList.emptyText, "No plans on Friday, November 13")
            XCTAssertFalse(window.planList.addButton.isVisible)
        }
    }

    @MainActor
    private func controller(readOnly path: String) -> WindowController {
        let controller = openWindow([], month: YearMonth(parsing: "2026-11"))
        controller.open(paths: [path], readOnly: true)
        MainLoop.drain()
        return controller
    }

    func testDeletingOneOccurrenceAsksAndAddsAnExdate() throws {
        let path = try weeklyStandup()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(parsing: "2026-11"))
            cell("2026-11-09").button.click()
            XCTAssertEqual(rowTitles, ["Standup"])
            controller.coordinator.planList(window.planList, didRequestDeleteOf: window.planList.rows[0])
            let question = try XCTUnwrap(controller.editing.question, "a repeating plan asks which to delete")
            XCTAssertEqual(question.heading, "Delete a repeating plan")
            question.respond("this")
            waitForSaves()
            XCTAssertEqual(rowTitles, [], "that Monday is free")
            XCTAssertEqual(cell("2026-11-16").visibleDotClasses.count, 1, "the next Monday still has it")
            let text = try fileText(path)
            XCTAssertTrue(text.contains("EXDATE:20261109T093000Z"), text)
            XCTAssertTrue(text.contains("RRULE:FREQ=WEEKLY;BYDAY=MO"), text)
        }
    }

    func testChangingOneOccurrenceOnlyWritesAnOverride() throws {
        let path = try weeklyStandup()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(parsing: "2026-11"))
            cell("2026-11-16").button.click()
            window.planList.activateRow(at: 0)
            waitForSaves()
            let editor = try XCTUnwrap(controller.editing.editor)
            editor.fields.titleEntry.text = "Standup (long)"
            editor.save()
            try XCTUnwrap(controller.editing.question, "a repeating plan asks what to change").respond("this")
            waitForSaves()
            XCTAssertEqual(rowTitles, ["Standup (long)"])
            cell("2026-11-23").button.click()
            XCTAssertEqual(rowTitles, ["Standup"], "the other Mondays keep their title")
            let text = try fileText(path)
            XCTAssertTrue(text.contains("RECURRENCE-ID:20261116T093000Z"), text)
        }
    }

    func testMovingAPlanToAnotherCalendarTakesItsTextAndZoneAlongAndUndoes() throws {
        let work = try writeCalendar("work.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\n"
            + "X-WR-CALNAME:Work\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nBEGIN:STANDARD\r\nDTSTART:19701025T030000\r\n"
            + "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\n"
            + "END:VTIMEZONE\r\nBEGIN:VEVENT\r\nUID:review\r\nDTSTAMP:20261101T000000Z\r\n"
            + "DTSTART;TZID=Europe/Berlin:20261110T100000\r\nDTEND;TZID=Europe/Berlin:20261110T110000\r\n"
            + "SUMMARY:Review\r\nX-ACME-TICKET:42\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        let home = try emptyCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([work, home], month: YearMonth(parsing: "2026-11"))
            cell("2026-11-10").button.click()
            window.planList.activateRow(at: 0)
            waitForSaves()
            let editor = try XCTUnwrap(controller.editing.editor)
            XCTAssertEqual(editor.fields.startTimeEntry.text, "10:00 AM", "shown in the plan's own zone")
            editor.fields.calendarDropDown.selectedIndex = editor.fields.calendarChoices.firstIndex { $0.name == "Mine" }
            editor.save()
            waitForSaves()
            XCTAssertEqual(window.planList.rows.map(\.calendarName), ["Mine"])
            let moved = try fileText(home)
            XCTAssertTrue(moved.contains("X-ACME-TICKET:42"), "the plan's own text travels\n\(moved)")
            XCTAssertTrue(moved.contains("TZID:Europe/Berlin"), "with its zone's definition\n\(moved)")
            XCTAssertFalse(try fileText(work).contains("BEGIN:VEVENT"))

            window.window.activateAction("win.undo")
            waitForSaves()
            XCTAssertEqual(window.planList.rows.map(\.calendarName), ["Work"], "Undo moves it back")
            XCTAssertFalse(try fileText(home).contains("BEGIN:VEVENT"))
        }
    }

    func testReadOnlyPlansShowDetailsInsteadOfTheEditor() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            _ = controller == nil ? openWindow([], month: YearMonth(parsing: "2026-11")) : controller
            controller.open(paths: [path], readOnly: true)
            cell("2026-11-18").button.click()
            window.planList.activateRow(at: 0)
            waitForSaves()
            XCTAssertNil(controller.editing.editor)
            XCTAssertNotNil(window.detailsDialog, "a read-only plan opens its details")
            window.detailsDialog?.close()
            controller.mainWindow.window.activateAction("win.new-plan")
            XCTAssertNil(controller.editing.editor, "no calendar can take a new plan")
            XCTAssertEqual(window.currentToast?.title,
                           "No calendar here can take new plans: open or create one of your own")
        }
    }
}
