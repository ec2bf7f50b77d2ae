import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The plan editor dialog on screen: fields set through its real widgets, inline messages,
/// Save's sensitivity, and what Save and Delete hand to the owner.
final class PlanEditorTests: PlanEditorTestCase, @unchecked Sendable {
    func testNewPlanNeedsATitleThenSaves() {
        MainActor.assumeIsolated {
            let parent = Window(application: Self.application)
            defer { parent.destroy(); MainLoop.drain() }
            let editor = openEditor(newForm(), isNew: true, in: parent)
            let fields = editor.fields
            XCTAssertEqual(editor.dialog.title, "New Plan")
            XCTAssertTrue(editor.dialog.isModal)
            XCTAssertTrue(editor.dialog.isTransient(for: parent))
            XCTAssertNil(fields.deleteButton, "a new plan has nothing to delete")
            XCTAssertEqual(fields.calendarDropDown.items, ["Work", "Home"], "only writable calendars")
            XCTAssertEqual(fields.calendarDropDown.selectedItem, "Work")
            XCTAssertEqual(fields.calendarDropDown.shownMarkClasses?.contains(colors.className(
                for: DotColor(spec: "#e66100", fallback: ""))), true, "the chosen calendar's colour beside its name")
            XCTAssertEqual(fields.startDateEntry.text, "12/03/2026")
            XCTAssertEqual(fields.startTimeEntry.text, "9:00 AM", "en_US: the 12-hour clock, as in the plan list")

            // Empty title: Save off; once the user leaves the title, the message under it.
            let titleError = fields.errorLabels[.title]
            XCTAssertFalse(editor.dialog.saveButton.isSensitive)
            fields.locationEntry.grabFocus()
            XCTAssertEqual(titleError?.text, "Enter a title")
            XCTAssertEqual(titleError?.isMapped, true, "the message is on screen")
            XCTAssertEqual(titleError?.hasCSSClass("error"), true)
            XCTAssertFalse(editor.dialog.saveButton.isSensitive)
            XCTAssertEqual(fields.titleEntry.accessibleDescription, "Enter a title", "a screen reader hears why")

            var saved: [PlanForm] = []
            editor.onSave = { saved.append($0) }
            editor.dialog.saveButton.click() // insensitive in GTK; the editor refuses too
            XCTAssertEqual(saved, [])

            fields.titleEntry.text = "Dentist"
            fields.locationEntry.text = "Main St 1"
            fields.notesView.text = "Bring the card\nand the form"
            fields.calendarDropDown.selectedIndex = 1
            XCTAssertEqual(titleError?.isVisible, false)
            XCTAssertNil(fields.titleEntry.accessibleDescription)
            XCTAssertTrue(editor.dialog.saveButton.isSensitive)

            var closed = false
            editor.onClosed = { closed = true }
            editor.dialog.saveButton.click()
            XCTAssertEqual(saved.count, 1)
            let form = saved.first
            XCTAssertEqual(form?.title, "Dentist")
            XCTAssertEqual(form?.location, "Main St 1")
            XCTAssertEqual(form?.notes, "Bring the card\nand the form")
            XCTAssertEqual(form?.calendarID, home.id)
            XCTAssertEqual(form?.timing(calendar: calendar),
                           .timed(start: Date(timeIntervalSince1970: 1_796_288_400), // 2026-12-03 09:00Z
                                  end: Date(timeIntervalSince1970: 1_796_292_000)))
            XCTAssertTrue(MainLoop.iterate(until: { closed }), "Save closes the dialog")
        }
    }

