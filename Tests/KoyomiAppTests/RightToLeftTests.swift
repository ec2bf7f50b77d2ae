import CalendarModel
import GtkKit
@testable import KoyomiApp
import XCTest

/// Right-to-left locales (Arabic, Hebrew): the week runs from right to left, and so do the
/// arrow keys, while the grid stays a 6 × 7 grid; a roomy month's bars run right to left too.
final class RightToLeftTests: StyledAppTestCase, @unchecked Sendable {
    override func tearDown() {
        super.tearDown()
        MainActor.assumeIsolated { GtkRuntime.isRightToLeftByDefault = false }
    }

    func testTheGridIsMirroredAndArrowsFollowIt() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            GtkRuntime.isRightToLeftByDefault = true
            _ = openWindow([path])
            let root = window.window
            let sunday = cell("2026-11-01").button.bounds(relativeTo: root)!
            let saturday = cell("2026-11-07").button.bounds(relativeTo: root)!
            let nextSunday = cell("2026-11-08").button.bounds(relativeTo: root)!
            XCTAssertGreaterThan(sunday.x, saturday.x, "the first day of the week is on the right")
            XCTAssertEqual(sunday.x, nextSunday.x, accuracy: 0.5, "columns stay aligned")
            XCTAssertGreaterThan(nextSunday.y, sunday.y, "weeks still go down")
            XCTAssertEqual(sunday.width, saturday.width, accuracy: 0.5, "cells keep one width")

            XCTAssertEqual(CalendarNavigation.forGridKey(.left, [], rightToLeft: window.grid.dayGrid.isRightToLeft),
                           .days(1), "← goes to the next day, which is on the left")
            XCTAssertEqual(title, "November 2026")
            try pressKeys(["alt+Right"])
            XCTAssertTrue(MainLoop.iterate(until: { self.title == "October 2026" }),
                          "Alt+→ goes back a month (\(self.title)), as → goes back a day")
            try pressKeys(["alt+Left"])
            XCTAssertTrue(MainLoop.iterate(until: { self.title == "November 2026" }))
        }
    }

    /// A plan from Friday to the next Tuesday crosses a week's edge: its first piece starts at
    /// Friday's right edge and runs left to Saturday, square (cut) on its left, with the colour
    /// mark on its right, where it starts.
    func testARoomyMonthsBarsRunRightToLeft() throws {
        let path = try writeCalendar("trip.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//EN
        BEGIN:VEVENT
        UID:trip
        DTSTART;VALUE=DATE:20261113
        DTEND;VALUE=DATE:20261118
        SUMMARY:Trip
        COLOR:#1c71d8
        END:VEVENT
        BEGIN:VEVENT
        UID:dentist
        DTSTART:20261120T090000Z
        DTEND:20261120T100000Z
        SUMMARY:Dentist
        COLOR:#c01c28
        END:VEVENT
        END:VCALENDAR
        """)
        try startWindowAt(width: 1400, height: 900)
        try MainActor.assumeIsolated {
            GtkRuntime.isRightToLeftByDefault = true
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            XCTAssertTrue(MainLoop.iterate(until: { self.window.grid.cells.allSatisfy(\.isRoomy) }), "chips and bars")
            paintOnce()
            let root = window.window
            let pieces = try window.grid.bars.filter { $0.entry != nil }
                .map { ($0, try XCTUnwrap($0.button.bounds(relativeTo: root))) }.sorted { $0.1.y < $1.1.y }
            XCTAssertEqual(pieces.count, 2, "two week rows, two pieces")
            let friday = try XCTUnwrap(cell("2026-11-13").button.bounds(relativeTo: root))
            let saturday = try XCTUnwrap(cell("2026-11-14").button.bounds(relativeTo: root))
            let (first, frame) = pieces[0]
            XCTAssertEqual(frame.x + frame.width, friday.x + friday.width, accuracy: 3, "it starts at Friday's right edge")
            XCTAssertEqual(frame.x, saturday.x, accuracy: 3, "and runs left to Saturday")
            XCTAssertTrue(first.button.hasCSSClass("cut-after"), "it goes on in the next row")

            let image = try XCTUnwrap(root.render())
            let middle = Int(frame.y + frame.height / 2)
            let tint = try XCTUnwrap(image.pixel(x: Int(frame.x + frame.width / 2), y: middle))
            let startEdge = try XCTUnwrap(image.pixel(x: Int(frame.x + frame.width) - 2, y: middle))
            let endEdge = try XCTUnwrap(image.pixel(x: Int(frame.x) + 1, y: middle))
            XCTAssertGreaterThan(startEdge.contrastRatio(with: tint), 1.5, "the colour mark is on the right, where it starts")
            XCTAssertEqual(endEdge.hex, tint.hex, "no mark on the left")
            // Square on the cut side: the bar's top-left corner pixel is already its tint.
            let corner = try XCTUnwrap(image.pixel(x: Int(frame.x), y: Int(frame.y)))
            XCTAssertEqual(corner.hex, tint.hex, "square where it is cut")

            // A chip's colour mark is on its right too, where its words start.
            let chip = try XCTUnwrap(cell("2026-11-20").chips.chipWidgets.first?.bounds(relativeTo: root))
            let chipMiddle = Int(chip.y + chip.height / 2)
            // The chip has no background of its own: its top row, clear of the words, is the cell's.
            let cellBackground = try XCTUnwrap(image.pixel(x: Int(chip.x + chip.width / 2), y: Int(chip.y)))
            let right = try XCTUnwrap(image.pixel(x: Int(chip.x + chip.width) - 2, y: chipMiddle))
            let left = try XCTUnwrap(image.pixel(x: Int(chip.x) + 1, y: chipMiddle))
            XCTAssertGreaterThan(right.contrastRatio(with: cellBackground), 2, "the chip's mark is on its right")
            XCTAssertEqual(left.hex, cellBackground.hex, "and not on its left")
        }
    }
}
