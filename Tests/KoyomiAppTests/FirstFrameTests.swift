import CalendarModel
import Foundation
import GtkKit
import ICalendarReading
@testable import KoyomiApp
import XCTest

/// The first frame a user sees is the finished layout (issue 21): the window's first painted
/// frame already has the header folded or not, the grid clear of the plan panel, the month's
/// density and the week's number of days that later frames keep. They used to follow a frame
/// later: what the first allocation found out was applied only after it was painted.
final class FirstFrameTests: StyledAppTestCase, @unchecked Sendable {
    /// Where what a user sees of the window's layout is, rounded to whole pixels.
    private struct Layout: Equatable {
        var headerFolded = false
        var todayShown = false
        var density = MonthGridView.Density.compact
        var boxes: [String: [Int]] = [:]
    }

    @MainActor
    private func layout() -> Layout {
        let window = self.window
        var layout = Layout(headerFolded: window.header.isCollapsed, todayShown: window.header.todayButton.isMapped,
                            density: window.grid.density)
        func note(_ name: String, _ widget: Widget) {
            guard widget.isMapped, let box = widget.bounds(relativeTo: window.window) else { return }
            layout.boxes[name] = [box.x, box.y, box.width, box.height].map { Int($0.rounded()) }
        }
        note("panel", window.planPanel.root)
        note("grid", window.grid.root)
        note("week", window.week.root)
        for (index, cell) in window.grid.cells.enumerated() { note("cell \(index)", cell.button) }
        for (index, header) in window.week.headers.enumerated() { note("week day \(index)", header) }
        return layout
    }

    /// Opens the window with `settings` (settings.ini) and compares its first painted frame with
    /// the layout it settles at.
    @MainActor
    private func checkFirstFrame(settings: String, file: StaticString = #filePath, line: UInt = #line) throws -> Layout {
        let path = try sampleCalendar()
        let url = directory.appendingPathComponent("config/koyomi/settings.ini")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(settings.utf8).write(to: url)
        var first: Layout?
        _ = openWindow([path], month: YearMonth(year: 2026, month: 11)) { first = self.layout() }
        // Settled: a few more frames, and whatever waits for idle time after them.
        for _ in 0..<3 {
            paintOnce()
            MainLoop.drain()
        }
        let settled = layout()
        XCTAssertEqual(first, settled, "the first painted frame is the finished layout", file: file, line: line)
        return settled
    }

    func testStackedWindowFirstFrame() throws {
        try MainActor.assumeIsolated {
            let settled = try checkFirstFrame(settings: "[Window]\nwidth=720\nheight=760\n")
            XCTAssertNotNil(settled.boxes["cell 41"], "the whole month shows above the panel")
        }
    }

    func testSideBySideRoomyWindowFirstFrame() throws {
        try MainActor.assumeIsolated {
            let settled = try checkFirstFrame(settings: "[Window]\nwidth=1280\nheight=900\n")
            XCTAssertNotEqual(settled.density, .compact, "a big window's cells show chips")
            XCTAssertEqual(settled.boxes["panel"]?[2], Int(PanelLayout.sideWidth), "the panel stands beside the grid")
        }
    }

    /// A calendar read before the window exists (the app reads its files while GTK starts, and
    /// a reopen from the cache is done by then) is in the first frame: its dots were painted a
    /// frame later, handed over after the first frame's paint.
    func testACalendarAlreadyReadAheadIsInTheFirstFrame() throws {
        try MainActor.assumeIsolated {
            let path = try sampleCalendar()
            let loader = CalendarLoader(timeZone: currentZone, parseGuard: storage.parseGuard, scheduler: loadScheduler)
            let prefetch = ICalendarPrefetch([(path, loader.options(for: path))])
            XCTAssertTrue(MainLoop.iterate(until: { prefetch.isRead(path: path) }, timeout: 30), "the file was never read")
            var first: (dots: [String], said: String?)?
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11), prefetched: prefetch) {
                first = (self.cell("2026-11-18").visibleDotClasses, self.window.planPanel.handle.title.text)
            }
            XCTAssertEqual(first?.dots.count, 3, "the busy day's dots are in the first frame")
            XCTAssertEqual(first?.dots, cell("2026-11-18").visibleDotClasses)
            XCTAssertEqual(first?.said, window.planPanel.handle.title.text, "so is the plan panel's count")
        }
    }

    func testPhoneSizedWeekFirstFrame() throws {
        try MainActor.assumeIsolated {
            let settled = try checkFirstFrame(settings: "[Window]\nwidth=360\nheight=640\nview=week\n")
            XCTAssertTrue(settled.headerFolded, "a phone-sized header folds its buttons")
            XCTAssertEqual(settled.boxes.keys.filter { $0.hasPrefix("week day") }.count, 1, "one day of the week")
        }
    }
}
