import CalendarModel
import XCTest

/// The one list of calendar colours, given in turn.
final class CalendarPaletteTests: XCTestCase {
    func testColoursAreDistinctHexAndGivenInTurn() {
        let colors = CalendarPalette.colors
        XCTAssertEqual(Set(colors).count, colors.count, "no colour twice")
        XCTAssertTrue(colors.allSatisfy { $0.count == 7 && $0.hasPrefix("#") && $0.dropFirst().allSatisfy(\.isHexDigit) })
        XCTAssertEqual(CalendarPalette.first, colors[0])
        XCTAssertEqual(CalendarPalette.color(1), colors[1])
        XCTAssertEqual(CalendarPalette.color(colors.count), colors[0], "after the last, the first again")
        XCTAssertEqual(CalendarPalette.color(-1), colors[colors.count - 1])
        XCTAssertEqual(DayDecoration.defaultColor, CalendarPalette.first, "a plan with no calendar colour")
    }
}
