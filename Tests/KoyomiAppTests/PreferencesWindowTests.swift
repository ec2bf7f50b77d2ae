import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The Preferences window on the real calendar window: its controls, and what they write.
final class PreferencesWindowTests: AppTestCase, @unchecked Sendable {
    private var configHome: URL { directory.appendingPathComponent("config") }
    private var environment: [String: String] { ["XDG_CONFIG_HOME": configHome.path, "HOME": directory.path] }
    private var settingsPath: String { configHome.appendingPathComponent("koyomi/settings.ini").path }

    /// Opens the calendar window, then Preferences over it, and waits until both are on screen.
    @MainActor
    private func openPreferences(store: SettingsStore, locale: String = "en_US") throws -> PreferencesController {
        _ = openWindow([try sampleCalendar()], locale: locale)
        let preferences = PreferencesController(store: store, parent: window.window,
                                                locale: LocaleSettings.fromEnvironment(["LANG": locale + ".UTF-8"]), desktop: { .none })
        preferences.present()
        XCTAssertTrue(MainLoop.iterate(until: { preferences.window.isMapped }), "Preferences never appeared")
        return preferences
    }

    private func fileText() throws -> String { try String(contentsOfFile: settingsPath, encoding: .utf8) }

    func testPreferencesIsAModalWindowOverTheCalendarWithLabelledControls() throws {
        try MainActor.assumeIsolated {
            let preferences = try openPreferences(store: SettingsStore(environment: environment))
            XCTAssertEqual(preferences.window.typeName, "AdwWindow", "a plain window: AdwPreferencesWindow leaks in 1.2")
            XCTAssertTrue(preferences.window.isModal)
            XCTAssertTrue(preferences.window.isTransient(for: window.window))
            XCTAssertEqual(preferences.window.title, "Preferences")

            XCTAssertEqual(preferences.firstWeekdayRow.title, "First day of the week")
            XCTAssertEqual(preferences.firstWeekdayRow.items,
                           ["Automatic (Sunday)", "Sunday", "Monday", "Tuesday", "Wednesday",
                            "Thursday", "Friday", "Saturday"])
            XCTAssertEqual(preferences.firstWeekdayRow.selectedIndex, 0, "automatic until the user chooses")
            XCTAssertFalse(preferences.weekNumbersRow.isOn)
            var painted = false
            preferences.window.afterNextPaint { painted = true }
            XCTAssertTrue(MainLoop.iterate(until: { painted }))
            XCTAssertEqual(preferences.window.cutOffTexts, [], "every text is shown whole (issue 14)")

            XCTAssertEqual(preferences.firstWeekdayRow.accessibleLabel, "First day of the week")
            XCTAssertEqual(preferences.weekNumbersRow.toggle.accessibleLabel, "Show week numbers")
            XCTAssertTrue(preferences.weekNumbersRow.toggle.isMapped, "the switch is on screen")
            XCTAssertFalse(FileManager.default.fileExists(atPath: settingsPath), "opening Preferences writes nothing")
        }
    }

    func testFlippingTheControlsSavesAtOnce() throws {
        try MainActor.assumeIsolated {
            let store = SettingsStore(environment: environment)
            let preferences = try openPreferences(store: store)
            var heard: [Settings] = []
            let observation = store.observe { heard.append($0) }

            preferences.weekNumbersRow.isOn = true
            XCTAssertEqual(store.settings.showsWeekNumbers, true)
            XCTAssertTrue(try fileText().contains("\nweek-numbers=true"))

            preferences.firstWeekdayRow.selectedIndex = 2 // Monday
            XCTAssertEqual(store.settings.firstWeekday, 2)
            XCTAssertTrue(try fileText().contains("first-weekday=2"))
            XCTAssertEqual(SettingsStore(environment: environment).settings,
                           Settings(firstWeekday: 2, showsWeekNumbers: true), "a restart reads the same")

            preferences.firstWeekdayRow.selectedIndex = 7 // Saturday
            XCTAssertEqual(store.settings.firstWeekday, 7)
            preferences.firstWeekdayRow.selectedIndex = 0 // back to the locale
            XCTAssertNil(store.settings.firstWeekday)
            XCTAssertFalse(try fileText().contains("first-weekday"))
            XCTAssertEqual(heard.count, 4, "one notification per change")
            observation.cancel()
        }
    }