    func testEndBeforeStartAndImpossibleValuesAreExplained() {
        MainActor.assumeIsolated {
            let parent = Window(application: Self.application)
            defer { parent.destroy(); MainLoop.drain() }
            let editor = openEditor(newForm(), isNew: true, in: parent)
            let fields = editor.fields
            fields.titleEntry.text = "Lunch"
            XCTAssertTrue(editor.dialog.saveButton.isSensitive)

            type("08:30", into: fields.endTimeEntry, of: editor)
            XCTAssertEqual(fields.errorLabels[.endTime]?.text, "The plan ends before it starts")
            XCTAssertEqual(fields.errorLabels[.endTime]?.isMapped, true)
            XCTAssertFalse(editor.dialog.saveButton.isSensitive)

            fields.endTimeEntry.text = "25:61"
            XCTAssertEqual(fields.errorLabels[.endTime]?.text, "“25:61” is not a time of day; write it like 9:30 PM")
            fields.endTimeEntry.text = "10:00"
            type("2026-02-30", into: fields.startDateEntry, of: editor)
            XCTAssertEqual(fields.errorLabels[.startDate]?.text, "February 2026 has 28 days")
            XCTAssertEqual(fields.errorLabels[.endTime]?.isVisible, false)
            XCTAssertFalse(editor.dialog.saveButton.isSensitive)

            // Dates in the user's form (en_US: month first), ISO as well; a day that does not
            // exist is named, and words in the wrong order are said how to write.
            type("2/30/2026", into: fields.startDateEntry, of: editor)
            XCTAssertEqual(fields.errorLabels[.startDate]?.text, "February 2026 has 28 days")
            type("24/12/2026", into: fields.startDateEntry, of: editor)
            XCTAssertEqual(fields.errorLabels[.startDate]?.text, "“24/12/2026” is not a date; write it like MM/DD/YYYY")
            XCTAssertEqual(fields.startDateEntry.placeholder, "MM/DD/YYYY")
            type("12/24/2026", into: fields.startDateEntry, of: editor)
            XCTAssertNil(fields.errorLabels[.startDate].flatMap { $0.isVisible ? $0.text : nil }, "read as December 24")
            XCTAssertEqual(editor.form.startDateText, "2026-12-24")

            // All day: the time fields go, and the last day may not be before the first.
            fields.startDateEntry.text = "2026-12-04"
            XCTAssertEqual(fields.endDateEntry.text, "12/04/2026", "a new start day takes the end along")
            fields.allDaySwitch.isOn = true
            XCTAssertFalse(fields.startTimeEntry.isVisible)
            XCTAssertFalse(fields.endTimeEntry.isVisible)
            type("2026-12-02", into: fields.endDateEntry, of: editor)
            XCTAssertEqual(fields.errorLabels[.endDate]?.text, "The last day is before the first day")
            fields.endDateEntry.text = "2026-12-05"
            XCTAssertTrue(editor.dialog.saveButton.isSensitive)
            XCTAssertEqual(editor.form.timing(calendar: calendar),
                           .allDay(start: CalendarDay(year: 2026, month: 12, day: 4)!,
                                   end: CalendarDay(year: 2026, month: 12, day: 6)!))
            var cancelled = false
            editor.onClosed = { cancelled = true }
            editor.cancel()
            XCTAssertTrue(MainLoop.iterate(until: { cancelled }))
        }
    }

    /// Moving the start keeps the plan's length; moving the end changes it (issue 14).
    func testMovingTheStartKeepsTheLength() {
        MainActor.assumeIsolated {
            let parent = Window(application: Self.application)
            defer { parent.destroy(); MainLoop.drain() }
            let editor = openEditor(newForm(), isNew: true, in: parent)
            let fields = editor.fields
            fields.titleEntry.text = "Review"
            XCTAssertEqual([fields.startTimeEntry.text, fields.endTimeEntry.text], ["9:00 AM", "10:00 AM"])
            fields.endTimeEntry.text = "10:30"
            fields.startTimeEntry.text = "3pm"
            XCTAssertEqual(fields.endTimeEntry.text, "4:30 PM", "still an hour and a half")
            XCTAssertNil(fields.errorLabels[.endTime]?.text.nilIfEmpty, "no “ends before it starts”")
            XCTAssertTrue(editor.dialog.saveButton.isSensitive)
            fields.startTimeEntry.text = "23:15"
            XCTAssertEqual([fields.endDateEntry.text, fields.endTimeEntry.text], ["12/04/2026", "12:45 AM"])
            fields.startDateEntry.text = "2026-12-10"
            XCTAssertEqual([fields.endDateEntry.text, fields.endTimeEntry.text], ["12/11/2026", "12:45 AM"])
            var saved: PlanForm?
            editor.onSave = { saved = $0 }
            editor.save()
            XCTAssertEqual(saved.map { [$0.startDateText, $0.startTimeText, $0.endDateText, $0.endTimeText] },
                           ["2026-12-10", "23:15", "2026-12-11", "12:45 AM"])
        }
    }

