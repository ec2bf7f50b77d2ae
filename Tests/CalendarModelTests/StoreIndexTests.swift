import CalendarModel
import Foundation
import XCTest

/// The day index: one query per source and layout, right answers after paging and reloads.
final class StoreIndexTests: XCTestCase {
    private let utc = gregorian()

    private func samplePlans() -> [Plan] {
        [
            allDay("oct", day(2026, 10, 31)),                       // not in November's grid
            allDay("first", day(2026, 11, 1)),
            timed("standup", instant(2026, 11, 10, 9, in: utc), instant(2026, 11, 10, 9, 15, in: utc)),
            allDay("trip", day(2026, 11, 10), through: day(2026, 11, 11)),
            allDay("december", day(2026, 12, 2)),                   // greyed cell of November
            allDay("far", day(2027, 6, 1)),
        ]
    }

    private func makeStore(_ sources: [any PlanSource]) -> CalendarStore {
        CalendarStore(sources: sources, calendar: utc, today: day(2026, 11, 29), firstWeekday: 1)
    }

    func testSourceIsAskedOncePerLayout() {
        let source = CountingSource(plans: samplePlans(), calendar: utc)
        let store = makeStore([source])
        for cell in store.layout.days {
            _ = store.decoration(for: cell)
            _ = store.plans(on: cell)
        }
        _ = store.agenda()
        _ = store.slice(of: store.layout.span).planCount
        XCTAssertEqual(source.queries, [store.layout.interval(in: utc)])
    }

    func testQueriesAnswerFromTheIndex() {
        let store = makeStore([CountingSource(plans: samplePlans(), calendar: utc)])
        XCTAssertEqual(store.uids(on: day(2026, 11, 10)), ["trip", "standup"])
        XCTAssertEqual(store.uids(on: day(2026, 11, 11)), ["trip"])
        XCTAssertEqual(store.uids(on: day(2026, 12, 2)), ["december"])
        XCTAssertEqual(store.uids(on: day(2026, 11, 12)), [])
        XCTAssertEqual(store.decoration(for: day(2026, 11, 10)).dots.count, 2)
        XCTAssertEqual(store.decoration(for: day(2026, 11, 12)), .none)
        XCTAssertEqual(store.slice(of: store.layout.span).planCount, 4)
    }

    func testAgendaListsOnlyTheMonthsOwnDaysWithPlans() {
        let store = makeStore([CountingSource(plans: samplePlans(), calendar: utc)])
        let agenda = store.agenda()
        XCTAssertEqual(agenda.map(\.day), [day(2026, 11, 1), day(2026, 11, 10)], "the trip is listed once, on its first day")
        XCTAssertEqual(agenda[1].plans.map(\.plan.id.uid), ["trip", "standup"])
        XCTAssertTrue(store.visibleMonthHasPlans)
        store.showMonth(month(2027, 2))
        XCTAssertEqual(store.agenda().count, 0)
        XCTAssertFalse(store.visibleMonthHasPlans)
    }

    func testPagingAwayAndBackGivesTheSameAnswers() {
        let source = CountingSource(plans: samplePlans(), calendar: utc)
        let store = makeStore([source])
        let before = store.layout.days.map { store.plans(on: $0) }
        store.showNextMonth()
        XCTAssertEqual(store.uids(on: day(2026, 12, 2)), ["december"])
        // Outside December's grid (29 Nov … 9 Jan): asked for that day alone.
        XCTAssertEqual(store.uids(on: day(2026, 11, 10)), ["trip", "standup"])
        store.showMonth(month(2027, 6))
        XCTAssertEqual(store.uids(on: day(2027, 6, 1)), ["far"])
        store.showMonth(month(2026, 11))
        XCTAssertEqual(store.layout.days.map { store.plans(on: $0) }, before)
        XCTAssertEqual(store.slice(of: store.layout.span).planCount, 4)
    }