    func testControlsFollowChangesMadeElsewhere() throws {
        try MainActor.assumeIsolated {
            let store = SettingsStore(environment: environment)
            let preferences = try openPreferences(store: store)
            store.update {
                $0.firstWeekday = 1
                $0.showsWeekNumbers = true
            }
            XCTAssertEqual(preferences.firstWeekdayRow.selectedIndex, 1)
            XCTAssertTrue(preferences.weekNumbersRow.isOn)
        }
    }

    func testStoredSettingsShowWhenPreferencesOpens() throws {
        try FileManager.default.createDirectory(atPath: (settingsPath as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data("[Calendar]\nfirst-weekday=7\nshow-week-numbers=true\n".utf8).write(to: URL(fileURLWithPath: settingsPath))
        let before = try fileText()
        try MainActor.assumeIsolated {
            let preferences = try openPreferences(store: SettingsStore(environment: environment))
            XCTAssertEqual(preferences.firstWeekdayRow.selectedIndex, 7)
            XCTAssertTrue(preferences.weekNumbersRow.isOn)
        }
        XCTAssertEqual(try fileText(), before, "showing the stored values writes nothing")
    }

    func testWeekdayNamesComeFromTheLocale() throws {
        try MainActor.assumeIsolated {
            let preferences = try openPreferences(store: SettingsStore(environment: environment), locale: "ja_JP")
            XCTAssertEqual(Array(preferences.firstWeekdayRow.items.dropFirst()),
                           ["日曜日", "月曜日", "火曜日", "水曜日", "木曜日", "金曜日", "土曜日"])
        }
        XCTAssertEqual(PreferencesController.weekdayChoices(
            locale: LocaleSettings.fromEnvironment(["LANG": "de_DE.UTF-8"])), ["Automatic (Montag)", "Sonntag", "Montag",
                                                                        "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"])
    }

    func testACorruptSettingsFileIsKeptAsBrokenWhenTheUserChangesSomething() throws {
        let garbage = "[Calendar\nshow-week-numbers=true\n\u{7F}garbage"
        try FileManager.default.createDirectory(atPath: (settingsPath as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(garbage.utf8).write(to: URL(fileURLWithPath: settingsPath))
        try MainActor.assumeIsolated {
            let store = SettingsStore(environment: environment)
            XCTAssertEqual(store.problems.count, 1, "the damage is reported")
            let preferences = try openPreferences(store: store)
            XCTAssertFalse(preferences.weekNumbersRow.isOn, "defaults are shown")
            XCTAssertEqual(try fileText(), garbage, "opening Preferences leaves the file alone")

            preferences.weekNumbersRow.isOn = true
            XCTAssertEqual(try String(contentsOfFile: settingsPath + ".broken", encoding: .utf8), garbage)
            XCTAssertEqual(SettingsStore(environment: environment).settings.showsWeekNumbers, true)
        }
    }

    func testAMissingConfigFolderIsCreated() throws {
        let deep = directory.appendingPathComponent("not/yet/there")
        let environment = ["XDG_CONFIG_HOME": deep.path]
        try MainActor.assumeIsolated {
            let store = SettingsStore(environment: environment)
            let preferences = try openPreferences(store: store)
            preferences.firstWeekdayRow.selectedIndex = 3
            XCTAssertEqual(store.problems, [])
        }
        let text = try String(contentsOfFile: deep.appendingPathComponent("koyomi/settings.ini").path, encoding: .utf8)
        XCTAssertTrue(text.contains("first-weekday=3"), text)
    }

    func testClosingPreferencesFreesItAndLeavesTheCalendarWindow() throws {
        try MainActor.assumeIsolated {
            let store = SettingsStore(environment: environment)
            var preferences: PreferencesController? = try openPreferences(store: store)
            var closed = false
            preferences?.onClosed = { closed = true }
            weak let weakPreferences = preferences
            let windowProbe = preferences.map { WeakObjectProbe($0.window) }
            let rowProbes = preferences.map {
                [WeakObjectProbe($0.weekNumbersRow), WeakObjectProbe($0.weekNumbersRow.toggle),
                 WeakObjectProbe($0.firstWeekdayRow)]
            } ?? []

            preferences?.window.close()
            XCTAssertTrue(MainLoop.iterate(until: { closed }), "closing reports onClosed")
            preferences = nil
            MainLoop.drain()
            XCTAssertNil(weakPreferences, "the controller is freed")
            XCTAssertEqual(windowProbe?.isAlive, false, "the preferences window is freed")
            XCTAssertEqual(rowProbes.map(\.isAlive), [false, false, false],
                           "and its group, rows and switch with it (libadwaita 1.2 would leak them)")
            XCTAssertTrue(window.window.isVisible, "the calendar window stays")

            store.update { $0.showsWeekNumbers = true } // no observer left to touch freed widgets
            XCTAssertEqual(store.settings.showsWeekNumbers, true)
        }
    }
}

/// Preferences' Reminders group: how long Snooze waits, and the log-in entry.
final class ReminderPreferencesTests: AppTestCase, @unchecked Sendable {
    func testSnoozeTimeIsSavedAndRunningInTheBackgroundSwitchesTheUsersAutostartEntry() throws {
        try MainActor.assumeIsolated {
            let config = directory.appendingPathComponent("config")
            let system = directory.appendingPathComponent("xdg")
            let environment = ["XDG_CONFIG_HOME": config.path, "HOME": directory.path, "XDG_CONFIG_DIRS": system.path]
            let store = SettingsStore(environment: environment)
            _ = openWindow([try sampleCalendar()])
            let autostart = AutostartEntry(environment: environment, executable: "/opt/koyomi/bin/koyomi")
            let preferences = PreferencesController(store: store, parent: window.window, locale: LocaleSettings.fromEnvironment([:]), desktop: { .none },
                                                    autostart: autostart)
            var heard: [Bool] = []
            preferences.onBackgroundChanged = { heard.append($0) }
            preferences.present()
            XCTAssertTrue(MainLoop.iterate(until: { preferences.window.isMapped }))
            XCTAssertEqual(preferences.snoozeRow.items, ["5 minutes", "10 minutes", "15 minutes", "30 minutes", "60 minutes"])
            XCTAssertEqual(preferences.snoozeRow.selectedIndex, 1, "10 minutes until the user chooses")
            preferences.snoozeRow.selectedIndex = 3
            XCTAssertEqual(store.settings.snoozeMinutes, 30)
            XCTAssertTrue(try String(contentsOfFile: store.path, encoding: .utf8).contains("[Reminders]\nsnooze-minutes=30"))

            // Run from a build folder (no system entry): off, and on writes the user's own entry.
            let row = try XCTUnwrap(preferences.backgroundRow)
            XCTAssertEqual(row.title, "Run in the background for reminders")
            XCTAssertFalse(row.isOn)
            row.isOn = true
            let user = config.appendingPathComponent("autostart/app.koyomi.Koyomi.desktop")
            XCTAssertTrue(try String(contentsOf: user, encoding: .utf8).contains("Exec=/opt/koyomi/bin/koyomi --background\n"))
            row.isOn = false
            XCTAssertFalse(FileManager.default.fileExists(atPath: user.path))
            XCTAssertEqual(heard, [true, false])

            // Installed (a system entry): on; off hides it for this user only, on again removes that.
            let entry = system.appendingPathComponent("autostart/app.koyomi.Koyomi.desktop")
            try FileManager.default.createDirectory(at: entry.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(AutostartEntry.entry(executable: "/usr/bin/koyomi").utf8).write(to: entry)
            XCTAssertTrue(autostart.isEnabled)
            try autostart.setEnabled(false)
            XCTAssertTrue(try String(contentsOf: user, encoding: .utf8).hasSuffix("Hidden=true\n"))
            XCTAssertFalse(autostart.isEnabled)
            try autostart.setEnabled(true)
            XCTAssertFalse(FileManager.default.fileExists(atPath: user.path))
            XCTAssertTrue(autostart.isEnabled)
            preferences.window.close()
        }
    }
}
