import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// What the plan editor's tests share: a parent application, calendars, a pinned "now" and
/// calendar (UTC, en_US, so the week starts on Sunday unless a test says so), and helpers
/// that open the dialog and use its fields as a user does.
// @unchecked Sendable: every test touches it from the main thread only, inside MainActor.assumeIsolated.
class PlanEditorTestCase: XCTestCase, @unchecked Sendable {
    /// Its own application (not AppTestCase's): the dialog needs only a parent window.
    @MainActor static let application: Application = {
        let application = Application(id: "app.koyomi.Tests.PlanEditor", flags: [.nonUnique])
        application.register()
        return application
    }()

    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        calendar.locale = Locale(identifier: "en_US")
        return calendar
    }()
    let work = CalendarInfo(id: CalendarID("work"), name: "Work", color: "#e66100", isReadOnly: false)
    let home = CalendarInfo(id: CalendarID("home"), name: "Home", color: "#1c71d8", isReadOnly: false)
    let samples = CalendarInfo(id: CalendarID("samples"), name: "Samples", color: "#333", isReadOnly: true)
    @MainActor static let colors = ColorClasses()
    @MainActor var colors: ColorClasses { Self.colors }
    /// Sunday 2026-11-29 12:00 UTC.
    let now = Date(timeIntervalSince1970: 1_795_953_600)

    override func setUpWithError() throws {
        let ready = MainActor.assumeIsolated { GtkRuntime.initialize() }
        guard ready else {
            XCTFail("GTK could not open a display: run the tests under Xvfb (see README)")
            throw XCTSkip("no display")
        }
    }

    @MainActor
    func openEditor(_ form: PlanForm, isNew: Bool, firstWeekday: Int = 1,
                            in parent: Window) -> PlanEditorDialog {
        let editor = PlanEditorDialog(parent: parent, form: form, calendars: [samples, work, home], isNew: isNew,
                                      userZone: calendar.timeZone, firstWeekday: firstWeekday, calendar: calendar,
                                      colors: colors)
        var painted = false
        editor.dialog.afterNextPaint { painted = true }
        editor.present()
        XCTAssertTrue(MainLoop.iterate(until: { painted }), "the dialog was never painted")
        return editor
    }

    /// Types `text` into `entry` as a user does: focus in, the text, then on to another field
    /// (Location, which nothing validates), so the field counts as left.
    @MainActor
    func type(_ text: String, into entry: Entry, of editor: PlanEditorDialog) {
        entry.grabFocus()
        entry.text = text
        editor.fields.locationEntry.grabFocus()
    }

    /// Waits for the dialog's next frame, so sizes and positions are those on screen.
    @MainActor
    func paint(_ editor: PlanEditorDialog) {
        var painted = false
        editor.dialog.afterNextPaint { painted = true }
        XCTAssertTrue(MainLoop.iterate(until: { painted }), "the dialog was never painted again")
    }

    @MainActor
    func newForm() -> PlanForm {
        PlanForm(newOn: CalendarDay(year: 2026, month: 12, day: 3)!, now: now, calendar: calendar, calendarID: work.id)
    }
}
