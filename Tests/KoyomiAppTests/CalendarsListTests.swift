import CalendarModel
import CGtk
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The calendars popover on real widgets: what it lists, and what it reports when the user
/// flips a check box, creates, edits or removes a calendar. (That hiding a calendar takes its
/// dots away is the model's job: StoreVisibilityTests.)
final class CalendarsListTests: XCTestCase {
    /// Records what the list reported.
    @MainActor
    final class Recorder: CalendarsListDelegate {
        var calls: [String] = []
        func calendarsList(_ list: CalendarsPopover, setVisible visible: Bool, for id: CalendarID) {
            calls.append("visible \(id) \(visible)")
        }
        func calendarsList(_ list: CalendarsPopover, create name: String, color: String) {
            calls.append("create \(name) \(color)")
        }
        func calendarsList(_ list: CalendarsPopover, rename id: CalendarID, to name: String) {
            calls.append("rename \(id) \(name)")
        }
        func calendarsList(_ list: CalendarsPopover, recolor id: CalendarID, to color: String) {
            calls.append("recolor \(id) \(color)")
        }
        func calendarsList(_ list: CalendarsPopover, remove id: CalendarID) {
            calls.append("remove \(id)")
        }
        func calendarsList(_ list: CalendarsPopover, setDefaultReminders minutes: [Int], for id: CalendarID) {
            calls.append("reminders \(id) \(minutes)")
        }
    }

    @MainActor private static let application: Application = {
        let application = Application(id: "app.koyomi.Tests.Calendars", flags: [.nonUnique])
        application.register()
        return application
    }()

    static let work = CalendarInfo(id: CalendarID("/cal/work.ics"), name: "Work", color: "#1c71d8", isReadOnly: false)
    static let holidays = CalendarInfo(id: CalendarID("/samples/holidays.ics"), name: "Holidays", color: "#e01b24",
                                       isHoliday: true, isReadOnly: true)

    override func setUpWithError() throws {
        let ready = MainActor.assumeIsolated { GtkRuntime.initialize() }
        guard ready else {
            XCTFail("GTK could not open a display: run the tests under Xvfb (see README)")
            throw XCTSkip("no display")
        }
    }

    /// A window with the calendars button in it, two calendars rendered (Holidays hidden),
    /// and the recorder as delegate; `body` runs with them, then everything is torn down and
    /// checked to be freed.
    private func withPopover(_ body: @MainActor (CalendarsPopover, Recorder, Window) throws -> Void) rethrows {
        try MainActor.assumeIsolated {
            var window: Window? = Window(application: Self.application)
            var popover: CalendarsPopover? = CalendarsPopover(window: window!, colors: ColorClasses())
            let recorder = Recorder()
            popover!.delegate = recorder
            window!.setContent(popover!.button)
            window!.present()
            popover!.render([Self.work, Self.holidays], hidden: [Self.holidays.id])
            let probe = WeakObjectProbe(popover!.popover)
            weak let weakPopover = popover
            try body(popover!, recorder, window!)
            window!.destroy()
            popover = nil
            window = nil
            MainLoop.drain()
            XCTAssertNil(weakPopover, "nothing keeps the list's controller alive")
            XCTAssertFalse(probe.isAlive, "the popover is freed with its window and wrapper")
        }
    }

    func testEachCalendarIsListedWithItsStateAndWhatCanBeDone() {
        withPopover { popover, _, _ in
            XCTAssertEqual(popover.button.accessibleLabel, "Calendars")
            XCTAssertEqual(popover.button.tooltip, "Calendars")
            XCTAssertEqual(popover.rows.map(\.nameLabel.text), ["Work", "Holidays"])
            XCTAssertEqual(popover.rows.map(\.visibility.isActive), [true, false], "Holidays is hidden")
            XCTAssertEqual(popover.rows.map(\.visibility.accessibleLabel), ["Show Work", "Show Holidays"])
            XCTAssertEqual(popover.rows.map(\.caption.isVisible), [false, true], "only Holidays says read-only")
            XCTAssertEqual(popover.rows[1].caption.text, "Read-only")
            XCTAssertNotNil(popover.rows[0].editButton)
            XCTAssertNil(popover.rows[1].editButton, "a read-only calendar cannot be edited")
            XCTAssertTrue(popover.rows[0].swatch.hasCSSClass("koyomi-color-1c71d8"), "painted by its colour class")
            XCTAssertTrue(popover.rows[1].swatch.hasCSSClass("koyomi-color-e01b24"))

            popover.button.popup()
            XCTAssertTrue(MainLoop.iterate(until: { popover.popover.isOpen && popover.rows[0].visibility.isMapped }))
        }
    }

