import CalendarModel
import Foundation
import XCTest

/// Which days of the grid a plan lands on, through the store's day index.
final class PlanPlacementTests: XCTestCase {
    private func store(_ plans: [Plan], zone: String = "UTC", month shown: YearMonth = month(2026, 11),
                       firstWeekday: Int = 1) -> CalendarStore {
        let calendar = gregorian(zone)
        return CalendarStore(sources: [StaticPlanSource(calendar: workInfo, plans: plans, timeCalendar: calendar)],
                             calendar: calendar, today: day(2026, 11, 29), visibleMonth: shown,
                             firstWeekday: firstWeekday)
    }

    /// The days of the visible grid that list `uid`.
    private func days(of uid: String, in store: CalendarStore) -> [CalendarDay] {
        store.layout.days.filter { store.uids(on: $0).contains(uid) }
    }

    func testAllDayEndIsExclusive() {
        let s = store([allDay("trip", day(2026, 11, 10), through: day(2026, 11, 12))])
        XCTAssertEqual(days(of: "trip", in: s), [day(2026, 11, 10), day(2026, 11, 11), day(2026, 11, 12)])
        XCTAssertEqual(s.plans(on: day(2026, 11, 10)).map(\.startsOnDay), [true])
        XCTAssertEqual(s.plans(on: day(2026, 11, 12)).map(\.startsOnDay), [false])
    }

    func testAllDayWithoutEndIsOneDay() {
        // A DATE DTSTART with no DTEND arrives with end == start.
        let plan = Plan(id: .init(uid: "solo"), calendarID: workID, title: "Solo",
                        timing: .allDay(start: day(2026, 11, 10), end: day(2026, 11, 10)))
        XCTAssertEqual(days(of: "solo", in: store([plan])), [day(2026, 11, 10)])
    }

    func testTimedPlanEndingAtMidnightDoesNotSpill() {
        let utc = gregorian()
        let plan = timed("late", instant(2026, 11, 10, 22, in: utc), instant(2026, 11, 11, 0, in: utc))
        XCTAssertEqual(days(of: "late", in: store([plan])), [day(2026, 11, 10)])
    }

    func testMultiDayTimedPlanStartsOnlyOnItsFirstDay() {
        let utc = gregorian()
        let plan = timed("night", instant(2026, 11, 10, 22, in: utc), instant(2026, 11, 12, 2, in: utc))
        let s = store([plan])
        XCTAssertEqual(days(of: "night", in: s), [day(2026, 11, 10), day(2026, 11, 11), day(2026, 11, 12)])
        XCTAssertEqual([10, 11, 12].map { s.plans(on: day(2026, 11, $0))[0].startsOnDay }, [true, false, false])
        XCTAssertEqual(s.plans(on: day(2026, 11, 11))[0].id, "night#2026-11-11")
    }

    func testZeroLengthPlansLandOnTheirInstantsDay() {
        let utc = gregorian()
        let reminder = timed("ping", instant(2026, 11, 10, 9, in: utc), instant(2026, 11, 10, 9, in: utc))
        let midnight = timed("tick", instant(2026, 11, 11, 0, in: utc), instant(2026, 11, 11, 0, in: utc))
        let s = store([reminder, midnight])
        XCTAssertEqual(days(of: "ping", in: s), [day(2026, 11, 10)])
        XCTAssertEqual(days(of: "tick", in: s), [day(2026, 11, 11)])
    }

    func testPlanCrossingTheGridEdgeIsClampedToTheGrid() {
        // November 2026, Sunday first: the grid is 1 November … 12 December.
        let s = store([allDay("long", day(2026, 10, 20), through: day(2026, 11, 3))])
        XCTAssertEqual(days(of: "long", in: s), [day(2026, 11, 1), day(2026, 11, 2), day(2026, 11, 3)])
        XCTAssertEqual(s.plans(on: day(2026, 11, 1)).map(\.startsOnDay), [false])
        XCTAssertEqual(s.slice(of: s.layout.span).planCount, 1)
    }

    func testBerlinSpringForwardWeek() {
        let berlin = gregorian("Europe/Berlin")
        // 29 March 2026: 02:00 becomes 03:00.
        let across = timed("across", instant(2026, 3, 28, 23, 30, in: berlin), instant(2026, 3, 29, 0, 30, in: berlin))
        let inGap = timed("gap", instant(2026, 3, 29, 1, 30, in: berlin), instant(2026, 3, 29, 3, 30, in: berlin))
        let lateSunday = timed("late", instant(2026, 3, 29, 23, 30, in: berlin), instant(2026, 3, 29, 23, 45, in: berlin))
        let monday = timed("monday", instant(2026, 3, 30, 0, 15, in: berlin), instant(2026, 3, 30, 1, in: berlin))
        let s = store([across, inGap, lateSunday, monday], zone: "Europe/Berlin", month: month(2026, 3), firstWeekday: 2)
        XCTAssertEqual(inGap.interval(in: berlin).duration, 3_600)  // the clock skipped an hour
        XCTAssertEqual(days(of: "across", in: s), [day(2026, 3, 28), day(2026, 3, 29)])
        XCTAssertEqual(days(of: "gap", in: s), [day(2026, 3, 29)])
        XCTAssertEqual(days(of: "late", in: s), [day(2026, 3, 29)])
        XCTAssertEqual(days(of: "monday", in: s), [day(2026, 3, 30)])
    }

    func testNewYorkFallBackWeek() {
        let newYork = gregorian("America/New_York")
        // 1 November 2026 has 25 hours: 02:00 EDT becomes 01:00 EST.
        let late = timed("late", instant(2026, 11, 1, 23, 30, in: newYork), instant(2026, 11, 2, 0, 0, in: newYork))
        let early = timed("early", instant(2026, 11, 2, 0, 30, in: newYork), instant(2026, 11, 2, 1, in: newYork))
        let s = store([late, early], zone: "America/New_York")
        XCTAssertEqual(days(of: "late", in: s), [day(2026, 11, 1)])
        XCTAssertEqual(days(of: "early", in: s), [day(2026, 11, 2)])
        XCTAssertEqual(day(2026, 11, 1).interval(in: newYork).duration, 25 * 3_600)
    }

    func testSameInstantLandsOnTheDayOfTheUsersZone() {
        let utc = gregorian()
        let plan = timed("call", instant(2026, 11, 10, 20, in: utc), instant(2026, 11, 10, 21, in: utc))
        XCTAssertEqual(days(of: "call", in: store([plan])), [day(2026, 11, 10)])
        XCTAssertEqual(days(of: "call", in: store([plan], zone: "Asia/Tokyo")), [day(2026, 11, 11)])
        XCTAssertEqual(days(of: "call", in: store([plan], zone: "Pacific/Honolulu")), [day(2026, 11, 10)])
    }
}
