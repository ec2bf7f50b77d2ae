import CalendarModel
import Foundation
import XCTest

/// What the year view draws (issue 36): twelve grids laid out from the first weekday, and
/// every day of the year decorated as the month's cells are, built from a store's preparation
/// on another thread.
final class YearSliceTests: XCTestCase {
    private let utc = gregorian()

    private func makeStore(_ sources: [any PlanSource], firstWeekday: Int = 1) -> CalendarStore {
        CalendarStore(sources: sources, calendar: utc, today: day(2026, 11, 29), firstWeekday: firstWeekday)
    }

    private func slice(_ plans: [Plan], year: Int, firstWeekday: Int = 1,
                       holidays: [Plan] = []) -> YearSlice {
        var sources: [any PlanSource] = [StaticPlanSource(calendar: workInfo, plans: plans, timeCalendar: utc)]
        if !holidays.isEmpty {
            sources.append(StaticPlanSource(calendar: holidayInfo, plans: holidays, timeCalendar: utc))
        }
        return makeStore(sources, firstWeekday: firstWeekday).yearPreparation(for: year).build()
    }

    func testTwelveMonthsLaidOutFromTheFirstWeekday() {
        let sunday = YearSlice(year: 2026, firstWeekday: 1)
        XCTAssertEqual(sunday.months.map(\.month.month), Array(1...12))
        XCTAssertEqual(sunday.months[0].firstDay, day(2025, 12, 28), "Jan 1 2026 is a Thursday: the row starts on Sunday Dec 28")
        XCTAssertEqual(sunday.months[0].weekdayOrder.first, 1)
        let monday = YearSlice(year: 2026, firstWeekday: 2)
        XCTAssertEqual(monday.months[0].firstDay, day(2025, 12, 29), "Monday first: Monday Dec 29")
        XCTAssertEqual(monday.months[1].firstDay, day(2026, 1, 26), "Feb 1 2026 is a Sunday: the last column of its first row")
        XCTAssertEqual(sunday.months[1].firstDay, day(2026, 2, 1), "and the first column when Sunday comes first")
        XCTAssertEqual(YearSlice(year: 2026, firstWeekday: 9).firstWeekday, 2, "wrapped into 1…7 as MonthLayout does")
    }

    func testLeapYearsHaveFebruary29() {
        XCTAssertEqual(YearSlice.days(of: 2028).count, 366)
        XCTAssertEqual(YearSlice.days(of: 2026).count, 365)
        XCTAssertEqual(YearSlice.days(of: 2100).count, 365, "a century is not a leap year")
        XCTAssertEqual(YearSlice.days(of: 2000).count, 366, "unless divisible by 400")
        let leap = slice([allDay("leap", day(2028, 2, 29))], year: 2028)
        XCTAssertTrue(leap.months[1].isInMonth(day(2028, 2, 29)))
        XCTAssertEqual(leap.planCount(on: day(2028, 2, 29)), 1)
        XCTAssertEqual(leap.planCount(on: day(2028, 3, 1)), 0)
        XCTAssertEqual(leap.decoration(for: day(2028, 12, 31)), .none, "the year's last day is in range")
    }

    func testDotsAreCappedAtThreeWithMore() {
        let busy = (0..<5).map { allDay("p\($0)", day(2026, 7, 20)) }
        let made = slice(busy + [allDay("one", day(2026, 3, 3))], year: 2026)
        let july20 = made.decoration(for: day(2026, 7, 20))
        XCTAssertEqual(july20.dots.count, 3, "three dots at most")
        XCTAssertTrue(made.hasMore(on: day(2026, 7, 20)), "the others are the more mark")
        XCTAssertEqual(made.planCount(on: day(2026, 7, 20)), 5)
        XCTAssertEqual(july20.dots.first, DotColor(spec: "#1c71d8", fallback: "#1c71d8"), "the calendar's colour")
        XCTAssertEqual(made.decoration(for: day(2026, 3, 3)).dots.count, 1)
        XCTAssertFalse(made.hasMore(on: day(2026, 3, 3)))
        XCTAssertEqual(made.planCount, 6, "distinct plans of the year")
    }

    func testHolidaysAreMarkedNotDotted() {
        let made = slice([allDay("work", day(2026, 1, 1))], year: 2026,
                         holidays: [allDay("ny", day(2026, 1, 1), title: "New Year", calendar: holidayID)])
        XCTAssertTrue(made.isHoliday(day(2026, 1, 1)))
        XCTAssertFalse(made.isHoliday(day(2026, 1, 2)))
        XCTAssertEqual(made.decoration(for: day(2026, 1, 1)).label, "New Year")
        XCTAssertEqual(made.decoration(for: day(2026, 1, 1)).dots.count, 1, "only the plan is a dot")
        XCTAssertEqual(made.planCount(on: day(2026, 1, 1)), 2, "both count for the cell's name")
    }

