import CalendarModel
import Foundation
import XCTest

final class MonthLayoutTests: XCTestCase {
    func testFebruary2026SundayFirstStartsWithTheFirst() {
        let layout = MonthLayout(month: month(2026, 2), firstWeekday: 1)
        XCTAssertEqual(layout.days.count, 42)
        XCTAssertEqual(layout.firstDay, day(2026, 2, 1))
        XCTAssertEqual(layout.days[27], day(2026, 2, 28))
        XCTAssertEqual(layout.days[28], day(2026, 3, 1))
        XCTAssertEqual(layout.lastDay, day(2026, 3, 14))
        XCTAssertEqual(layout.weekdayOrder, [1, 2, 3, 4, 5, 6, 7])
    }

    func testFebruary2026MondayFirstStartsInJanuary() {
        let layout = MonthLayout(month: month(2026, 2), firstWeekday: 2)
        XCTAssertEqual(layout.firstDay, day(2026, 1, 26))
        XCTAssertEqual(layout.days[6], day(2026, 2, 1))
        XCTAssertEqual(layout.lastDay, day(2026, 3, 8))
        XCTAssertEqual(layout.weekdayOrder, [2, 3, 4, 5, 6, 7, 1])
        XCTAssertFalse(layout.isInMonth(day(2026, 1, 31)))
        XCTAssertTrue(layout.contains(day(2026, 1, 31)))
        XCTAssertFalse(layout.contains(day(2026, 1, 25)))
        XCTAssertFalse(layout.contains(day(2026, 3, 9)))
    }

    func testLeapFebruary2024HasTheTwentyNinth() {
        let layout = MonthLayout(month: month(2024, 2), firstWeekday: 1)
        XCTAssertEqual(layout.firstDay, day(2024, 1, 28))
        XCTAssertEqual(layout.days.filter(layout.isInMonth).count, 29)
        XCTAssertEqual(layout.position(of: day(2024, 2, 29))?.row, 4)
        XCTAssertEqual(layout.position(of: day(2024, 2, 29))?.column, 4)  // a Thursday
        XCTAssertEqual(layout.days[33], day(2024, 3, 1))
    }

    func testFebruary2015SundayFirstFillsExactlyFourRows() {
        let layout = MonthLayout(month: month(2015, 2), firstWeekday: 1)
        let inMonth = layout.days.indices.filter { layout.isInMonth(layout.days[$0]) }
        XCTAssertEqual(inMonth, Array(0..<28))
        XCTAssertEqual(layout.days[28], day(2015, 3, 1))
    }

    func testMonthStartingOnSaturdayNeedsAllSixRows() {
        // August 2026 begins on a Saturday and has 31 days.
        let layout = MonthLayout(month: month(2026, 8), firstWeekday: 1)
        XCTAssertEqual(layout.position(of: day(2026, 8, 1))?.row, 0)
        XCTAssertEqual(layout.position(of: day(2026, 8, 1))?.column, 6)
        XCTAssertEqual(layout.position(of: day(2026, 8, 31))?.row, 5)
        XCTAssertEqual(layout.firstDay, day(2026, 7, 26))
        XCTAssertEqual(layout.lastDay, day(2026, 9, 5))
    }

    func testYearBoundariesOnBothEnds() {
        let december = MonthLayout(month: month(2026, 12), firstWeekday: 1)
        XCTAssertEqual(december.firstDay, day(2026, 11, 29))
        XCTAssertEqual(december.lastDay, day(2027, 1, 9))
        XCTAssertFalse(december.isInMonth(day(2027, 1, 1)))

        let january = MonthLayout(month: month(2027, 1), firstWeekday: 2)
        XCTAssertEqual(january.firstDay, day(2026, 12, 28))
        XCTAssertTrue(january.contains(day(2026, 12, 31)))
        XCTAssertFalse(january.isInMonth(day(2026, 12, 31)))
    }

    func testSaturdayFirst() {
        // 1 November 2026 is a Sunday, so a Saturday-first grid starts on 31 October.
        let layout = MonthLayout(month: month(2026, 11), firstWeekday: 7)
        XCTAssertEqual(layout.firstDay, day(2026, 10, 31))
        XCTAssertEqual(layout.weekdayOrder, [7, 1, 2, 3, 4, 5, 6])
    }

    func testOutOfRangeFirstWeekdayIsWrapped() {
        XCTAssertEqual(MonthLayout(month: month(2026, 11), firstWeekday: 9).firstWeekday, 2)
        XCTAssertEqual(MonthLayout(month: month(2026, 11), firstWeekday: 0).firstWeekday, 7)
    }

