import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// GNOME's clock format and week numbers, followed live in a GNOME session unless Preferences
/// say otherwise. GSettings' memory backend (scripts/test) holds the desktop's values; every
/// test puts back the schemas' defaults.
final class DesktopSettingsWindowTests: AppTestCase {
    private func calendarWithATea() throws -> String {
        try writeCalendar("tea.ics", """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        BEGIN:VEVENT\r
        UID:tea\r
        DTSTAMP:20261101T000000Z\r
        DTSTART:20261129T140000Z\r
        DTEND:20261129T150000Z\r
        SUMMARY:Tea\r
        END:VEVENT\r
        END:VCALENDAR\r

        """)
    }

    @MainActor
    private func gnomeSettings() throws -> (interface: GioSettings, calendar: GioSettings) {
        let interface = try XCTUnwrap(GioSettings.installed(schema: "org.gnome.desktop.interface"),
                                      "gsettings-desktop-schemas is installed by scripts/setup --test")
        let calendar = try XCTUnwrap(GioSettings.installed(schema: "org.gnome.desktop.calendar"))
        return (interface, calendar)
    }

    @MainActor private var range: String { rowRanges.first?.replacingOccurrences(of: "\u{202F}", with: " ") ?? "" }

    func testAGNOMESessionsClockAndWeekNumbersAreFollowedLive() throws {
        let path = try calendarWithATea()
        try MainActor.assumeIsolated {
            let gnome = try gnomeSettings()
            defer {
                gnome.interface.reset("clock-format")
                gnome.calendar.reset("show-weekdate")
            }
            desktopEnvironment = ["XDG_CURRENT_DESKTOP": "ubuntu:GNOME"]
            let controller = openWindow([path])
            XCTAssertEqual(range, "14:00 – 15:00", "GNOME's default is a 24-hour clock")
            XCTAssertFalse(window.grid.showsWeekNumbers)

            gnome.interface.set("clock-format", string: "12h")
            XCTAssertTrue(MainLoop.iterate(until: { self.range == "2:00 PM – 3:00 PM" }), range)
            gnome.calendar.set("show-weekdate", bool: true)
            XCTAssertTrue(MainLoop.iterate(until: { self.window.grid.showsWeekNumbers }), "week numbers follow GNOME's calendar")
            XCTAssertEqual(window.grid.weekLabels.first?.accessibleLabel, "Week 45")

            // Preferences override the desktop, and the desktop's later changes leave them be.
            controller.settings.update { $0.usesTwentyFourHourClock = true }
            XCTAssertEqual(range, "14:00 – 15:00")
            gnome.interface.set("clock-format", string: "24h")
            gnome.interface.set("clock-format", string: "12h")
            MainLoop.drain()
            XCTAssertEqual(range, "14:00 – 15:00", "the user's own choice stays")
            controller.settings.update { $0.showsWeekNumbers = false }
            XCTAssertFalse(window.grid.showsWeekNumbers)
        }
    }

    /// Outside GNOME the schemas' defaults are nobody's choice: the locale's clock (12-hour in
    /// en_US) stays, until someone sets the key.
    func testOutsideGNOMEOnlyAKeySomeoneSetCounts() throws {
        let path = try calendarWithATea()
        try MainActor.assumeIsolated {
            let gnome = try gnomeSettings()
            defer { gnome.interface.reset("clock-format") }
            _ = openWindow([path])
            XCTAssertEqual(range, "2:00 PM – 3:00 PM", "the locale's clock, not the schema's 24h default")
            gnome.interface.set("clock-format", string: "24h")
            XCTAssertTrue(MainLoop.iterate(until: { self.range == "14:00 – 15:00" }), range)
        }
    }

    /// The switch shows what is in force and the editor writes times on that clock.
    func testPreferencesSwitchShowsTheClockInForceAndTheEditorFollows() throws {
        let path = try calendarWithATea()
        try MainActor.assumeIsolated {
            let gnome = try gnomeSettings()
            defer { gnome.interface.reset("clock-format") }
            desktopEnvironment = ["XDG_CURRENT_DESKTOP": "GNOME"]
            let controller = openWindow([path])
            controller.showPreferences()
            let preferences = try XCTUnwrap(controller.preferences)
            XCTAssertTrue(preferences.clockRow.isOn, "GNOME says 24-hour")
            XCTAssertEqual(preferences.clockRow.title, "24-hour clock")
            preferences.clockRow.isOn = false
            XCTAssertEqual(controller.settings.settings.usesTwentyFourHourClock, false)
            XCTAssertEqual(range, "2:00 PM – 3:00 PM")
            controller.mainWindow.window.activateAction("win.new-plan")
            let editor = try XCTUnwrap(controller.editing.editor)
            XCTAssertEqual(editor.fields.startTimeEntry.text.replacingOccurrences(of: "\u{202F}", with: " "), "1:00 PM",
                           "the next whole hour after noon, on the 12-hour clock")
            editor.dialog.close()
            preferences.clockRow.isOn = true
            XCTAssertNil(controller.settings.settings.usesTwentyFourHourClock, "as the desktop: follows it again")
            XCTAssertEqual(range, "14:00 – 15:00")
            preferences.window.close()
        }
    }
}
