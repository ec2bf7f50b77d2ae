import CalendarModel
import Foundation
@testable import KoyomiApp
import TestSupport
import XCTest

/// Settings on disk: where they live, what a first run, a damaged file and a change do.
final class SettingsStoreTests: XCTestCase {
    private var folder: URL!
    private var environment: [String: String] { ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path] }
    private var settingsPath: String { folder.appendingPathComponent("config/koyomi/settings.ini").path }

    override func setUpWithError() throws {
        folder = try TestEnvironment.makeFolder("koyomi-settings")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func writeSettings(_ text: String) throws {
        let url = URL(fileURLWithPath: settingsPath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func fileText() throws -> String { try String(contentsOfFile: settingsPath, encoding: .utf8) }

    func testPathFollowsXDGConfigHomeThenHome() {
        XCTAssertEqual(SettingsStore.path(environment: ["XDG_CONFIG_HOME": "/x/conf", "HOME": "/home/u"]),
                       "/x/conf/koyomi/settings.ini")
        XCTAssertEqual(SettingsStore.path(environment: ["HOME": "/home/u"]), "/home/u/.config/koyomi/settings.ini")
        XCTAssertEqual(SettingsStore.path(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/u"]),
                       "/home/u/.config/koyomi/settings.ini", "empty means unset")
        XCTAssertEqual(SettingsStore.path(environment: ["XDG_CONFIG_HOME": "relative/conf", "HOME": "/home/u"]),
                       "/home/u/.config/koyomi/settings.ini", "the XDG spec says to ignore a relative path")
    }

    func testFirstRunGivesDefaultsQuietlyAndWritesNothing() {
        let store = SettingsStore(environment: environment)
        XCTAssertEqual(store.settings, .defaults)
        XCTAssertEqual(store.problems, [], "no file yet is normal, not a problem")
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.path), "reading creates nothing")
    }

    func testAChangeCreatesTheFolderAndSurvivesARestart() throws {
        let store = SettingsStore(environment: environment)
        XCTAssertTrue(store.update {
            $0.firstWeekday = 2
            $0.showsWeekNumbers = true
            $0.windowWidth = 1_000
            $0.windowHeight = 640
            $0.isMaximized = true
        })
        XCTAssertEqual(store.problems, [])
        let text = try fileText()
        XCTAssertTrue(text.contains("[Calendar]") && text.contains("first-weekday=2"), text)
        XCTAssertTrue(text.contains("\nweek-numbers=true"), text)
        XCTAssertTrue(text.contains("[Window]") && text.contains("width=1000") && text.contains("maximized=true"), text)

        let restarted = SettingsStore(environment: environment)
        XCTAssertEqual(restarted.settings, Settings(firstWeekday: 2, showsWeekNumbers: true, windowWidth: 1_000,
                                                    windowHeight: 640, isMaximized: true))

        restarted.update { $0.firstWeekday = nil }
        XCTAssertFalse(try fileText().contains("first-weekday"), "automatic is written as no key at all")
        XCTAssertNil(SettingsStore(environment: environment).settings.firstWeekday)
    }

    func testObserversHearRealChangesOnly() {
        let store = SettingsStore(environment: environment)
        var heard: [Settings] = []
        let observation = store.observe { heard.append($0) }
        store.update { $0.showsWeekNumbers = true }
        store.update { $0.showsWeekNumbers = true } // no change: no call, no write
        store.update { $0.firstWeekday = 42 } // invalid: stays automatic, so no change either
        XCTAssertEqual(heard.map(\.showsWeekNumbers), [true])
        XCTAssertEqual(heard.first?.firstWeekday, nil)

        observation.cancel()
        store.update { $0.showsWeekNumbers = false }
        XCTAssertEqual(heard.count, 1, "a cancelled observation is not called")

        var released: [Settings] = []
        _ = store.observe { released.append($0) } // discarded at once: cancelled at once
        store.update { $0.showsWeekNumbers = true }
        XCTAssertEqual(released, [])
    }

    func testACorruptFileGivesDefaultsAMessageAndIsKeptBeforeTheFirstSave() throws {
        let garbage = "[Calendar\nfirst-weekday=2\n\u{1}\u{2} not a key file"
        try writeSettings(garbage)
        let store = SettingsStore(environment: environment)
        XCTAssertEqual(store.settings, .defaults)
        XCTAssertEqual(store.problems.count, 1)
        XCTAssertTrue(store.problems[0].contains(store.path), store.problems[0])
        XCTAssertTrue(store.problems[0].contains("settings.ini.broken"), store.problems[0])
        XCTAssertEqual(try fileText(), garbage, "loading never touches the file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.brokenCopyPath))

        XCTAssertTrue(store.update { $0.showsWeekNumbers = true })
        XCTAssertEqual(try String(contentsOfFile: store.brokenCopyPath, encoding: .utf8), garbage,
                       "the damaged file is copied aside, byte for byte")
        XCTAssertEqual(SettingsStore(environment: environment).settings.showsWeekNumbers, true,
                       "and a readable file takes its place")
    }

    func testNothingIsWrittenWhenTheBrokenFileCannotBeKept() throws {
        let garbage = "not a key file"
        try writeSettings(garbage)
        let store = SettingsStore(environment: environment)
        // A folder where the copy should go: it must be neither deleted nor written into.
        let blocker = store.brokenCopyPath + "/keep-me"
        try FileManager.default.createDirectory(atPath: blocker, withIntermediateDirectories: true)

        XCTAssertFalse(store.update { $0.showsWeekNumbers = true })
        XCTAssertEqual(try fileText(), garbage, "the unreadable file is not overwritten")
        XCTAssertTrue(FileManager.default.fileExists(atPath: blocker))
        XCTAssertEqual(store.problems.count, 2, store.problems.description)
        XCTAssertTrue(store.problems[1].contains("not saved"), store.problems[1])

        // Once the way is clear, the next change keeps the copy and saves.
        try FileManager.default.removeItem(atPath: store.brokenCopyPath)
        XCTAssertTrue(store.update { $0.showsWeekNumbers = false })
        XCTAssertEqual(try String(contentsOfFile: store.brokenCopyPath, encoding: .utf8), garbage)
        XCTAssertTrue(try fileText().contains("\nweek-numbers=false"))
    }

    func testAFolderNamedLikeTheSettingsFileIsLeftAlone() throws {
        try FileManager.default.createDirectory(atPath: settingsPath + "/inside", withIntermediateDirectories: true)
        let store = SettingsStore(environment: environment)
        XCTAssertEqual(store.settings, .defaults)
        XCTAssertEqual(store.problems.count, 1, "reported, not crashed on")
        XCTAssertFalse(store.update { $0.isMaximized = true })
        XCTAssertTrue(FileManager.default.fileExists(atPath: settingsPath + "/inside"), "nothing was deleted")
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.brokenCopyPath), "and nothing copied")
    }

    /// Week numbers and the clock are written only when chosen: no key follows the desktop.
    /// Older versions always wrote "show-week-numbers": its "false" was no choice at all.
    func testWeekNumbersAndClockAreWrittenOnlyWhenChosen() throws {
        try writeSettings("[Calendar]\nshow-week-numbers=false\nclock-format=25h\n")
        var store = SettingsStore(environment: environment)
        XCTAssertNil(store.settings.showsWeekNumbers, "the old default follows the desktop")
        XCTAssertNil(store.settings.usesTwentyFourHourClock)
        XCTAssertEqual(store.problems.count, 1)
        XCTAssertTrue(store.problems.first?.contains("clock-format=25h (not 12h or 24h)") == true, store.problems.description)
        store.update { $0.usesTwentyFourHourClock = true }
        var text = try fileText()
        XCTAssertFalse(text.contains("week-numbers"), text)
        XCTAssertTrue(text.contains("\nclock-format=24h"), text)
        store = SettingsStore(environment: environment)
        XCTAssertEqual(store.settings.usesTwentyFourHourClock, true)
        store.update {
            $0.usesTwentyFourHourClock = false
            $0.showsWeekNumbers = false
        }
        text = try fileText()
        XCTAssertTrue(text.contains("\nclock-format=12h") && text.contains("\nweek-numbers=false"), text)
        XCTAssertEqual(SettingsStore(environment: environment).settings.showsWeekNumbers, false, "a choice now")
        store.update {
            $0.usesTwentyFourHourClock = nil
            $0.showsWeekNumbers = nil
        }
        text = try fileText()
        XCTAssertFalse(text.contains("clock-format") || text.contains("week-numbers"), text)
    }

    func testInvalidValuesAreIgnoredOneByOne() throws {
        try writeSettings("""
        # written by hand
        [Calendar]
        first-weekday=9
        show-week-numbers=yes please
        [Window]
        width=wide
        height=100000
        maximized=true
        [Future]
        colour=blue
        """)
        let store = SettingsStore(environment: environment)
        XCTAssertEqual(store.settings, Settings(windowHeight: Settings.heightRange.upperBound, isMaximized: true),
                       "good values are used, bad ones keep their defaults, sizes are clamped")
        XCTAssertEqual(store.problems.count, 3, store.problems.joined(separator: "\n"))
        XCTAssertTrue(store.problems.contains { $0.contains("first-weekday=9") }, store.problems.description)
        XCTAssertTrue(store.problems.contains { $0.contains("show-week-numbers") }, store.problems.description)
        XCTAssertTrue(store.problems.contains { $0.contains("width") }, store.problems.description)

        store.update { $0.firstWeekday = 1 }
        let text = try fileText()
        XCTAssertTrue(text.contains("# written by hand") && text.contains("colour=blue"),
                      "comments and unknown keys survive a save: \(text)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.brokenCopyPath),
                       "a readable file with odd values is not 'broken'")
    }

    func testASaveThatFailsIsReportedAndTheValueStillHolds() throws {
        // A plain file where the koyomi folder should be: the folder cannot be created.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("config"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("config/koyomi"))
        let store = SettingsStore(environment: environment)
        var heard = 0
        let observation = store.observe { _ in heard += 1 }
        XCTAssertFalse(store.update { $0.showsWeekNumbers = true })
        XCTAssertEqual(store.settings.showsWeekNumbers, true, "this run keeps the choice")
        XCTAssertEqual(heard, 1)
        XCTAssertEqual(store.problems.count, 1)
        XCTAssertTrue(store.problems[0].contains("koyomi"), store.problems[0])
        observation.cancel()
    }

    func testPanelPositionSurvivesARestartAndAnUnknownOneIsIgnored() throws {
        let store = SettingsStore(environment: environment)
        XCTAssertNil(store.settings.panelPosition, "a first run has no position: the panel starts at half")
        XCTAssertTrue(store.update { $0.panelPosition = .full })
        let text = try fileText()
        XCTAssertTrue(text.contains("[Window]") && text.contains("panel=full"), text)
        XCTAssertEqual(SettingsStore(environment: environment).settings.panelPosition, .full)

        store.update { $0.panelPosition = .tip }
        XCTAssertEqual(SettingsStore(environment: environment).settings.panelPosition, .tip)
        store.update { $0.panelPosition = nil }
        XCTAssertFalse(try fileText().contains("panel="), "the default is written as no key at all")
        XCTAssertNil(SettingsStore(environment: environment).settings.panelPosition)

        try writeSettings("[Window]\nwidth=800\npanel=sideways\n")
        let odd = SettingsStore(environment: environment)
        XCTAssertEqual(odd.settings, Settings(windowWidth: 800), "an unknown position is no position")
        XCTAssertEqual(odd.problems.count, 1, odd.problems.description)
        XCTAssertTrue(odd.problems[0].contains("panel=sideways"), odd.problems[0])
    }
}
