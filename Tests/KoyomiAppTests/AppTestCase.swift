import CalendarLibrary
import CalendarModel
import CalendarVetting
@testable import FileSafety
import Foundation
import GtkKit
import ICalendarReading
@testable import KoyomiApp
import TestSupport
import XCTest

/// Builds the real calendar window in-process, on the main thread (plain XCTest methods run
/// there on Linux), with a pinned locale, time zone and "now": Sunday 2026-11-29 12:00 UTC.
// @unchecked Sendable: every test touches it from the main thread only, inside MainActor.assumeIsolated.
class AppTestCase: XCTestCase, @unchecked Sendable {
    static let now = Date(timeIntervalSince1970: 1_795_953_600) // 2026-11-29T12:00:00Z
    /// What the window's clock reads; tests move it to simulate midnight.
    var currentNow = AppTestCase.now
    /// The zone the window's clock sees; tests change it to simulate travelling.
    var currentZone = TimeZone(identifier: "UTC")!
    /// The session the window's `DesktopSettings` sees (`XDG_CURRENT_DESKTOP`): none, so GNOME's
    /// schema defaults do not count; tests of following GNOME set "GNOME".
    var desktopEnvironment: [String: String] = [:]
    private(set) var controller: WindowController!
    /// One registered application for all window tests: GTK keeps a just-released application
    /// alive until its session-bus calls finish, and a second one with the same id could not
    /// register meanwhile.
    @MainActor private static let application: Application = {
        let application = Application(id: "app.koyomi.Tests.Window", flags: [.nonUnique])
        application.register() // emits "startup", which GTK wants before any window
        return application
    }()
    private(set) var directory: URL!
    /// The test's loads, as the app's are handed its own: open (no first frame holds them back).
    let loadScheduler = LoadScheduler()
    /// Where the test window's reopen-cache writes go; waited for before the test's folder is removed.
    let cacheWrites = CacheWriteQueue()
    /// The name this process has over AT-SPI, for tests that read its tree as a screen reader does.
    static let accessibleName = "Koyomi window tests"
    /// The app's style sheet, as `KoyomiApplication` installs it at startup (the shared test
    /// application does not): tests of what is drawn where install it for their duration.
    @MainActor static let stylesheet = CSSProvider(css: Stylesheet.css)