    func testRepeatFieldsAndWeekdayOrder() {
        MainActor.assumeIsolated {
            let parent = Window(application: Self.application)
            defer { parent.destroy(); MainLoop.drain() }
            var form = newForm()
            form.title = "Gym"
            // Monday first: the toggles run Mon … Sun.
            let editor = openEditor(form, isNew: true, firstWeekday: 2, in: parent)
            let section = editor.fields.repeatSection
            XCTAssertEqual(section.weekdayOrder, [2, 3, 4, 5, 6, 7, 1])
            XCTAssertEqual(section.weekdayToggles.map(\.label), ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
            XCTAssertEqual(section.weekdayToggles.first?.accessibleLabel, "Monday")
            XCTAssertFalse(section.weekdayBox.isVisible)
            XCTAssertFalse(section.endRow.isVisible, "no end without repetition")

            XCTAssertFalse(section.endCaption.isVisible)
            section.repeatDropDown.selectedIndex = PlanEditorRepeatSection.Choice.weekly.rawValue
            XCTAssertTrue(section.weekdayBox.isVisible)
            XCTAssertTrue(section.endCaption.isVisible, "the end choice has a visible name")
            XCTAssertEqual(section.endCaption.text, "Repeat ends")
            XCTAssertEqual(editor.form.repeatRule, .simple(.weekly, weekdays: [5]), "starts on the plan's own day, Thursday Dec 3")
            section.weekdayToggles[3].isActive = false
            XCTAssertEqual(editor.fields.errorLabels[.repeatRule]?.text, "Choose at least one day of the week")
            XCTAssertFalse(editor.dialog.saveButton.isSensitive)
            section.weekdayToggles[0].isActive = true
            section.weekdayToggles[2].isActive = true
            XCTAssertEqual(editor.form.repeatRule, .simple(.weekly, weekdays: [2, 4]))

            XCTAssertTrue(section.intervalRow.isVisible, "how many weeks apart")
            XCTAssertEqual(section.intervalCaption.text, "Repeat every")
            XCTAssertEqual(section.intervalSpin.accessibleLabel, "Repeat every")
            XCTAssertEqual(section.intervalUnit.text, "week")
            section.intervalSpin.value = 2
            XCTAssertEqual(section.intervalUnit.text, "weeks")
            XCTAssertEqual(editor.form.repeatRule, .simple(.weekly, interval: 2, weekdays: [2, 4]))
            section.repeatDropDown.selectedIndex = PlanEditorRepeatSection.Choice.monthly.rawValue
            XCTAssertEqual(section.intervalUnit.text, "months")
            XCTAssertEqual(editor.form.repeatRule, .simple(.monthly, interval: 2))
            section.repeatDropDown.selectedIndex = PlanEditorRepeatSection.Choice.weekdays.rawValue
            XCTAssertFalse(section.intervalRow.isVisible, "Monday to Friday is every week")
            XCTAssertFalse(section.intervalCaption.isVisible)
            XCTAssertEqual(editor.form.repeatRule, .everyWeekday)
            section.repeatDropDown.selectedIndex = PlanEditorRepeatSection.Choice.weekly.rawValue
            section.intervalSpin.value = 1

            section.endDropDown.selectedIndex = PlanEditorRepeatSection.EndChoice.onDate.rawValue
            XCTAssertTrue(section.endDateEntry.isVisible)
            XCTAssertFalse(section.countSpin.isVisible)
            type("2026-12-01", into: section.endDateEntry, of: editor)
            XCTAssertEqual(editor.fields.errorLabels[.repeatEnd]?.text, "The repetition ends before the plan starts")
            section.endDropDown.selectedIndex = PlanEditorRepeatSection.EndChoice.afterCount.rawValue
            section.countSpin.value = 8
            XCTAssertEqual(editor.form.repeatEnd, .afterCount(8))
            XCTAssertTrue(editor.dialog.saveButton.isSensitive)
            editor.cancel()
        }
    }

    func testExistingPlanShowsItsValuesZoneAndDeletes() {
        MainActor.assumeIsolated {
            let parent = Window(application: Self.application)
            defer { parent.destroy(); MainLoop.drain() }
            let start = Date(timeIntervalSince1970: 1_795_910_400) // 2026-11-29 00:00Z = 09:00 in Tokyo
            let plan = Plan(id: .init(uid: "call"), calendarID: home.id, title: "Call", location: "Zoom",
                            timing: .timed(start: start, end: start.addingTimeInterval(1800)))
            let original = PlanForm(plan: plan, repeatRule: .simple(.monthly),
                                    zone: TimeZone(identifier: "Asia/Tokyo"), calendar: calendar)
            let editor = openEditor(original, isNew: false, in: parent)
            let fields = editor.fields
            XCTAssertEqual(editor.dialog.title, "Edit Plan")
            XCTAssertEqual(fields.titleEntry.text, "Call")
            XCTAssertEqual(fields.startTimeEntry.text, "9:00 AM")
            XCTAssertEqual(fields.endTimeEntry.text, "9:30 AM")
            XCTAssertEqual(fields.calendarDropDown.selectedItem, "Home")
            XCTAssertEqual(fields.repeatSection.repeatDropDown.selectedIndex, PlanEditorRepeatSection.Choice.monthly.rawValue)
            XCTAssertEqual(fields.zoneLabel.text.replacingOccurrences(of: "\u{202F}", with: " "),
                           "Times are in Asia/Tokyo: 12:00 AM – 12:30 AM your time", "and the times in the user's zone (UTC)")
            XCTAssertTrue(fields.zoneLabel.isMapped, "another zone than the user's is shown")
            XCTAssertTrue(editor.dialog.saveButton.isSensitive)
            XCTAssertEqual(editor.form.changedFields(from: original), [], "showing a plan changes nothing")
            fields.startTimeEntry.text = "10:00"
            XCTAssertEqual(fields.zoneLabel.text.replacingOccurrences(of: "\u{202F}", with: " "),
                           "Times are in Asia/Tokyo: 1:00 AM – 1:30 AM your time", "the user's times follow the fields")
            fields.startTimeEntry.text = "9:00 AM"
            fields.allDaySwitch.isOn = true
            XCTAssertFalse(fields.zoneLabel.isVisible, "all-day plans have no zone")
            fields.allDaySwitch.isOn = false

            let deleteButton = fields.deleteButton
            XCTAssertEqual(deleteButton?.hasCSSClass("destructive-action"), true)
            var deleted = 0, saved = 0, closed = false
            editor.onDelete = { deleted += 1 }
            editor.onSave = { _ in saved += 1 }
            editor.onClosed = { closed = true }
            deleteButton?.click()
            XCTAssertEqual(deleted, 1)
            XCTAssertEqual(saved, 0)
            XCTAssertTrue(MainLoop.iterate(until: { closed }))
        }
    }

    func testEveryFieldHasAnAccessibleLabel() {
        MainActor.assumeIsolated {
            let parent = Window(application: Self.application)
            defer { parent.destroy(); MainLoop.drain() }
            let editor = openEditor(newForm(), isNew: true, in: parent)
            let fields = editor.fields
            let controls: [Widget] = [fields.titleEntry, fields.allDaySwitch, fields.startDateEntry, fields.startTimeEntry,
                                      fields.endDateEntry, fields.endTimeEntry, fields.calendarDropDown,
                                      fields.locationEntry, fields.notesView, fields.repeatSection.repeatDropDown,
                                      fields.repeatSection.endDropDown, fields.repeatSection.endDateEntry,
                                      fields.repeatSection.countSpin]
            for control in controls {
                XCTAssertFalse((control.accessibleLabel ?? "").isEmpty, "\(control.typeName) has no accessible label")
            }
            editor.cancel()
        }
    }

    func testClosedEditorIsFreedEvenWhenTheOwnerDroppedIt() {
        MainActor.assumeIsolated {
            let parent = Window(application: Self.application)
            defer { parent.destroy(); MainLoop.drain() }
            weak var weakEditor: PlanEditorDialog?
            var probe: WeakObjectProbe?
            do {
                let editor = openEditor(newForm(), isNew: true, in: parent)
                weakEditor = editor
                probe = WeakObjectProbe(editor.dialog)
            }
            XCTAssertNotNil(weakEditor, "on screen, the editor keeps itself")
            // Cancel closes without saving.
            weakEditor?.cancel()
            MainLoop.drain()
            XCTAssertNil(weakEditor, "closed, it lets go")
            XCTAssertEqual(probe?.isAlive, false, "and its window is freed")
        }
    }
}

extension PlanEditorTests {
    func testDatePickersFollowAndFillTheDateFields() {
        MainActor.assumeIsolated {
            let parent = Window(application: Self.application)
            defer { parent.destroy(); MainLoop.drain() }
            let editor = openEditor(newForm(), isNew: true, in: parent)
            let fields = editor.fields
            XCTAssertTrue(fields.startPicker.selectedDay == (2026, 12, 3), "the picker shows the typed day")
            fields.endDateEntry.text = "2026-12-24"
            XCTAssertTrue(fields.endPicker.selectedDay == (2026, 12, 24))
            fields.startPicker.selectedDay = (2026, 12, 10) // as a click on the 10th
            XCTAssertEqual(fields.startDateEntry.text, "12/10/2026")
            XCTAssertEqual(editor.form.startDateText, "2026-12-10")
            editor.cancel()
        }
    }
}

/// Real key presses (XTEST via xdotool on Xvfb): Enter in a field saves, Escape cancels.
extension PlanEditorTests {
    @MainActor
    private func typeInto(_ editor: PlanEditorDialog, _ keys: [String]) throws {
        let title = "Koyomi editor test \(ProcessInfo.processInfo.processIdentifier)"
        editor.dialog.title = title
        let search = try runTool(["xdotool", "search", "--sync", "--onlyvisible", "--name", "^\(title)$"])
        let windowID = try XCTUnwrap(search.output.split(separator: "\n").first.map(String.init))
        XCTAssertEqual(try runTool(["xdotool", "windowfocus", "--sync", windowID]).status, 0)
        XCTAssertEqual(try runTool(["xdotool", "key", "--delay", "20"] + keys).status, 0)
        MainLoop.drain()
    }

