import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The header's + opens quick add: a plan in plain words, previewed as it is typed, saved on
/// Enter with the grid on its day (now is Sunday 2026-11-29 12:00 UTC).
final class QuickAddWindowTests: AppTestCase {
    private func personal() throws -> String {
        try writeCalendar("personal.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nX-WR-CALNAME:Personal\r\nEND:VCALENDAR\r\n")
    }

    func testTypingPreviewsThePlanAndEnterSavesItOnItsDay() throws {
        let path = try personal()
        try MainActor.assumeIsolated {
            let controller = openWindow([path])
            let view = window.header.quickAdd
            window.header.newPlanButton.popup()
            XCTAssertTrue(MainLoop.iterate(until: { view.popover.isMapped }), "the + opens quick add")
            XCTAssertTrue(MainLoop.iterate(until: { view.entry.containsFocus }), "ready to type")
            XCTAssertEqual(view.entry.accessibleLabel, "New plan in words")

            view.entry.text = "Lunch with Ann tomorrow 12:30 @ Cafe Blue"
            let lines = view.preview.text.replacingOccurrences(of: "\u{202F}", with: " ").components(separatedBy: "\n")
            XCTAssertEqual(lines, ["Lunch with Ann", "Monday, November 30, 12:30 PM – 1:30 PM", "At Cafe Blue", "In Personal"])
            XCTAssertEqual(view.entry.emphasized, ["tomorrow", "12:30", "@ Cafe Blue"], "the understood words stand out")
            XCTAssertTrue(MainLoop.iterate(until: { view.entry.accessibleDescription == view.preview.text }),
                          "a screen reader hears the preview once typing pauses")

            view.entry.text = "Standup every weekday 9:30"
            XCTAssertNotEqual(view.entry.accessibleDescription, view.preview.text, "not said at every keystroke")
            XCTAssertTrue(view.preview.text.contains("Repeats weekly on Monday, Tuesday, Wednesday, Thursday, Friday"), view.preview.text)

            view.entry.text = "Lunch with Ann tomorrow 12:30 @ Cafe Blue"
            view.entry.activate()
            waitForSaves()
            XCTAssertEqual(selectedCells(), ["2026-11-30"], "the grid goes to the new plan's day")
            XCTAssertEqual(rowTitles, ["Lunch with Ann"])
            XCTAssertEqual(view.entry.text, "", "ready for the next one")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertTrue(text.contains("SUMMARY:Lunch with Ann\r\n") && text.contains("LOCATION:Cafe Blue\r\n"), text)
            XCTAssertTrue(text.contains("DTSTART:20261130T123000Z\r\n"), text)
            controller.editing.undo()
            waitForSaves()
            XCTAssertEqual(rowTitles, [], "Undo takes it back, as for any new plan")
        }
    }

    /// On a first run the window is built before "Personal" is read (issue 35).
    func testQuickAddOpenedAfterTheFirstCalendarIsReadCanAddToIt() throws {
        let path = try personal()
        MainActor.assumeIsolated {
            let controller = openWindow([])
            var loaded = false
            controller.open(paths: [path]) { _ in loaded = true }
            XCTAssertTrue(MainLoop.iterate(until: { loaded }), "Personal is read")
            let view = window.header.quickAdd
            window.header.newPlanButton.popup()
            XCTAssertTrue(MainLoop.iterate(until: { view.popover.isMapped }))
            XCTAssertEqual(view.preview.text, "Type a plan, its day and time, e.g. “Lunch with Ann tomorrow 12:30”",
                           "Personal can take the plan")
        }
    }

    func testWordsThatSayOnlyWhenAreNotSavedAndMoreOptionsOpensTheEditor() throws {
        let path = try personal()
        try MainActor.assumeIsolated {
            let controller = openWindow([path])
            let view = window.header.quickAdd
            view.entry.text = "tomorrow 9am"
            XCTAssertEqual(view.preview.text, "Say what the plan is, not only when")
            view.entry.activate()
            // issue 35: days that end before they start are said, and nothing is saved.
            view.entry.text = "Trip Dec 28–24"
            XCTAssertEqual(view.preview.text, "“Dec 28–24” ends before it starts")
            view.entry.activate()
            waitForSaves()
            XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8).contains("BEGIN:VEVENT"), false)

            view.entry.text = "Dentist Friday 9:00 for 45 minutes"
            view.moreButton.click()
            let editor = try XCTUnwrap(controller.editing.editor, "More Options… opens the full editor")
            XCTAssertEqual(editor.fields.titleEntry.text, "Dentist")
            XCTAssertEqual(editor.fields.startDateEntry.text, "12/04/2026")
            XCTAssertEqual(editor.fields.endTimeEntry.text.replacingOccurrences(of: "\u{202F}", with: " "), "9:45 AM")
            editor.dialog.close()
        }
    }

    /// "Every 2 weeks" must reach the editor as it was read, and be saved so: the form once
    /// showed "Never" and saved no repetition at all.
    func testMoreOptionsKeepsHowOftenItRepeats() throws {
        let path = try personal()
        try MainActor.assumeIsolated {
            let controller = openWindow([path])
            let view = window.header.quickAdd
            view.entry.text = "Sync every 2 weeks"
            view.moreButton.click()
            let editor = try XCTUnwrap(controller.editing.editor, "More Options… opens the full editor")
            let section = editor.fields.repeatSection
            XCTAssertEqual(section.repeatDropDown.selectedItem, "Weekly")
            XCTAssertTrue(section.intervalRow.isVisible)
            XCTAssertEqual(section.intervalSpin.value, 2)
            XCTAssertEqual(section.intervalUnit.text, "weeks")
            XCTAssertEqual(section.weekdayToggles.filter(\.isActive).map(\.accessibleLabel), ["Sunday"],
                           "on the plan's own weekday, Sunday November 29")
            editor.save()
            waitForSaves()
            let text = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertTrue(text.contains("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=SU\r\n"), text)
        }
    }
}
