import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The plan editor's layout as a user meets it (issue 14): a message takes a line kept for it
/// and moves no field, Delete stays in view, and the repeat fields do not widen the dialog.
final class PlanEditorLayoutTests: PlanEditorTestCase, @unchecked Sendable {
    /// A fresh editor is not red, a message waits until the user has left its field (or tried
    /// to save with Enter), and a message coming or going moves no field (issue 14).
    func testMessagesWaitUntilTheFieldIsLeftAndMoveNothing() {
        MainActor.assumeIsolated {
            let parent = Window(application: Self.application)
            defer { parent.destroy(); MainLoop.drain() }
            let editor = openEditor(newForm(), isNew: true, in: parent)
            let fields = editor.fields
            let titleError = fields.errorLabels[.title]
            @MainActor func startsAt() -> Double? { fields.startDateEntry.bounds(relativeTo: editor.dialog)?.y }
            paint(editor)
            let fresh = startsAt()
            XCTAssertNotNil(fresh)
            XCTAssertEqual(titleError?.isVisible, false, "a new editor opens without a message")
            XCTAssertNil(fields.titleEntry.accessibleDescription)
            XCTAssertFalse(editor.dialog.saveButton.isSensitive, "but Save waits for a title")

            fields.titleEntry.grabFocus()
            fields.titleEntry.text = "D"
            fields.titleEntry.text = ""
            XCTAssertEqual(titleError?.isVisible, false, "no message while the user is still in the field")
            fields.startTimeEntry.grabFocus()
            paint(editor)
            XCTAssertEqual(titleError?.isMapped, true, "left empty: now it says so")
            XCTAssertEqual(titleError?.text, "Enter a title")
            XCTAssertEqual(fields.titleEntry.accessibleDescription, "Enter a title")
            XCTAssertEqual(startsAt(), fresh, "the message took the line kept for it")
            fields.titleEntry.text = "Dentist"
            paint(editor)
            XCTAssertEqual(titleError?.isVisible, false)
            XCTAssertEqual(startsAt(), fresh, "and the fields stay where they were when it goes")

            // Still typing the end: no message; Enter is an attempt to save, so it shows.
            fields.endTimeEntry.grabFocus()
            fields.endTimeEntry.text = "08:30"
            XCTAssertEqual(fields.errorLabels[.endTime]?.isVisible, false)
            XCTAssertFalse(editor.dialog.saveButton.isSensitive)
            fields.endTimeEntry.activate()
            XCTAssertEqual(fields.errorLabels[.endTime]?.text, "The plan ends before it starts")
            XCTAssertEqual(fields.errorLabels[.endTime]?.isVisible, true)
        }
    }

    /// Delete is on screen without scrolling however long the form grows, and the dialog keeps
    /// its width when the repeat fields appear (issue 14).
    func testDeleteStaysInViewAndRepeatFieldsDoNotWidenTheDialog() {
        MainActor.assumeIsolated {
            let parent = Window(application: Self.application)
            defer { parent.destroy(); MainLoop.drain() }
            let start = Date(timeIntervalSince1970: 1_796_288_400)
            let plan = Plan(id: .init(uid: "gym"), calendarID: work.id, title: "Gym",
                            timing: .timed(start: start, end: start.addingTimeInterval(3600)))
            let form = PlanForm(plan: plan, repeatRule: nil, zone: nil, calendar: calendar)
            // The app's own style sheet, as the window has it.
            AppTestCase.stylesheet.install()
            defer { AppTestCase.stylesheet.uninstall() }
            let editor = openEditor(form, isNew: false, in: parent)
            let width = editor.dialog.allocatedWidth
            let section = editor.fields.repeatSection
            section.repeatDropDown.selectedIndex = PlanEditorRepeatSection.Choice.weekly.rawValue
            section.endDropDown.selectedIndex = PlanEditorRepeatSection.EndChoice.onDate.rawValue
            paint(editor)
            XCTAssertEqual(editor.dialog.allocatedWidth, width, "the weekday toggles fit the dialog as it was")
            section.endDropDown.selectedIndex = PlanEditorRepeatSection.EndChoice.afterCount.rawValue
            paint(editor)
            XCTAssertEqual(editor.dialog.allocatedWidth, width)

            let delete = try? XCTUnwrap(editor.fields.deleteButton)
            let box = delete?.bounds(relativeTo: editor.dialog)
            XCTAssertEqual(delete?.isMapped, true)
            if let box {
                XCTAssertGreaterThanOrEqual(box.y, 0)
                XCTAssertLessThanOrEqual(box.y + box.height, Double(editor.dialog.allocatedHeight),
                                         "Delete is inside the dialog, not below the fold")
            }
            editor.cancel()
        }
    }
}
