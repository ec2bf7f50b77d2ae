import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// A roomy month accounts on screen for every plan of every day (issue 35): each is a chip, a bar
/// across the day, or counted in a "+N more" that is drawn. Judged by what is laid out inside
/// each cell's allocation, not by the accessibility tree (a label can be in the tree with no height).
final class RoomyMonthDrawnTests: StyledAppTestCase, @unchecked Sendable {
    private static let dataFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data")

    /// The samples (copied: a test never opens the repository's files for editing), and a day of
    /// eight plans: two all-day ones and six meetings.
    private func calendars() throws -> [String] {
        let samples = try ["personal.ics", "work.ics", "holidays.ics"].map { name in
            try writeCalendar(name, String(contentsOf: Self.dataFolder.appendingPathComponent(name), encoding: .utf8))
        }
        let busy = try writeCalendar("busy.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//EN
        X-WR-CALNAME:Busy
        BEGIN:VEVENT
        UID:fair
        DTSTART;VALUE=DATE:20261216
        DTEND;VALUE=DATE:20261217
        SUMMARY:Book fair
        END:VEVENT
        BEGIN:VEVENT
        UID:deadline
        DTSTART;VALUE=DATE:20261216
        DTEND;VALUE=DATE:20261217
        SUMMARY:Grant deadline
        END:VEVENT
        \((0..<6).map { """
        BEGIN:VEVENT
        UID:meeting-\($0)
        DTSTART:20261216T\(String(format: "%02d", 8 + $0))0000Z
        DTEND:20261216T\(String(format: "%02d", 8 + $0))3000Z
        SUMMARY:Meeting \($0)
        END:VEVENT
        """ }.joined(separator: "\n"))
        END:VCALENDAR
        """)
        return samples + [busy]
    }

    /// Whether `widget` is drawn whole inside `cell`: mapped, at least a line of its own text
    /// tall, and not cut by the cell's edges.
    @MainActor
    private func isDrawn(_ widget: Widget, in cell: DayCell) -> Bool {
        guard widget.isMapped, let frame = widget.bounds(relativeTo: cell.button) else { return false }
        let line = Double(widget.pixelSize(ofMarkup: "+0").height)
        return frame.height >= line - 1 && frame.y >= -1 && frame.y + frame.height <= Double(cell.button.allocatedHeight) + 1
            && frame.width > 0
    }

    /// The plans `cell` accounts for on screen: its drawn chips, the drawn bars that cross it,
    /// and the number in its drawn "+N more".
    @MainActor
    private func drawnCount(_ cell: DayCell) -> (count: Int, what: String) {
        let chips = cell.chips.chipWidgets.filter { isDrawn($0, in: cell) }.count
        let bars = window.grid.bars.filter { bar in
            guard bar.entry != nil, bar.button.isMapped, let frame = bar.button.bounds(relativeTo: cell.button) else { return false }
            let width = Double(cell.button.allocatedWidth), height = Double(cell.button.allocatedHeight)
            return frame.height > 0 && frame.x < width - 1 && frame.x + frame.width > 1 && frame.y >= 0
                && frame.y + frame.height <= height + 1
        }.count
        var more = 0
        if let widget = cell.chips.moreWidget, isDrawn(widget, in: cell), let text = cell.chips.moreText {
            more = Int(text.dropFirst().prefix { $0.isNumber }) ?? 0
        }
        return (chips + bars + more, "\(chips) chips, \(bars) bars, +\(more) drawn")
    }

    func testEveryPlanOfEveryDayIsDrawnOrCountedInARoomyMonth() throws {
        let paths = try calendars()
        for (width, height) in [(1024, 768), (1240, 820), (1600, 1000)] {
            try startWindowAt(width: width, height: height)
            MainActor.assumeIsolated {
                _ = openWindow(paths, month: YearMonth(year: 2026, month: 12))
                XCTAssertTrue(MainLoop.iterate(until: { self.window.grid.cells.allSatisfy(\.isRoomy) }),
                              "\(width) × \(height): roomy cells, not \(window.grid.density)")
                paintOnce()
                var checked = 0
                for cell in window.grid.cells {
                    guard let day = cell.day else { continue }
                    let plans = controller.store.plans(on: day).count
                    let drawn = drawnCount(cell)
                    XCTAssertEqual(drawn.count, plans, "\(width) × \(height), \(day): \(plans) plans, on screen \(drawn.what)")
                    checked += plans
                }
                XCTAssertGreaterThan(checked, 40, "the month has plans to account for")
                XCTAssertEqual(cell("2026-12-16").chips.moreText.map { $0.hasPrefix("+") }, true,
                               "\(width) × \(height): eight plans do not fit a cell; some are counted")
                closeWindow()
            }
        }
    }

    /// Chips lead with the title (issue 35): "9:30 AM St…" and "6:30 PM Sp…" could not be told
    /// apart. The time follows where the chip has room for it whole, and is left out otherwise
    /// (never cut), the tooltip saying it.
    func testChipsSayTheTitleFirstAndTheirTimeOnlyWhereItFits() throws {
        let path = try writeCalendar("day.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//EN
        BEGIN:VEVENT
        UID:standup
        DTSTART:20261209T093000Z
        DTEND:20261209T094500Z
        SUMMARY:Standup with the platform team
        END:VEVENT
        BEGIN:VEVENT
        UID:gym
        DTSTART:20261209T183000Z
        DTEND:20261209T190000Z
        SUMMARY:Gym
        END:VEVENT
        END:VCALENDAR
        """)
        // Whether "Gym 6:30 PM" fits a 1024 px window's 90 px cell depends on the font; in a
        // 1600 px window's it fits with room to spare, and the long title never fits with its time.
        for (width, height) in [(1024, 768), (1600, 1000)] {
            try startWindowAt(width: width, height: height)
            MainActor.assumeIsolated {
                _ = openWindow([path], month: YearMonth(year: 2026, month: 12))
                XCTAssertTrue(MainLoop.iterate(until: { self.cell("2026-12-09").isRoomy }))
                paintOnce()
                let chips = cell("2026-12-09").chips
                let titles = ["Standup with the platform team", "Gym"]
                let wholes = ["Standup with the platform team 9:30 AM", "Gym 6:30 PM"]
                XCTAssertEqual(chips.chipTexts.count, 2)
                for (index, chip) in chips.chipWidgets.enumerated() {
                    let text = chips.chipTexts[index], whole = wholes[index]
                    XCTAssertEqual(plain(chips.tooltip(ofChip: index)), whole, "the tooltip says it all")
                    // In the chip's own font: what it says is drawn whole, and the time is left
                    // out only where the whole text would be cut.
                    let room = chip.allocatedWidth - MonthGridView.chipTextInset
                    if plain(text) == whole {
                        XCTAssertLessThanOrEqual(chip.pixelSize(ofMarkup: text).width, room, "\(width) px: “\(whole)” fits")
                    } else {
                        XCTAssertEqual(plain(text), titles[index], "\(width) px: the title alone")
                        XCTAssertGreaterThan(chip.pixelSize(ofMarkup: Label.escape(whole)).width, room, "“\(whole)” would be cut")
                    }
                }
                XCTAssertEqual(plain(chips.chipTexts[0]), "Standup with the platform team", "a long title leaves no room for a time")
                if width == 1600 { XCTAssertEqual(plain(chips.chipTexts[1]), "Gym 6:30 PM", "room for the time") }
                closeWindow()
            }
        }
    }
}