    func testDaysOutsideTheGridAskForThatDayAlone() {
        let source = CountingSource(plans: samplePlans(), calendar: utc)
        let store = makeStore([source])
        XCTAssertEqual(store.uids(on: day(2027, 6, 1)), ["far"])
        XCTAssertEqual(store.decoration(for: day(2027, 6, 1)).planCount, 1)
        XCTAssertEqual(source.queries.first, day(2027, 6, 1).interval(in: utc))
        XCTAssertEqual(store.uids(on: day(2026, 10, 31)), ["oct"])
        XCTAssertEqual(store.plans(on: day(2026, 10, 31)).map(\.startsOnDay), [true])
    }

    func testAddSourceReplacesTheSameCalendarAndRebuilds() {
        let store = makeStore([CountingSource(plans: samplePlans(), calendar: utc)])
        XCTAssertEqual(store.uids(on: day(2026, 11, 1)), ["first"])
        let replacement = CountingSource(plans: [allDay("new", day(2026, 11, 1))], calendar: utc)
        store.addSource(replacement)
        XCTAssertEqual(store.uids(on: day(2026, 11, 1)), ["new"])
        XCTAssertEqual(store.calendars.map(\.id), [workID])

        let holidays = CountingSource(holidayInfo, plans: [
            allDay("h", day(2026, 11, 1), title: "All Saints' Day", calendar: holidayID),
        ], calendar: utc)
        store.addSource(holidays)
        XCTAssertEqual(store.calendars.map(\.id), [workID, holidayID])
        XCTAssertEqual(store.uids(on: day(2026, 11, 1)), ["h", "new"])  // title order
        XCTAssertEqual(store.decoration(for: day(2026, 11, 1)).label, "All Saints' Day")
        XCTAssertEqual(store.decoration(for: day(2026, 11, 1)).dots.count, 1)

        store.setSources([])
        XCTAssertEqual(store.uids(on: day(2026, 11, 1)), [])
        XCTAssertEqual(store.calendars, [])
    }

    func testTimeZoneChangeReplacesPlans() {
        let call = timed("call", instant(2026, 11, 10, 20, in: utc), instant(2026, 11, 10, 21, in: utc))
        let store = makeStore([CountingSource(plans: [call], calendar: utc)])
        XCTAssertEqual(store.uids(on: day(2026, 11, 10)), ["call"])
        store.setCalendar(gregorian("Asia/Tokyo"))
        XCTAssertEqual(store.uids(on: day(2026, 11, 10)), [])
        XCTAssertEqual(store.uids(on: day(2026, 11, 11)), ["call"])
        XCTAssertEqual(store.calendar.timeZone.identifier, "Asia/Tokyo")
    }

    func testReloadPlansRereadsTheSources() {
        let source = CountingSource(plans: samplePlans(), calendar: utc)
        let store = makeStore([source])
        _ = store.plans(on: day(2026, 11, 1))
        store.reloadPlans()
        _ = store.plans(on: day(2026, 11, 1))
        XCTAssertEqual(source.queries.count, 2)
    }

    func testHundredThousandPlansAreIndexedInOnePass() {
        // 100,000 one-hour plans spread over November 2026's grid (1 Nov … 12 Dec).
        let base = instant(2026, 11, 1, 0, in: utc)
        let plans = (0..<100_000).map { i in
            let start = base.addingTimeInterval(Double(i % 42) * 86_400 + Double(i % 20) * 3_600)
            return timed("p\(i)", start, start.addingTimeInterval(3_600))
        }
        let source = CountingSource(plans: plans, calendar: utc)
        let store = makeStore([source])
        XCTAssertEqual(store.slice(of: store.layout.span).planCount, 100_000)
        let counts = store.layout.days.map { store.decoration(for: $0).planCount }
        XCTAssertEqual(counts.reduce(0, +), 100_000)
        XCTAssertEqual(Set(counts), [2_380, 2_381])
        XCTAssertEqual(store.decoration(for: day(2026, 11, 1)).overflow, store.plans(on: day(2026, 11, 1)).count - 3)
        XCTAssertEqual(source.queries.count, 1)
    }
}