    override func setUpWithError() throws {
        let ready = MainActor.assumeIsolated { GtkRuntime.initialize(name: AppTestCase.accessibleName) }
        guard ready else {
            XCTFail("GTK could not open a display: run the tests under Xvfb (see README)")
            throw XCTSkip("no display")
        }
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("koyomi-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        MainActor.assumeIsolated { closeWindow() }
        // The window's reopen-cache writes go into the test's folder: done before it goes.
        cacheWrites.waitForBackgroundWrites(timeout: 10)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Destroys the open window and checks that everything behind it is freed.
    @MainActor
    func closeWindow() {
        weak var weakController = controller
        let windowProbe = controller.map { WeakObjectProbe($0.mainWindow.window) }
        controller?.mainWindow.window.destroy()
        controller = nil
        MainLoop.drain()
        guard let windowProbe else { return } // no window was open
        XCTAssertNil(weakController, "the window's controller, views and coordinator are freed with it")
        XCTAssertFalse(windowProbe.isAlive, "the GtkWindow is freed")
    }

    /// Writes an .ics file into the test's folder and returns its path.
    func writeCalendar(_ name: String, _ body: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(body.utf8).write(to: url)
        return url.path
    }

    /// The user's calendars and backups live under the test's folder; untrusted files, and
    /// versions of calendar files not read before, are read by the `koyomi` built beside the tests.
    var storage: StorageContext {
        let environment = ["HOME": directory.path, "XDG_DATA_HOME": directory.appendingPathComponent("data").path]
        var storage = StorageContext(userFolder: UserCalendarFolder(environment: environment, timeZone: currentZone),
                                     backups: BackupStore.standard(environment: environment),
                                     vetExecutable: childExecutable ?? TestEnvironment.koyomiBinary.path,
                                     trust: ParseTrust(folder: directory.appendingPathComponent("cache").path),
                                     syncFolder: directory.appendingPathComponent("data/koyomi/sync"))
        storage.parseGuard.limits = parseLimits
        return storage
    }

    /// Limits for the child that parses calendar files (nil: the app's own, by file size).
    var parseLimits: UntrustedCalendar.Limits?
    /// The program run for untrusted files and versions not read before (nil: the built koyomi).
    var childExecutable: String?

    /// Settings that open the next window at `width` × `height` pixels, as a user's last size
    /// would (the `[Window]` group of settings.ini, and `more` lines after it).
    func startWindowAt(width: Int, height: Int, more: String = "") throws {
        let settings = directory.appendingPathComponent("config/koyomi/settings.ini")
        try FileManager.default.createDirectory(at: settings.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("[Window]\nwidth=\(width)\nheight=\(height)\n\(more)".utf8).write(to: settings)
    }

    /// Opens the window on `paths`, presents it and waits until it is on screen.
    /// `atFirstPaint` runs once the window's first frame is painted, before anything else runs.
    /// With `prefetched`, the files are opened as the app opens them at start-up (taken from
    /// what was read ahead, or read in the background); otherwise they are read before it returns.
    @MainActor
    func openWindow(_ paths: [String], locale: String = "en_US", firstWeekday: Int = 1,
                    month: YearMonth? = nil, settingsDirectory: URL? = nil, prefetched: ICalendarPrefetch? = nil,
                    atFirstPaint: (@MainActor () -> Void)? = nil) -> WindowController {
        let settingsDirectory = settingsDirectory ?? directory.appendingPathComponent("config")
        let settings = LocaleSettings(locale: Locale(identifier: locale), firstWeekday: firstWeekday)
        let controller = WindowController(application: Self.application, localeSettings: settings,
                                          desktop: DesktopSettings(environment: desktopEnvironment),
                                          settings: SettingsStore(environment: ["XDG_CONFIG_HOME": settingsDirectory.path]),
                                          storage: storage,
                                          zone: { [unowned self] in self.currentZone },
                                          now: { [unowned self] in self.currentNow }, month: month,
                                          loadScheduler: loadScheduler, cacheWrites: cacheWrites)
        if let prefetched {
            controller.open(paths: paths, prefetched: prefetched) { _ in }
        } else {
            _ = controller.open(paths: paths)
        }
        var painted = false
        controller.mainWindow.window.afterNextPaint {
            painted = true
            atFirstPaint?()
        }
        controller.present()
        self.controller = controller
        XCTAssertTrue(MainLoop.iterate(until: { painted }), "the window was never painted")
        // And a second frame, with whatever the first one's paint left to do.
        painted = false
        controller.mainWindow.window.afterNextPaint { painted = true }
        XCTAssertTrue(MainLoop.iterate(until: { painted }), "the window was never painted again")
        waitForAccessibleText()
        return controller
    }

    /// Waits until the day cells' and plan rows' accessible names are sent (after the frame
    /// that shows them: `MonthGridView`, `PlanListView`).
    @MainActor
    func waitForAccessibleText(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(MainLoop.iterate(until: {
            // A hidden month grid (the week view is shown) sends its text once it is painted again.
            (!self.window.grid.hasUnsentAccessibleText || !self.window.grid.root.isMapped)
                && (!self.window.week.hasUnsentAccessibleText || !self.window.week.root.isMapped)
                && !self.window.planList.hasUnsentAccessibleText
        }), "the accessible text of cells and rows was never sent", file: file, line: line)
    }

    /// The X window id of this test's window, once `pressKeys` looked it up.
    private var xWindowID = ""

    /// Sends real key presses (xdotool key names, e.g. "ctrl+z") to this test's window over
    /// XTEST, focusing it first, then lets GTK handle them.
    @MainActor
    func pressKeys(_ keys: [String]) throws {
        let title = "Koyomi test \(ProcessInfo.processInfo.processIdentifier)"
        if window.window.title != title || xWindowID.isEmpty {
            window.window.title = title
            let search = try runTool(["xdotool", "search", "--sync", "--onlyvisible", "--name", "^\(title)$"])
            xWindowID = try XCTUnwrap(search.output.split(separator: "\n").first.map(String.init))
        }
        // With no window manager, X gives the focus back to no one when a dialog closes, and
        // keys would go wherever the pointer is: the main window takes it again unless one
        // of this process's windows (a dialog meant to get the keys) has it.
        let focused = try runTool(["xdotool", "getwindowfocus"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let ours = try runTool(["xdotool", "search", "--onlyvisible", "--pid", "\(ProcessInfo.processInfo.processIdentifier)"])
        if !ours.output.split(separator: "\n").contains(Substring(focused)) {
            XCTAssertEqual(try runTool(["xdotool", "windowfocus", "--sync", xWindowID]).status, 0)
        }
        XCTAssertEqual(try runTool(["xdotool", "key", "--delay", "20"] + keys).status, 0)
        MainLoop.drain()
    }

    /// Waits for the next frame to be painted (what is on screen is then its layout).
    @MainActor
    func paintOnce(file: StaticString = #filePath, line: UInt = #line) {
        var painted = false
        window.window.afterNextPaint { painted = true }
        XCTAssertTrue(MainLoop.iterate(until: { painted }), "no frame was painted", file: file, line: line)
    }

    /// Waits until no sync or first download runs, then until the window has read again the
    /// files it rewrote (the file watcher).
    @MainActor
    func waitForSync(file: StaticString = #filePath, line: UInt = #line) {
        var idle = false
        controller.sync.whenIdle { idle = true }
        XCTAssertTrue(MainLoop.iterate(until: { idle }, timeout: 30), "the sync never finished", file: file, line: line)
        XCTAssertTrue(MainLoop.iterate(until: { !self.controller.watcher.isSettling && !self.controller.isLoading }, timeout: 10),
                      file: file, line: line)
        MainLoop.drain()
    }

    /// Waits until every edit asked for so far is saved and its calendar read back into the
    /// store: saves and the re-reads after them run off the main thread.
    @MainActor
    func waitForSaves(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(MainLoop.iterate(until: { !self.controller.isSaving }, timeout: 10),
                      "the save was never finished and read back", file: file, line: line)
        MainLoop.drain()
    }

    /// A standard calendar used by most tests.
    func sampleCalendar() throws -> String {
        try writeCalendar("work.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//EN
        X-WR-CALNAME:Work
        COLOR:#e66100
        BEGIN:VEVENT
        UID:trip
        DTSTART;VALUE=DATE:20261110
        DTEND;VALUE=DATE:20261113
        SUMMARY:Trip to Kyoto
        COLOR:#1c71d8
        END:VEVENT
        BEGIN:VEVENT
        UID:standup
        DTSTART:20261102T093000Z
        DTEND:20261102T094500Z
        RRULE:FREQ=WEEKLY;BYDAY=MO,WE
        SUMMARY:Standup
        END:VEVENT
        BEGIN:VEVENT
        UID:busy-1
        DTSTART:20261118T080000Z
        DTEND:20261118T083000Z
        SUMMARY:Breakfast
        END:VEVENT
        BEGIN:VEVENT
        UID:busy-2
        DTSTART:20261118T120000Z
        DTEND:20261118T130000Z
        SUMMARY:Lunch
        END:VEVENT
        BEGIN:VEVENT
        UID:busy-3
        DTSTART:20261118T150000Z
        DTEND:20261118T160000Z
        SUMMARY:Review
        END:VEVENT
        BEGIN:VEVENT
        UID:busy-4
        DTSTART:20261118T180000Z
        DTEND:20261118T190000Z
        SUMMARY:Dinner
        END:VEVENT
        BEGIN:VEVENT
        UID:thanksgiving
        DTSTART;VALUE=DATE:20261126
        SUMMARY:Thanksgiving Day
        CATEGORIES:Holiday
        END:VEVENT
        BEGIN:VEVENT
        UID:late
        DTSTART:20261129T220000Z
        DTEND:20261130T000000Z
        SUMMARY:Late call
        END:VEVENT
        END:VCALENDAR
        """)
    }

    // MARK: What the user sees

    /// A time text with the narrow no-break space ICU puts before AM/PM made a plain one.
    func plain(_ text: String?) -> String? { text?.replacingOccurrences(of: "\u{202F}", with: " ") }

    @MainActor var window: MainWindow { controller.mainWindow }
    /// The window's calendars read from files, in order: the built-in holidays (always listed,
    /// hidden outside a Japanese locale) left aside.
    @MainActor var fileCalendars: [CalendarInfo] { controller.store.calendars.filter { !$0.isBuiltIn } }
    @MainActor var title: String { window.header.title.text }
    @MainActor var rowTitles: [String] { window.planList.rows.map(\.title) }
    @MainActor var rowRanges: [String] { window.planList.rows.map(\.rangeText) }
    @MainActor var rowMarkers: [String] { window.planList.rows.map(\.markerText) }

    /// The row widgets GTK shows for the listed plans, in list order, once the recycling list
    /// has laid them out (it binds rows only when they come into view).
    @MainActor
    func shownRowViews() -> [PlanRowView] {
        let plans = window.planList.rows
        let expected = min(plans.count, 6)
        MainLoop.iterate(until: { self.window.planList.boundRowViews.filter { $0.model != nil }.count >= expected })
        let bound = window.planList.boundRowViews
        return plans.compactMap { plan in bound.first { $0.model == plan } }
    }

    @MainActor
    func cell(_ text: String) -> DayCell {
        let day = CalendarDay(parsing: text)!
        guard let cell = window.grid.cell(for: day) else {
            XCTFail("\(text) is not in the grid")
            return window.grid.cells[0]
        }
        return cell
    }

    @MainActor
    func selectedCells() -> [String] {
        window.grid.cells.filter { $0.button.hasCSSClass("selected") }.compactMap { $0.day?.description }
    }
}

/// A window test drawn with the app's style sheet, as `KoyomiApplication` installs it (the
/// shared test application does not): for checks of sizes and places, which the style sheet
/// decides (a week's plan blocks are as tall as their plans only with it; Adwaita's buttons
/// are 34 pixels tall at least).
class StyledAppTestCase: AppTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        MainActor.assumeIsolated { Self.stylesheet.install() }
    }

    override func tearDown() {
        super.tearDown()
        MainActor.assumeIsolated { Self.stylesheet.uninstall() }
    }
}
