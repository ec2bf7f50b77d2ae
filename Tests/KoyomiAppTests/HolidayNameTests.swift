import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// A holiday in a small month cell (issue 35): its name is written where its first characters
/// fit, else its mark shows alone, the name in its tooltip and for screen readers; never "…"
/// or "Fir…".
final class HolidayNameTests: StyledAppTestCase, @unchecked Sendable {
    private static let holidays = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("data/holidays.ics")

    func testAHolidaysNameIsWrittenReadablyOrItsMarkShowsAlone() throws {
        let path = try writeCalendar("holidays.ics", String(contentsOf: Self.holidays, encoding: .utf8))
        for (width, height) in [(360, 640), (800, 600)] {
            try startWindowAt(width: width, height: height)
            try MainActor.assumeIsolated {
                _ = openWindow([path], month: YearMonth(year: 2026, month: 12))
                XCTAssertTrue(window.grid.cells.allSatisfy { !$0.isRoomy }, "\(width) px: dots")
                paintOnce()
                var written = 0, marks = 0
                for cell in window.grid.cells {
                    guard let name = cell.decoration.label, let widget = cell.holidayWidget else { continue }
                    let day = cell.day?.description ?? "?"
                    XCTAssertEqual(cell.holidayText, name, "\(day): the cell carries the name (its tooltip)")
                    let frame = try XCTUnwrap(widget.bounds(relativeTo: cell.button))
                    XCTAssertGreaterThanOrEqual(frame.x, 0, "\(day): inside its cell")
                    XCTAssertLessThanOrEqual(frame.x + frame.width, Double(cell.button.allocatedWidth), "\(day): inside its cell")
                    if cell.writesHolidayName {
                        // At least its first six characters and "…", in the label's own font, padding aside.
                        let shortest = name.count <= 6 ? name : String(name.prefix(6)) + "…"
                        let needed = widget.pixelSize(ofMarkup: Label.escape(shortest)).width + Int(DayCellRow.labelPadding)
                        XCTAssertGreaterThanOrEqual(Int(frame.width), needed, "\(day), \(width) px: “\(name)” is readable, not cut to a stub")
                        written += 1
                    } else {
                        XCTAssertGreaterThanOrEqual(frame.width, DayCellRow.markWidth - 1, "\(day): its mark is drawn")
                        marks += 1
                    }
                }
                XCTAssertGreaterThan(written + marks, 5, "December has holidays")
                if width == 800 { XCTAssertGreaterThan(written, 0, "\(width) px: names have room") }
                if width == 360 { XCTAssertGreaterThan(marks, 0, "\(width) px: marks where names have none") }
                closeWindow()
            }
        }
    }
}
