import CalendarModel
import GtkKit
@testable import KoyomiApp
import XCTest

/// The month grid as a user sees it, driven through the real widgets.
final class MonthGridTests: AppTestCase {
    func testOpensOnTheCurrentMonthWithTodaySelected() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path])
            XCTAssertEqual(title, "November 2026")
            XCTAssertEqual(window.grid.cells.count, 42)
            XCTAssertEqual(window.grid.cells.first?.numberText, "1", "Nov 2026 starts on a Sunday")
            XCTAssertEqual(window.grid.cells.last?.day?.description, "2026-12-12")
            XCTAssertEqual(selectedCells(), ["2026-11-29"])
            XCTAssertTrue(cell("2026-11-29").button.hasCSSClass("today"))
            XCTAssertEqual(rowTitles, ["Late call"])
        }
    }

    func testWeekdayHeaderFollowsTheLocalesFirstDay() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path], locale: "de_DE", firstWeekday: 2)
            XCTAssertEqual(title, "November 2026")
            XCTAssertEqual(window.grid.cells.first?.day?.description, "2026-10-26", "Monday before Nov 1")
            XCTAssertTrue(window.grid.cells.first!.isGreyed)
            XCTAssertFalse(cell("2026-11-02").isGreyed)
        }
    }

    func testDotsOverflowAndHolidayLabels() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path])
            let busy = cell("2026-11-18")
            XCTAssertEqual(busy.visibleDotClasses.count, 3, "three dots at most")
            XCTAssertEqual(busy.overflowText, "+2", "two more plans: the 18th has 4 plans and a standup")
            let trip = cell("2026-11-11")
            XCTAssertEqual(trip.visibleDotClasses, ["koyomi-color-1c71d8", "koyomi-color-e66100"],
                           "the trip in its own colour, the standup in the calendar's")
            XCTAssertEqual(cell("2026-11-26").holidayText, "Thanksgiving Day")
            XCTAssertTrue(cell("2026-11-26").visibleDotClasses.isEmpty, "a holiday is a label, not a dot")
            XCTAssertTrue(cell("2026-11-13").visibleDotClasses.isEmpty, "the trip's DTEND is exclusive")
            XCTAssertTrue(cell("2026-11-30").visibleDotClasses.count == 1, "the late call does not spill past midnight")
        }
    }

    func testCellsCarryAccessibleLabels() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path])
            XCTAssertEqual(cell("2026-11-10").button.accessibleLabel, "Tuesday, November 10, 2026: 1 plan")
            XCTAssertEqual(cell("2026-11-18").button.accessibleLabel, "Wednesday, November 18, 2026: 5 plans")
            XCTAssertEqual(cell("2026-11-14").button.accessibleLabel, "Saturday, November 14, 2026: no plans")
            XCTAssertEqual(cell("2026-11-29").button.accessibleDescription, "today")
            XCTAssertEqual(window.header.previousButton.accessibleLabel, "Previous month")
            XCTAssertEqual(window.header.nextButton.accessibleLabel, "Next month")
            XCTAssertEqual(window.header.todayButton.accessibleLabel, "Today")
        }
    }

    func testPagingChangesTitleAndGrid() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path])
            window.header.nextButton.click()
            XCTAssertEqual(title, "December 2026")
            XCTAssertEqual(window.grid.cells.first?.day?.description, "2026-11-29")
            XCTAssertEqual(selectedCells(), ["2026-11-29"], "the selected day is still in the grid")

            window.header.nextButton.click()
            XCTAssertEqual(title, "January 2027")
            XCTAssertEqual(selectedCells(), [], "the selected day left the grid")
            XCTAssertTrue(window.grid.cells.allSatisfy { !$0.button.hasCSSClass("today") })

            window.header.previousButton.click()
            window.header.previousButton.click()
            window.header.previousButton.click()
            XCTAssertEqual(title, "October 2026")

            window.header.todayButton.click()
            XCTAssertEqual(title, "November 2026")
            XCTAssertEqual(selectedCells(), ["2026-11-29"])
        }
    }

    /// After each page the months either side are built on another thread, so paging on
    /// only draws.
    func testNeighbouringMonthsArePreparedAfterPaging() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path])
            window.header.nextButton.click()
            let store = controller.store
            let december = try! XCTUnwrap(YearMonth(year: 2026, month: 12))
            XCTAssertTrue(MainLoop.iterate(until: {
                store.hasPreparedIndex(for: store.gridSpan(of: december.next)) && store.hasPreparedIndex(for: store.gridSpan(of: december.previous))
            }), "January and November are prepared")
            XCTAssertEqual(title, "December 2026")
            // November was the first month shown, so only January says something above: page on.
            window.header.nextButton.click()
            XCTAssertTrue(MainLoop.iterate(until: { store.hasPreparedIndex(for: store.gridSpan(of: december.next.next)) }),
                          "February is prepared once January is shown")
        }
    }

    func testStartsOnTheMonthGivenOnTheCommandLine() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2024, month: 2))
            XCTAssertEqual(title, "February 2024")
            XCTAssertEqual(selectedCells(), [], "today is not in this grid")
            XCTAssertEqual(window.grid.cells.filter { !$0.isGreyed }.count, 29, "leap year")
        }
    }
}