    func testFlippingACheckBoxIsReportedAndARenderUpdatesRowsInPlace() {
        withPopover { popover, recorder, _ in
            let workRow = popover.rows[0]
            workRow.visibility.toggle() // what a click does
            XCTAssertEqual(recorder.calls, ["visible /cal/work.ics false"])
            popover.rows[1].visibility.toggle()
            XCTAssertEqual(recorder.calls.last, "visible /samples/holidays.ics true")

            // The coordinator answers with a render of the new state; that is not a user's flip.
            recorder.calls.removeAll()
            var recolored = Self.work
            recolored.name = "Office"
            recolored.color = "#2ec27e"
            popover.render([recolored, Self.holidays], hidden: [Self.work.id])
            XCTAssertEqual(recorder.calls, [], "rendering reports nothing")
            XCTAssertTrue(popover.rows[0] === workRow, "same calendars: the row (and its focus) stays")
            XCTAssertEqual(workRow.nameLabel.text, "Office")
            XCTAssertEqual(workRow.visibility.accessibleLabel, "Show Office")
            XCTAssertFalse(workRow.visibility.isActive)
            XCTAssertTrue(workRow.swatch.hasCSSClass("koyomi-color-2ec27e"))
            XCTAssertFalse(workRow.swatch.hasCSSClass("koyomi-color-1c71d8"), "the old colour class is gone")

            popover.render([Self.holidays], hidden: [])
            XCTAssertEqual(popover.rows.map(\.nameLabel.text), ["Holidays"])
            XCTAssertEqual(popover.list.rows.count, 1)
        }
    }

    func testANewCalendarNeedsANameBeforeItCanBeCreated() {
        withPopover { popover, recorder, _ in
            popover.newCalendarButton.click()
            guard let dialog = popover.editDialog else { return XCTFail("no dialog") }
            XCTAssertEqual(dialog.dialog.title, "New Calendar")
            XCTAssertNil(dialog.removeButton, "nothing to remove yet")
            XCTAssertFalse(dialog.dialog.isSaveEnabled, "an empty name cannot be saved")
            XCTAssertFalse(dialog.nameError.isVisible, "no scolding before the user typed")

            dialog.nameEntry.text = "F"
            XCTAssertTrue(dialog.dialog.isSaveEnabled)
            dialog.nameEntry.text = "   "
            XCTAssertFalse(dialog.dialog.isSaveEnabled, "spaces are no name")
            XCTAssertTrue(dialog.nameError.isVisible)
            XCTAssertEqual(dialog.nameError.text, "A calendar needs a name.")
            dialog.dialog.saveButton.click() // insensitive in GTK; the dialog must refuse too
            XCTAssertEqual(recorder.calls, [])

            dialog.nameEntry.text = "  Family "
            XCTAssertFalse(dialog.nameError.isVisible)
            XCTAssertEqual(dialog.colorHex, "#3584e4", "the first palette colour no calendar uses")
            dialog.colorButton.color = RGBA(parsing: "#ff7800")!
            dialog.dialog.saveButton.click()
            XCTAssertEqual(recorder.calls, ["create Family #ff7800"], "trimmed name, #rrggbb colour")
            XCTAssertTrue(MainLoop.iterate(until: { popover.editDialog == nil }), "the dialog closed")
        }
    }

    func testEditingReportsOnlyWhatChanged() {
        withPopover { popover, recorder, _ in
            popover.rows[0].editButton?.click()
            guard let dialog = popover.editDialog else { return XCTFail("no dialog") }
            XCTAssertEqual(dialog.dialog.title, "Edit Calendar")
            XCTAssertEqual(dialog.nameEntry.text, "Work")
            XCTAssertEqual(dialog.colorHex, "#1c71d8")
            XCTAssertTrue(dialog.dialog.isSaveEnabled)
            dialog.nameEntry.text = ""
            XCTAssertTrue(dialog.nameError.isVisible, "emptying a name says why Save went grey")
            dialog.nameEntry.text = "Office"
            dialog.dialog.saveButton.click()
            XCTAssertEqual(recorder.calls, ["rename /cal/work.ics Office"], "the colour did not change")

            recorder.calls.removeAll()
            popover.openEditDialog(for: Self.work)
            popover.editDialog?.colorButton.color = RGBA(parsing: "#9141ac")!
            popover.editDialog?.dialog.saveButton.click()
            XCTAssertEqual(recorder.calls, ["recolor /cal/work.ics #9141ac"])

            recorder.calls.removeAll()
            popover.openEditDialog(for: Self.holidays)
            XCTAssertEqual(recorder.calls, [])
        }
    }

    func testRemovingAsksFirstAndOnlyRemoveReachesTheDelegate() {
        withPopover { popover, recorder, _ in
            popover.openEditDialog(for: Self.work)
            guard let removeButton = popover.editDialog?.removeButton else { return XCTFail("no remove button") }
            XCTAssertEqual(removeButton.label, "Remove Calendar…")
            removeButton.click()
            guard let question = popover.confirmation else { return XCTFail("no confirmation") }
            XCTAssertEqual(question.heading, "Remove “Work”?")
            XCTAssertEqual(recorder.calls, [], "nothing is removed before the user confirms")
            adw_message_dialog_response(question.cast(), "cancel")
            XCTAssertEqual(recorder.calls, [])
            XCTAssertNil(popover.confirmation)

            popover.confirmRemoval(of: Self.work)
            guard let again = popover.confirmation else { return XCTFail("no confirmation") }
            adw_message_dialog_response(again.cast(), "remove")
            XCTAssertEqual(recorder.calls, ["remove /cal/work.ics"])
        }
    }

    func testSuggestedColoursSkipTheOnesInUse() {
        XCTAssertEqual(CalendarsPopover.suggestedColor(avoiding: []), "#3584e4")
        XCTAssertEqual(CalendarsPopover.suggestedColor(avoiding: ["#3584E4", "rgb(230,97,0)"]), "#2ec27e",
                       "compared as colours, not as text")
        XCTAssertEqual(CalendarsPopover.suggestedColor(avoiding: CalendarPalette.colors), "#3584e4")
    }
}