    func testCountsAMultiDayPlanOnEachDayAndOnceInTheYear() {
        let trip = allDay("trip", day(2026, 12, 30), through: day(2027, 1, 2))
        let late = timed("late", instant(2026, 6, 1, 23, 30, in: utc), instant(2026, 6, 2, 0, 30, in: utc))
        let made = slice([trip, late], year: 2026)
        XCTAssertEqual(made.planCount(on: day(2026, 12, 30)), 1)
        XCTAssertEqual(made.planCount(on: day(2026, 12, 31)), 1)
        XCTAssertEqual(made.planCount(on: day(2027, 1, 1)), 0, "the next year's days are not this slice's")
        XCTAssertEqual(made.planCount(on: day(2026, 6, 1)), 1)
        XCTAssertEqual(made.planCount(on: day(2026, 6, 2)), 1, "a plan past midnight is on both days")
        XCTAssertEqual(made.planCount, 2)
        XCTAssertEqual(slice([trip], year: 2027).planCount(on: day(2027, 1, 2)), 1, "and next year's slice has it too")
        XCTAssertEqual(slice([trip], year: 2027).planCount(on: day(2027, 1, 3)), 0, "the end is exclusive")
    }

    func testPreparationLeavesHiddenCalendarsOutAndFollowsTheFirstWeekday() {
        let store = makeStore([StaticPlanSource(calendar: workInfo, plans: [allDay("a", day(2026, 5, 5))], timeCalendar: utc)],
                              firstWeekday: 2)
        let preparation = store.yearPreparation(for: 2026)
        XCTAssertEqual(preparation.year, 2026)
        XCTAssertEqual(preparation.firstWeekday, 2)
        XCTAssertEqual(preparation.build().months[0].firstWeekday, 2)
        XCTAssertEqual(preparation.build().planCount(on: day(2026, 5, 5)), 1)
        store.setCalendar(workID, visible: false)
        XCTAssertEqual(store.yearPreparation(for: 2026).build().planCount, 0, "a hidden calendar has no dots")
    }

    func testBuildsOnAnotherThread() {
        let plans = (0..<2000).map { allDay("p\($0)", day(2026, 1, 1).adding(days: $0 % 365)) }
        let preparation = makeStore([StaticPlanSource(calendar: workInfo, plans: plans, timeCalendar: utc)])
            .yearPreparation(for: 2026)
        let built = expectation(description: "built")
        nonisolated(unsafe) var result: YearSlice?
        Thread.detachNewThread {
            result = preparation.build()
            built.fulfill()
        }
        wait(for: [built], timeout: 10)
        XCTAssertEqual(result?.planCount, 2000)
        XCTAssertEqual(result?.planCount(on: day(2026, 1, 1)), 6, "2000 plans over 365 days: the first 175 days get 6")
        XCTAssertEqual(result, preparation.build(), "the same as built here")
    }

    func testNamesEachDayOnTheBuildingThreadWhenAsked() {
        let store = makeStore([StaticPlanSource(calendar: workInfo, plans: [allDay("a", day(2026, 7, 20))], timeCalendar: utc)])
        XCTAssertNil(store.yearPreparation(for: 2026).build().accessibleLabel(for: day(2026, 7, 20)), "not asked")
        let formatter = CalendarFormatter(locale: Locale(identifier: "en_US"), calendar: utc,
                                          strings: FormatterStrings(dayWithPlanCount: "%1$@: %2$@"))
        let preparation = store.yearPreparation(for: 2026).naming(like: formatter)
        let built = expectation(description: "built")
        nonisolated(unsafe) var named: YearSlice?
        Thread.detachNewThread {
            named = preparation.build()
            built.fulfill()
        }
        wait(for: [built], timeout: 10)
        XCTAssertEqual(named?.accessibleLabel(for: day(2026, 7, 20)), "Monday, July 20, 2026: 1 plan")
        XCTAssertEqual(named?.accessibleLabel(for: day(2026, 12, 31)), "Thursday, December 31, 2026: no plans")
        XCTAssertNil(named?.accessibleLabel(for: day(2027, 1, 1)), "another year's day")
    }

    func testFormatterNamesMonthsAndWeekdaysForAYear() {
        let english = CalendarFormatter(locale: Locale(identifier: "en_US"), calendar: utc)
        XCTAssertEqual(english.monthNames().first, "January")
        XCTAssertEqual(english.monthNames().count, 12)
        XCTAssertEqual(english.weekdayInitials(order: [1, 2, 3]), ["S", "M", "T"])
        XCTAssertEqual(english.yearTitle(2026), "2026")
        let japanese = CalendarFormatter(locale: Locale(identifier: "ja_JP"), calendar: utc)
        XCTAssertEqual(japanese.monthNames()[6], "7月")
        XCTAssertEqual(japanese.weekdayInitials(order: [2, 1]), ["月", "日"])
        XCTAssertEqual(japanese.yearTitle(2026), "2026年")
    }
}