    /// Every layout from 1899 to 2101 for every first weekday, checked against Foundation.
    func testAgreesWithFoundationForTwoCenturies() {
        let calendar = gregorian()
        for monthIndex in 0..<(203 * 12) {
            let shown = month(1899, 1).adding(months: monthIndex)
            for weekday in 1...7 {
                let layout = MonthLayout(month: shown, firstWeekday: weekday)
                let start = layout.firstDay.start(in: calendar)
                XCTAssertEqual(calendar.component(.weekday, from: start), weekday, "\(shown)")
                let lead = layout.firstDay.distance(to: shown.firstDay)
                XCTAssertTrue((0..<7).contains(lead), "\(shown) first weekday \(weekday)")
                XCTAssertEqual(layout.days.filter(layout.isInMonth).count, shown.numberOfDays)
                XCTAssertEqual(layout.firstDay.distance(to: layout.lastDay), 41)
            }
        }
    }

    func testIntervalCoversTheFortyTwoDaysAcrossDST() {
        let berlin = gregorian("Europe/Berlin")
        // March 2026: clocks go forward on the 29th, inside the grid.
        let layout = MonthLayout(month: month(2026, 3), firstWeekday: 2)
        let interval = layout.interval(in: berlin)
        XCTAssertEqual(interval.start, instant(2026, 2, 23, 0, in: berlin))
        XCTAssertEqual(interval.end, instant(2026, 4, 6, 0, in: berlin))
        XCTAssertEqual(interval.duration, 42 * 86_400 - 3_600)
    }
}

/// ISO week numbers for the optional week column.
final class WeekNumberTests: XCTestCase {
    func testISOWeekNumbersAtYearBoundaries() {
        // 2026-01-01 is a Thursday: week 1. 2027-01-01 is a Friday: still week 53 of 2026.
        XCTAssertEqual(MonthLayout.isoWeekNumber(of: day(2026, 1, 1)), 1)
        XCTAssertEqual(MonthLayout.isoWeekNumber(of: day(2025, 12, 29)), 1, "Monday of 2026's week 1")
        XCTAssertEqual(MonthLayout.isoWeekNumber(of: day(2027, 1, 1)), 53)
        XCTAssertEqual(MonthLayout.isoWeekNumber(of: day(2027, 1, 4)), 1)
        XCTAssertEqual(MonthLayout.isoWeekNumber(of: day(2026, 11, 29)), 48, "a Sunday ends ISO week 48")
        XCTAssertEqual(MonthLayout.isoWeekNumber(of: day(2026, 11, 30)), 49)
    }

    func testAgreesWithFoundationsISO8601CalendarForTenYears() {
        var iso = Calendar(identifier: .iso8601)
        iso.timeZone = TimeZone(identifier: "UTC")!
        var current = day(2020, 1, 1)
        while current < day(2030, 1, 1) {
            let date = current.start(in: iso)
            XCTAssertEqual(MonthLayout.isoWeekNumber(of: current), iso.component(.weekOfYear, from: date), "\(current)")
            current = current.adding(days: 1)
        }
    }

    func testRowsUseTheirMondayForSundayAndMondayFirstGrids() {
        // November 2026, Sunday-first: rows start Nov 1, 8, … ; Monday-first: Oct 26, Nov 2, …
        XCTAssertEqual(MonthLayout(month: month(2026, 11), firstWeekday: 1).isoWeekNumbers, [45, 46, 47, 48, 49, 50])
        XCTAssertEqual(MonthLayout(month: month(2026, 11), firstWeekday: 2).isoWeekNumbers, [44, 45, 46, 47, 48, 49])
    }
}

/// Changing the first day of the week while the window is open.
final class StoreFirstWeekdayTests: XCTestCase {
    func testChangingTheFirstWeekdayLaysTheGridOutAgain() {
        let store = CalendarStore(sources: [], calendar: gregorian(), today: day(2026, 11, 29),
                                  visibleMonth: month(2026, 11), firstWeekday: 1)
        let recorder = ChangeRecorder(store)
        store.setFirstWeekday(2)
        XCTAssertEqual(store.layout.days.first, day(2026, 10, 26))
        XCTAssertEqual(store.selection, day(2026, 11, 29))
        XCTAssertEqual(recorder.take(), [.visibleMonth])
        store.setFirstWeekday(2)
        XCTAssertEqual(recorder.take(), [], "no change, no notification")
        store.select(day(2026, 10, 26)) // pages to October, selects the 26th
        store.showMonth(month(2026, 11))
        XCTAssertEqual(store.selection, day(2026, 10, 26), "still in November's Monday-first grid")
        store.setFirstWeekday(1)
        XCTAssertNil(store.selection, "Sunday-first November starts on Nov 1: the 26th left the grid")
    }
}
