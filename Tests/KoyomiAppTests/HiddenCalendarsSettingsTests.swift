import CalendarModel
import Foundation
@testable import KoyomiApp
import TestSupport
import XCTest

/// Which calendars are switched off survives a restart, whatever their paths look like.
final class HiddenCalendarsSettingsTests: XCTestCase {
    private var folder: URL!
    private var environment: [String: String] { ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path] }
    private var settingsPath: String { folder.appendingPathComponent("config/koyomi/settings.ini").path }

    override func setUpWithError() throws {
        folder = try TestEnvironment.makeFolder("koyomi-hidden")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func fileText() throws -> String { try String(contentsOfFile: settingsPath, encoding: .utf8) }

    func testNothingIsHiddenByDefault() {
        XCTAssertEqual(Settings.defaults.hiddenCalendars, [])
        XCTAssertEqual(SettingsStore(environment: environment).settings.hiddenCalendars, [])
    }

    func testHiddenCalendarsSurviveARestartEvenWithOddPaths() throws {
        let ids: Set<CalendarID> = [
            CalendarID("/home/u/.local/share/koyomi/calendars/work.ics"),
            CalendarID("/media/usb/semi;colon,comma=equals [x].ics"),
            CalendarID("/home/u/日本語 and spaces\\back.ics"),
        ]
        let store = SettingsStore(environment: environment)
        XCTAssertTrue(store.update { $0.hiddenCalendars = ids })
        XCTAssertEqual(store.problems, [])
        let text = try fileText()
        XCTAssertTrue(text.contains("hidden-calendars="), text)

        XCTAssertEqual(SettingsStore(environment: environment).settings.hiddenCalendars, ids)
    }

    /// A built-in calendar off by default that the user switched on (issue 40) is kept as shown.
    func testShownBuiltInCalendarsSurviveARestart() throws {
        let store = SettingsStore(environment: environment)
        XCTAssertTrue(store.update { $0.shownCalendars = [CalendarID("koyomi:holidays/jp")] })
        let text = try fileText()
        XCTAssertTrue(text.contains("shown-calendars=koyomi:holidays/jp"), text)
        XCTAssertEqual(SettingsStore(environment: environment).settings.shownCalendars, [CalendarID("koyomi:holidays/jp")])
        store.update { $0.shownCalendars = [] }
        XCTAssertFalse(try fileText().contains("shown-calendars"))
    }

    func testShowingEveryCalendarAgainRemovesTheKey() throws {
        let store = SettingsStore(environment: environment)
        store.update { $0.hiddenCalendars = [CalendarID("/a.ics")] }
        store.update { $0.hiddenCalendars = [] }
        XCTAssertFalse(try fileText().contains("hidden-calendars"), "nothing hidden is written as no key")
        XCTAssertEqual(SettingsStore(environment: environment).settings.hiddenCalendars, [])
    }

    func testAHandWrittenListIsReadLineByLine() throws {
        let url = URL(fileURLWithPath: settingsPath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("[Calendar]\nhidden-calendars=/a.ics\\n\\n/b c.ics\\n\n".utf8).write(to: url)
        let store = SettingsStore(environment: environment)
        XCTAssertEqual(store.settings.hiddenCalendars, [CalendarID("/a.ics"), CalendarID("/b c.ics")],
                       "empty lines are skipped")
        XCTAssertEqual(store.problems, [])
    }

    func testTheListIsWrittenSortedAndWithoutUnreadableIDs() {
        XCTAssertEqual(SettingsStore.text(of: [CalendarID("/b"), CalendarID("/a"), CalendarID("/c\nd"), CalendarID("")]),
                       "/a\n/b", "sorted so saving twice writes the same; a line break could not be read back")
        XCTAssertNil(SettingsStore.text(of: []))
        XCTAssertEqual(SettingsStore.calendarIDs(in: "/a\n/b"), [CalendarID("/a"), CalendarID("/b")])
    }
}
