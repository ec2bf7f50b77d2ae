import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The editor's Reminders section: listed in the user's words, added from presets or a custom
/// amount, removed one by one, and saved with the form.
final class PlanEditorRemindersTests: PlanEditorTestCase {
    func testRemindersAreListedAddedAndRemoved() {
        MainActor.assumeIsolated {
            let parent = Window(application: Self.application)
            defer { parent.destroy(); MainLoop.drain() }
            var form = newForm()
            form.title = "Dentist"
            form.reminders = [15, 1_440]
            let editor = openEditor(form, isNew: true, in: parent)
            let section = editor.fields.remindersSection
            XCTAssertEqual(section.rowTexts, ["1 day before", "15 minutes before"], "earliest first")
            XCTAssertEqual(section.addButton.accessibleLabel, "Add a reminder…")
            XCTAssertEqual(section.addChoiceTexts, ["At the start", "5 minutes before", "10 minutes before",
                                                    "15 minutes before", "30 minutes before", "1 hour before",
                                                    "1 day before", "Custom…"],
                           "a menu of what can be added: no placeholder among them, checked or not")
            XCTAssertEqual(section.removeButtons.map(\.accessibleLabel),
                           ["Remove the reminder 1 day before", "Remove the reminder 15 minutes before"])

            section.addChoices[0].click()
            XCTAssertEqual(section.rowTexts, ["1 day before", "15 minutes before", "At the start"])
            section.addChoices[7].click()
            XCTAssertTrue(section.customRow.isVisible, "Custom… asks how long")
            section.customAmount.value = 2
            section.customUnit.selectedIndex = 1
            section.customAdd.click()
            XCTAssertFalse(section.customRow.isVisible)
            XCTAssertEqual(section.rowTexts, ["1 day before", "2 hours before", "15 minutes before", "At the start"])
            section.removeButtons[0].click()
            XCTAssertEqual(section.rowTexts, ["2 hours before", "15 minutes before", "At the start"])

            var saved: [PlanForm] = []
            editor.onSave = { saved.append($0) }
            editor.dialog.saveButton.click()
            XCTAssertEqual(saved.map(\.reminders), [[120, 15, 0]])
        }
    }

    func testAPlanWithoutRemindersSaysSo() {
        MainActor.assumeIsolated {
            let parent = Window(application: Self.application)
            defer { parent.destroy(); MainLoop.drain() }
            var form = newForm()
            form.title = "Walk"
            let editor = openEditor(form, isNew: true, in: parent)
            XCTAssertEqual(editor.fields.remindersSection.rowTexts, ["No reminders"])
        }
    }
}

/// Each calendar's default reminders: set in its dialog, kept in the settings, given to new
/// plans in it (and followed when the editor's calendar changes, until the user edits them).
final class CalendarDefaultRemindersTests: AppTestCase {
    private func calendar(_ name: String) throws -> String {
        try writeCalendar("\(name.lowercased()).ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
            + "X-WR-CALNAME:\(name)\r\nEND:VCALENDAR\r\n")
    }

    func testNewPlansGetTheirCalendarsDefaultReminders() throws {
        let work = try calendar("Work"), home = try calendar("Home")
        try MainActor.assumeIsolated {
            let controller = openWindow([work, home])
            let dialog = CalendarEditDialog(parent: window.window, calendar: try XCTUnwrap(controller.store.calendars.first),
                                            suggestedColor: "#3584e4", defaultReminders: [])
            let section = try XCTUnwrap(dialog.remindersSection, "an existing calendar's dialog offers default reminders")
            XCTAssertEqual(section.rowTexts, ["No reminders"])
            controller.calendarsList.calendarsList(controller.calendarsList.popover, setDefaultReminders: [15, 1_440],
                                                   for: CalendarID(work))
            XCTAssertEqual(controller.settings.settings.defaultReminders[CalendarID(work)], [1_440, 15])
            let reread = SettingsStore(environment: ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path])
            XCTAssertEqual(reread.settings.defaultReminders, [CalendarID(work): [1_440, 15]], "kept in settings.ini")

            controller.editing.newPlan()
            let editor = try XCTUnwrap(controller.editing.editor)
            XCTAssertEqual(editor.fields.calendarDropDown.selectedItem, "Work")
            XCTAssertEqual(editor.fields.remindersSection.rowTexts, ["1 day before", "15 minutes before"])
            editor.fields.calendarDropDown.selectedIndex = 1 // Home: no defaults
            XCTAssertEqual(editor.fields.remindersSection.rowTexts, ["No reminders"])
            editor.fields.calendarDropDown.selectedIndex = 0
            XCTAssertEqual(editor.fields.remindersSection.rowTexts, ["1 day before", "15 minutes before"])
            editor.dialog.close()
            dialog.dialog.close()
        }
    }
}
