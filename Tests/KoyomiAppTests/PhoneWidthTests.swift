import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// A phone-sized window (issues 18 and 19): 360 × 640 pixels fit, the header folds its
/// secondary buttons into the menu and shortens its title, the month's seven columns fit the
/// width, and the week view shows one day; widening the window brings everything back.
final class PhoneWidthTests: StyledAppTestCase, @unchecked Sendable {

    /// At 360 px a cell has no room for three dots and "+N": dots make way for the count, which
    /// is drawn whole inside its cell and counts what the dots leave out.
    func testANarrowCellsCountIsWholeAndCountsTheDotsLeftOut() throws {
        let events = (1...4).map { hour in
            "BEGIN:VEVENT\nUID:busy-\(hour)\nDTSTART:20261130T0\(hour)0000Z\nSUMMARY:Plan \(hour)\nEND:VEVENT\n"
        }.joined()
        let path = try writeCalendar("busy.ics", "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Koyomi tests//EN\n" + events
            + "END:VCALENDAR\n")
        try startWindowAt(width: 360, height: 640)
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            XCTAssertTrue(MainLoop.iterate(until: { self.window.header.isCollapsed }))
            paintOnce()
            let busy = cell("2026-11-30")
            XCTAssertEqual(busy.decoration.planCount, 4)
            XCTAssertLessThan(busy.visibleDotClasses.count, 3, "fewer than three dots beside the count")
            XCTAssertEqual(busy.overflowText, "+\(4 - busy.visibleDotClasses.count)", "the count takes the dots left out")
            var counted = 0
            for cell in window.grid.cells where cell.button.isMapped {
                guard let widget = cell.overflowWidget, let text = cell.overflowText else { continue }
                let count = try XCTUnwrap(widget.bounds(relativeTo: window.window))
                let box = try XCTUnwrap(cell.button.bounds(relativeTo: window.window))
                let day = cell.day?.description ?? "?"
                XCTAssertGreaterThanOrEqual(count.width, Double(widget.pixelSize(ofMarkup: text).width),
                                            "\(day): “\(text)” is given the room its text takes")
                XCTAssertLessThanOrEqual(count.x + count.width, box.x + box.width, "\(day): “\(text)” ends inside its cell")
                XCTAssertGreaterThanOrEqual(count.x, box.x)
                counted += 1
            }
            XCTAssertGreaterThan(counted, 0, "some cell shows a count")
        }
    }

    func testAPhoneSizedWindowFitsFoldsItsHeaderAndShowsOneDayOfTheWeek() throws {
        let path = try sampleCalendar()
        try startWindowAt(width: 360, height: 640)
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            XCTAssertTrue(MainLoop.iterate(until: { self.window.header.isCollapsed }), "the header folds")
            XCTAssertLessThanOrEqual(window.window.allocatedWidth, 360, "the window is as narrow as asked")
            XCTAssertFalse(window.header.todayButton.isMapped, "Today is in the menu")
            XCTAssertFalse(window.header.searchButton.isMapped, "so is search")
            XCTAssertTrue(window.header.nextButton.isMapped, "paging stays")
            XCTAssertTrue(window.header.title.isMapped, "and the title")
            XCTAssertEqual(title, "Nov 2026", "shortened to fit between the paging buttons and the menu")
            let saturday = try XCTUnwrap(cell("2026-11-07").button.bounds(relativeTo: window.window))
            XCTAssertLessThanOrEqual(saturday.x + saturday.width, 360, "the seventh column is inside the window")

            try pressKeys(["ctrl+2"])
            XCTAssertTrue(MainLoop.iterate(until: { self.window.week.root.isMapped }))
            paintOnce()
            XCTAssertEqual(window.week.headers.filter(\.isVisible).count, 1, "one day at phone width")
            XCTAssertEqual(title, "Sun, Nov 29")

            window.window.setDefaultSize(width: 1024, height: 760)
            XCTAssertTrue(MainLoop.iterate(until: { !self.window.header.isCollapsed }), "a wide window unfolds it")
            XCTAssertTrue(MainLoop.iterate(until: { self.window.week.headers.filter(\.isVisible).count == 7 }),
                          "and shows the whole week")
            XCTAssertEqual(title, "Nov 29 – Dec 5, 2026")
            XCTAssertTrue(window.header.todayButton.isMapped)
        }
    }
}
