import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The month on the real window at three widths (issue 19): dots in small cells, chips and
/// bars in big ones, decided by the cells' size and changed live as the window is resized.
final class RoomyMonthTests: StyledAppTestCase, @unchecked Sendable {

    private func busyCalendar() throws -> String {
        try writeCalendar("busy.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//EN
        X-WR-CALNAME:Work
        BEGIN:VEVENT
        UID:offsite
        DTSTART;VALUE=DATE:20261113
        DTEND;VALUE=DATE:20261118
        SUMMARY:Team offsite
        END:VEVENT
        BEGIN:VEVENT
        UID:course
        DTSTART;VALUE=DATE:20261112
        DTEND;VALUE=DATE:20261115
        SUMMARY:First aid course
        END:VEVENT
        \((0..<6).map { """
        BEGIN:VEVENT
        UID:meeting-\($0)
        DTSTART:20261118T\(String(format: "%02d", 8 + $0))0000Z
        DTEND:20261118T\(String(format: "%02d", 8 + $0))3000Z
        SUMMARY:Meeting \($0)
        END:VEVENT
        """ }.joined(separator: "\n"))
        END:VCALENDAR
        """)
    }

    @MainActor
    private func resize(_ width: Int32, _ height: Int32 = 900) {
        window.window.setDefaultSize(width: width, height: height)
        XCTAssertTrue(MainLoop.iterate(until: { self.window.window.allocatedWidth == Int(width) }),
                      "the window is \(width) px wide, not \(window.window.allocatedWidth)")
        paintOnce()
        paintOnce()
    }

    /// What the grid shows, as a user reads it: each cell's chips and "+N", each bar's title and span.
    @MainActor
    private var seen: [String] {
        let cells = window.grid.cells.map { cell in
            "\(cell.day?.description ?? "?"): \(cell.isRoomy ? cell.chips.chipTexts.joined(separator: "|") + " " + (cell.chips.moreText ?? "") : "dots \(cell.visibleDotClasses.count)")"
        }
        let bars = window.grid.bars.filter { $0.entry != nil }.map { bar -> String in
            let frame = bar.button.bounds(relativeTo: window.grid.barsLayer).map { "\(Int($0.x)),\(Int($0.y)),\(Int($0.width))" } ?? "-"
            return "bar \(bar.titleText) \(frame)"
        }
        return cells + bars
    }

    func testSmallCellsShowDotsBigOnesChipsAndBarsAndAResizeComesBackTheSame() throws {
        let path = try busyCalendar()
        try startWindowAt(width: 1400, height: 900)
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            XCTAssertTrue(MainLoop.iterate(until: { self.window.window.allocatedWidth == 1400 }))
            paintOnce()
            paintOnce()
            XCTAssertTrue(MainLoop.iterate(until: { self.window.grid.cells.allSatisfy(\.isRoomy) }), "1400 px: chips")
            let wednesday = cell("2026-11-18").chips
            XCTAssertFalse(wednesday.chipTexts.isEmpty)
            XCTAssertTrue(wednesday.chipTexts[0].hasPrefix("Meeting 0"), wednesday.chipTexts[0])
            XCTAssertEqual(wednesday.chipTexts.count + Int(wednesday.moreText?.dropFirst().split(separator: " ")[0] ?? "0")!, 6,
                           "every plan is a chip or counted in “+N more”")
            let bars = window.grid.bars.filter { $0.entry != nil }
            let offsite = bars.filter { $0.titleText == "Team offsite" }
            XCTAssertEqual(offsite.count, 2, "the offsite crosses a week's edge: two pieces")
            let pieces = try offsite.map { try XCTUnwrap($0.button.bounds(relativeTo: window.grid.barsLayer)) }.sorted { $0.y < $1.y }
            let thirteenth = try XCTUnwrap(cell("2026-11-13").button.bounds(relativeTo: window.grid.barsLayer))
            let saturday = try XCTUnwrap(cell("2026-11-14").button.bounds(relativeTo: window.grid.barsLayer))
            XCTAssertEqual(pieces[0].x, thirteenth.x, accuracy: 2, "it starts on Friday")
            XCTAssertEqual(pieces[0].x + pieces[0].width, saturday.x + saturday.width, accuracy: 2, "to the row's end")
            XCTAssertTrue(offsite.contains { $0.button.hasCSSClass("cut-after") })
            let course = try XCTUnwrap(bars.first { $0.titleText == "First aid course" }?.button.bounds(relativeTo: window.grid.barsLayer))
            XCTAssertNotEqual(course.y, pieces[0].y, "overlapping bars never share a lane")
            waitForAccessibleText() // names go out after the frame
            XCTAssertEqual(offsite.first?.button.accessibleLabel.map { $0.hasPrefix("Team offsite, Nov 13 – Nov 17") }, true,
                           "a bar is named for a screen reader")
            let fresh = seen

            resize(400)
            XCTAssertTrue(window.grid.cells.allSatisfy { !$0.isRoomy }, "400 px: dots")
            XCTAssertEqual(Set(cell("2026-11-18").visibleDotClasses).count, 1, "one calendar's colour")
            XCTAssertEqual(cell("2026-11-18").overflowText, "+3", "six meetings: three dots and +3")
            XCTAssertTrue(window.grid.bars.allSatisfy { !$0.button.isVisible }, "no bar is left behind")

            // 900 px (the panel still under the month, the window's frame taking a few pixels):
            // cells wide enough but two lines tall: one chip, then "+N more".
            resize(900)
            XCTAssertTrue(MainLoop.iterate(until: { self.window.grid.density == .roomy(lines: 2) }),
                          "900 px: \(window.grid.density) in cells of \(window.grid.cellSize)")
            XCTAssertEqual(cell("2026-11-18").chips.chipTexts.count, 1, "no bar crosses the day: a chip on its first line")
            XCTAssertEqual(cell("2026-11-18").chips.moreText, "+5 more")
            XCTAssertEqual(cell("2026-11-17").chips.moreText, nil, "the offsite's last day: its bar, then nothing more")

            resize(1400)
            XCTAssertTrue(MainLoop.iterate(until: { self.seen == fresh }),
                          "back at 1400 px the grid is as a fresh window of that size shows it")
        }
    }

    func testClickingAChipSelectsItsDay() throws {
        let path = try busyCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            resize(1400)
            XCTAssertTrue(MainLoop.iterate(until: { self.cell("2026-11-18").isRoomy }))
            let button = cell("2026-11-18").button
            let bounds = try XCTUnwrap(button.bounds(relativeTo: window.window))
            let surface = window.window.surfaceOffset
            // The first chip's line: under the number and the row's bar lane.
            let y = bounds.y + Double(MonthGridView.numberHeight + MonthGridView.lineHeight * 2) + 6
            XCTAssertEqual(try runTool(["xdotool", "mousemove", "\(Int(surface.x + bounds.x + 30))", "\(Int(surface.y + y))",
                                        "click", "1"]).status, 0)
            XCTAssertTrue(MainLoop.iterate(until: { self.controller.store.selection?.description == "2026-11-18" }))
            XCTAssertEqual(rowTitles.first, "Meeting 0", "its plans are listed")
        }
    }

    /// A plan's chip on a day, as the user reads it ("Meeting 0 8:00 AM").
    @MainActor
    private func chips(_ day: String) -> [String] {
        cell(day).chips.chipTexts.compactMap(plain)
    }

    func testDraggingAChipToAnotherDayMovesItThereWithUndo() throws {
        let path = try busyCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            resize(1400)
            XCTAssertTrue(MainLoop.iterate(until: { self.cell("2026-11-18").isRoomy }))
            XCTAssertEqual(chips("2026-11-18").first, "Meeting 0 8:00 AM")
            let from = try XCTUnwrap(cell("2026-11-18").button.bounds(relativeTo: window.window))
            let to = try XCTUnwrap(cell("2026-11-20").button.bounds(relativeTo: window.window))
            let surface = window.window.surfaceOffset
            // The first chip's line: right under the number (no bar crosses the day).
            let y = Int(surface.y + from.y + Double(MonthGridView.numberHeight) + 8)
            let x = Int(surface.x + from.x + 30), dx = Int(to.x - from.x)
            var arguments = ["xdotool", "mousemove", "\(x)", "\(y)", "mousedown", "1"]
            for step in 1...8 { arguments += ["sleep", "0.03", "mousemove", "\(x + dx * step / 8)", "\(y)"] }
            arguments += ["sleep", "0.05", "mouseup", "1"]
            XCTAssertEqual(try runTool(arguments).status, 0)
            XCTAssertTrue(MainLoop.iterate(until: { self.chips("2026-11-20").contains("Meeting 0 8:00 AM") }),
                          "the meeting moved to Friday at its time: \(chips("2026-11-20"))")
            XCTAssertFalse(chips("2026-11-18").contains("Meeting 0 8:00 AM"))
            XCTAssertTrue(window.grid.cells.allSatisfy { !$0.button.hasCSSClass("drop-target") }, "no mark is left")

            try pressKeys(["ctrl+z"])
            XCTAssertTrue(MainLoop.iterate(until: { self.chips("2026-11-18").first == "Meeting 0 8:00 AM" }), "Undo puts it back")
        }
    }

    func testCtrlArrowsMoveTheFocusedPlanOfTheList() throws {
        let path = try busyCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            controller.store.show(CalendarDay(parsing: "2026-11-18")!)
            XCTAssertEqual(rowTitles.first, "Meeting 0")
            _ = shownRowViews()
            window.planList.focusRow(of: Plan.ID(uid: "meeting-0"))
            try pressKeys(["ctrl+Right"])
            XCTAssertTrue(MainLoop.iterate(until: { self.controller.store.selection?.description == "2026-11-19" }),
                          "the day it went to is shown")
            XCTAssertTrue(MainLoop.iterate(until: { self.rowTitles == ["Meeting 0"] }), "with the plan in it: \(rowTitles)")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertTrue(text.contains("DTSTART:20261119T080000Z"), "saved at its time, a day later")
        }
    }

    func testEnterOnADayWithoutPlansOpensANewPlanThereAndOnABusyDaySelectsIt() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            controller.store.show(CalendarDay(parsing: "2026-11-18")!)
            XCTAssertTrue(cell("2026-11-18").button.grabFocus())
            try pressKeys(["Right", "Return"])
            XCTAssertTrue(MainLoop.iterate(until: { self.controller.editing.editor != nil }), "Enter on an empty Thursday: a new plan")
            XCTAssertEqual(controller.editing.editor?.form.startDateText, "2026-11-19")
            controller.editing.editor?.close()
            MainLoop.drain()
            try pressKeys(["Left", "Return"])
            XCTAssertNil(controller.editing.editor, "Enter on Wednesday, which has plans, opens nothing")
        }
    }

    /// A bar shown for another plan after a page has that plan's colour in the first frame:
    /// Adwaita fades a button's background over 200 ms, which showed the previous plan's colour.
    func testABarReusedAfterAPageHasItsNewPlansColourInTheFirstFrame() throws {
        func event(_ title: String, _ date: String, _ color: String) -> String {
            "BEGIN:VEVENT\nUID:\(title)\nDTSTART;VALUE=DATE:\(date)\nSUMMARY:\(title)\nCOLOR:\(color)\nEND:VEVENT\n"
        }
        let path = try writeCalendar("colours.ics", "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Koyomi tests//EN\n"
            + event("Red", "20261111", "#e01b24") + event("Blue", "20261209", "#1c71d8") + "END:VCALENDAR\n")
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            resize(1400)
            XCTAssertTrue(MainLoop.iterate(until: { self.window.grid.bars.contains { $0.entry != nil && $0.titleText == "Red" } }))
            paintOnce()
            window.header.nextButton.click()
            paintOnce()
            let bar = try XCTUnwrap(window.grid.bars.first { $0.entry != nil && $0.titleText == "Blue" })
            let firstFrame = try tint(of: bar)
            // Long past any fade.
            MainLoop.iterate(until: { false }, timeout: 0.5)
            paintOnce()
            let settled = try tint(of: bar)
            XCTAssertEqual(firstFrame.red, settled.red, accuracy: 0.02, "first frame \(firstFrame.hex), later \(settled.hex)")
            XCTAssertEqual(firstFrame.green, settled.green, accuracy: 0.02)
            XCTAssertEqual(firstFrame.blue, settled.blue, accuracy: 0.02)
        }
    }

    /// A one-day bar too long for its line takes a second line when it breaks between words
    /// that fit, and stays one line ending in "…" when a word alone is wider than the line
    /// (two lines would cut that word with no ellipsis, as "Thanksgivin / (US)" was at 1024 px).
    func testABarWrapsBetweenWordsThatFitAndOtherwiseStaysOneLine() throws {
        func event(_ title: String, _ date: String) -> String {
            "BEGIN:VEVENT\nUID:\(date)\nDTSTART;VALUE=DATE:\(date)\nSUMMARY:\(title)\nEND:VEVENT\n"
        }
        let long = "Donaudampfschifffahrtsgesellschaftskapitänswitwenball"
        let words = "Day of Repentance and Prayer and Quiet Reflection"
        let path = try writeCalendar("long.ics", "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Koyomi tests//EN\n"
            + event(long + " 2026", "20261111") + event(words, "20261112") + "END:VCALENDAR\n")
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            resize(1400)
            XCTAssertTrue(MainLoop.iterate(until: { self.window.grid.bars.filter { $0.entry != nil }.count == 2 }))
            paintOnce()
            @MainActor func lines(_ title: String) throws -> Int {
                let bar = try XCTUnwrap(window.grid.bars.first { $0.entry != nil && $0.titleText == title })
                let height = try XCTUnwrap(bar.button.bounds(relativeTo: window.grid.barsLayer)).height
                // A bar of n lines is placed n × lineHeight − 2 px tall, less its own 1 px margins.
                return Int((height / Double(MonthGridView.lineHeight)).rounded())
            }
            XCTAssertEqual(try lines(words), 2, "short words: two lines")
            XCTAssertEqual(try lines(long + " 2026"), 1, "a word wider than the line: one line and “…”")
        }
    }

    /// The colour behind a bar's words: near its end, clear of its title and rounded corners.
    @MainActor
    private func tint(of bar: WeekPlanBlock) throws -> RGBA {
        let bounds = try XCTUnwrap(bar.button.bounds(relativeTo: window.window))
        let image = try XCTUnwrap(window.window.render())
        return try XCTUnwrap(image.pixel(x: Int(bounds.x + bounds.width) - 10, y: Int(bounds.y + bounds.height / 2)))
    }
}

