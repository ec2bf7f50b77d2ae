import CalendarModel
import Foundation
import XCTest

/// The spans the four views show (issue 36): a day, a week, a month's grid, a year, around a
/// year's end and a DST change, and the plans the store hands each of them there.
final class ViewSpanTests: XCTestCase {
    func testEachViewsSpanAroundAYearsEnd() {
        let newYearsEve = day(2026, 12, 31)
        XCTAssertEqual(DaySpan.weekView(columns: 1, day: newYearsEve, firstWeekday: 2), DaySpan(first: newYearsEve, count: 1),
                       "the day view: that day")
        let week = DaySpan.weekView(columns: 7, day: newYearsEve, firstWeekday: 2)
        XCTAssertEqual(week.first, day(2026, 12, 28), "a Monday-first week runs into the next year")
        XCTAssertEqual(week.last, day(2027, 1, 3))
        let grid = MonthLayout(month: YearMonth(year: 2026, month: 12)!, firstWeekday: 1).span
        XCTAssertEqual(grid.first, day(2026, 11, 29))
        XCTAssertEqual(grid.last, day(2027, 1, 9), "six weeks, into January")
        XCTAssertEqual(YearSlice.days(of: 2028), DaySpan(first: day(2028, 1, 1), count: 366), "a leap year")
        XCTAssertEqual(YearSlice.days(of: 2027).last, day(2027, 12, 31))
    }

    /// Paging by a span's own length never skips or repeats a day, across the year's end.
    func testPagingTheDayAndThreeDaySpansCoversEveryDayOnce() {
        for columns in [1, 3] {
            var span = DaySpan.weekView(columns: columns, day: day(2026, 12, 29), firstWeekday: 1)
            var seen: [CalendarDay] = span.days
            for _ in 0..<4 {
                let next = span.first.adding(days: span.count)
                span = DaySpan.weekView(columns: columns, day: next, firstWeekday: 1, shown: span)
                seen += span.days
            }
            XCTAssertEqual(seen, (0..<(5 * columns)).map { day(2026, 12, 29).adding(days: $0) }, "\(columns) columns")
        }
    }

    /// On the day the clocks go back, a plan at 01:30 (twice that night) and one late in the day
    /// land on that day in the day view's, the week's and the month's spans alike.
    func testEveryViewsSliceAgreesOnADSTDay() {
        let zone = "Europe/Berlin"
        let calendar = gregorian(zone)
        let info = CalendarInfo(id: CalendarID("c"), name: "C", color: "#1c71d8")
        let components = DateComponents(timeZone: TimeZone(identifier: zone), year: 2026, month: 10, day: 25, hour: 23, minute: 30)
        let late = calendar.date(from: components)!
        // 01:30 CEST (UTC+2), before the clocks go back at 03:00.
        let early = Date(timeIntervalSince1970: 1_792_884_600) // 2026-10-24T23:30:00Z
        let plans = [
            Plan(id: Plan.ID(uid: "early"), calendarID: info.id, title: "Early", timing: .timed(start: early, end: early + 1800)),
            Plan(id: Plan.ID(uid: "late"), calendarID: info.id, title: "Late", timing: .timed(start: late, end: late + 1800)),
        ]
        let store = CalendarStore(sources: [StaticPlanSource(calendar: info, plans: plans, timeCalendar: calendar)],
                                  calendar: calendar, today: day(2026, 10, 25), firstWeekday: 2)
        let sunday = day(2026, 10, 25)
        for span in [DaySpan(first: sunday, count: 1), DaySpan.weekView(columns: 7, day: sunday, firstWeekday: 2),
                     store.layout.span, YearSlice.days(of: 2026)] {
            XCTAssertEqual(store.slice(of: span).plans(on: sunday).map(\.plan.title), ["Early", "Late"], "\(span)")
            XCTAssertEqual(store.slice(of: span).plans(on: day(2026, 10, 24)), [], "\(span)")
        }
    }
}
