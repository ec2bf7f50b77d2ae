import CalendarModel
import Foundation
import XCTest

/// The store serves spans of days, not only months (issue 18): a view states the days it
/// shows and is handed their slice. Inside the visible grid the slice is the grid's; a span
/// elsewhere (a week across two months, a week next year) is indexed once, with one query per
/// source, and gives what the month view gives for the same days.
final class StoreSliceTests: XCTestCase {
    private let utc = gregorian()

    private func samplePlans() -> [Plan] {
        [
            allDay("first", day(2026, 11, 1)),
            timed("standup", instant(2026, 11, 10, 9, in: utc), instant(2026, 11, 10, 9, 15, in: utc)),
            allDay("trip", day(2026, 11, 27), through: day(2026, 12, 6)),      // across both months and weeks
            timed("late", instant(2026, 12, 1, 23, 30, in: utc), instant(2026, 12, 2, 0, 30, in: utc)),
            allDay("far", day(2027, 6, 1)),
        ]
    }

    private func makeStore(_ sources: [any PlanSource]) -> CalendarStore {
        CalendarStore(sources: sources, calendar: utc, today: day(2026, 11, 29), firstWeekday: 1)
    }

    func testAWeekSpanStartsOnTheFirstWeekday() {
        XCTAssertEqual(DaySpan.week(containing: day(2026, 12, 2), firstWeekday: 1),
                       DaySpan(first: day(2026, 11, 29), count: 7), "Sunday first")
        XCTAssertEqual(DaySpan.week(containing: day(2026, 12, 2), firstWeekday: 2),
                       DaySpan(first: day(2026, 11, 30), count: 7), "Monday first")
        XCTAssertEqual(DaySpan.week(containing: day(2026, 11, 29), firstWeekday: 2).first, day(2026, 11, 23),
                       "a Sunday is the last day of a Monday-first week")
        XCTAssertEqual(DaySpan(first: day(2026, 12, 28), count: 7).last, day(2027, 1, 3))
    }

    func testAWeekInsideTheGridIsTheGridsOwnAnswer() {
        let source = CountingSource(plans: samplePlans(), calendar: utc)
        let store = makeStore([source])
        let week = DaySpan.week(containing: day(2026, 12, 2), firstWeekday: 1)   // Nov 29 – Dec 5, inside November's grid
        _ = store.decoration(for: day(2026, 11, 1))                              // the month grid is drawn: its index is built
        let slice = store.slice(of: week)
        for day in week.days {
            XCTAssertEqual(slice.plans(on: day), store.plans(on: day), "\(day)")
            XCTAssertEqual(slice.decoration(for: day), store.decoration(for: day), "\(day)")
        }
        XCTAssertEqual(slice.plans(on: day(2026, 12, 2)).map(\.plan.id.uid), ["trip", "late"])
        XCTAssertEqual(slice.plans(on: day(2026, 12, 2)).map(\.startsOnDay), [false, false])
        XCTAssertEqual(slice.plans(on: day(2026, 11, 10)), [], "a day outside the span has nothing")
        XCTAssertEqual(slice.planCount, 2, "the trip and the late call, each once")
        XCTAssertEqual(source.queries, [store.layout.interval(in: utc)], "no query of its own")
    }

    /// A week view paged into a month whose grid is not drawn (the month view is hidden) indexes
    /// its seven days alone, and never builds the month's whole index for them.
    func testAWeekInsideAGridNotBuiltIsIndexedAloneAndAgreesWithIt() {
        let source = CountingSource(plans: samplePlans(), calendar: utc)
        let store = makeStore([source])
        let week = DaySpan.week(containing: day(2026, 12, 2), firstWeekday: 1)
        let slice = store.slice(of: week)
        XCTAssertEqual(source.queries, [week.interval(in: utc)], "one query, for the week")
        XCTAssertEqual(slice.plans(on: day(2026, 12, 2)).map(\.plan.id.uid), ["trip", "late"])
        XCTAssertEqual(store.plans(on: day(2026, 12, 2)).map(\.plan.id.uid), ["trip", "late"],
                       "the selected day's list reads the week's index too")
        XCTAssertEqual(source.queries.count, 1, "still no month index")
        for day in week.days {
            XCTAssertEqual(slice.decoration(for: day), store.decoration(for: day), "\(day): the same as the month's")
        }
    }

    func testASpanOutsideTheGridIsIndexedOnceAndAgreesWithItsMonth() {
        let source = CountingSource(plans: samplePlans(), calendar: utc)
        let store = makeStore([source])
        let week = DaySpan(first: day(2027, 5, 30), count: 7)                   // May 30 – June 5, 2027
        let slice = store.slice(of: week)
        XCTAssertEqual(slice.plans(on: day(2027, 6, 1)).map(\.plan.id.uid), ["far"])
        XCTAssertEqual(slice.decoration(for: day(2027, 6, 1)).planCount, 1)
        XCTAssertEqual(slice.planCount, 1)
        _ = store.slice(of: week)
        XCTAssertEqual(source.queries.filter { $0 == week.interval(in: utc) }.count, 1, "asked once, kept")

        store.showMonth(month(2027, 6))
        for day in week.days {
            XCTAssertEqual(slice.plans(on: day), store.plans(on: day), "the month view says the same of \(day)")
        }
    }

    func testASliceFollowsChangesToThePlansAndHiddenCalendars() {
        let store = makeStore([CountingSource(plans: samplePlans(), calendar: utc)])
        let week = DaySpan(first: day(2027, 5, 30), count: 7)
        XCTAssertEqual(store.slice(of: week).planCount, 1)
        store.setCalendar(workID, visible: false)
        XCTAssertEqual(store.slice(of: week).planCount, 0, "a hidden calendar's plans are left out")
        store.setCalendar(workID, visible: true)
        store.addSource(CountingSource(holidayInfo, plans: [
            allDay("h", day(2027, 6, 2), title: "Holiday", calendar: holidayID),
        ], calendar: utc))
        let slice = store.slice(of: week)
        XCTAssertEqual(slice.plans(on: day(2027, 6, 2)).map(\.plan.id.uid), ["h"])
        XCTAssertEqual(slice.decoration(for: day(2027, 6, 2)).label, "Holiday")
    }
}