    func testTypingATitleAndEnterSaves() throws {
        try MainActor.assumeIsolated {
            let parent = Window(application: Self.application)
            defer { parent.destroy(); MainLoop.drain() }
            let editor = openEditor(newForm(), isNew: true, in: parent)
            var saved: [String] = []
            editor.onSave = { saved.append($0.title) }
            XCTAssertTrue(MainLoop.iterate(until: { editor.fields.titleEntry.containsFocus }), "the title has the focus")
            try typeInto(editor, ["Return"])
            XCTAssertEqual(saved, [], "Enter does nothing while Save is off")
            try typeInto(editor, ["T", "e", "a", "Return"])
            XCTAssertTrue(MainLoop.iterate(until: { saved == ["Tea"] }), "Enter in the title presses Save")
        }
    }

    func testEscapeCancels() throws {
        try MainActor.assumeIsolated {
            let parent = Window(application: Self.application)
            defer { parent.destroy(); MainLoop.drain() }
            let editor = openEditor(newForm(), isNew: true, in: parent)
            var saved = 0, closed = false
            editor.onSave = { _ in saved += 1 }
            editor.onClosed = { closed = true }
            editor.fields.titleEntry.text = "Not kept"
            try typeInto(editor, ["Escape"])
            XCTAssertTrue(MainLoop.iterate(until: { closed }), "Escape closes the editor")
            XCTAssertEqual(saved, 0)
        }
    }
}

private extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
