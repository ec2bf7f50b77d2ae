import CalendarModel
import Foundation
import XCTest

/// Neighbouring months prepared ahead: paging to them gives the same answers, the visible
/// month's index is never pushed out, and a change of plans starts afresh.
final class StorePrepareIndexTests: XCTestCase {
    private func store() -> CalendarStore {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let info = CalendarInfo(id: CalendarID("work"), name: "Work", color: "#e66100")
        let plans = (0..<90).map { offset in
            Plan(id: Plan.ID(uid: "p\(offset)"), calendarID: info.id, title: "Plan \(offset)",
                 timing: .allDay(start: CalendarDay(year: 2026, month: 10, day: 1)!.adding(days: offset),
                                 end: CalendarDay(year: 2026, month: 10, day: 1)!.adding(days: offset + 1)))
        }
        return CalendarStore(sources: [StaticPlanSource(calendar: info, plans: plans, timeCalendar: calendar)],
                             calendar: calendar, today: CalendarDay(year: 2026, month: 11, day: 29)!,
                             visibleMonth: YearMonth(year: 2026, month: 11)!, firstWeekday: 1)
    }

    func testPreparedNeighboursAnswerAsIfBuiltOnDemand() {
        let prepared = store(), plain = store()
        prepared.prepareIndex(for: prepared.gridSpan(of: YearMonth(year: 2026, month: 12)!))
        prepared.prepareIndex(for: prepared.gridSpan(of: YearMonth(year: 2026, month: 10)!))
        XCTAssertTrue(prepared.hasPreparedIndex(for: prepared.gridSpan(of: YearMonth(year: 2026, month: 12)!)))
        XCTAssertTrue(prepared.hasPreparedIndex(for: prepared.gridSpan(of: YearMonth(year: 2026, month: 10)!)))
        for store in [prepared, plain] { store.showNextMonth() }
        for day in plain.layout.days {
            XCTAssertEqual(prepared.decoration(for: day), plain.decoration(for: day), "\(day)")
            XCTAssertEqual(prepared.plans(on: day), plain.plans(on: day), "\(day)")
        }
    }

    func testTheVisibleMonthIsNeverPushedOutAndNewPlansStartAfresh() {
        let store = store()
        _ = store.agenda() // builds the visible month's index
        for month in [12, 1, 2, 3, 4] {
            store.prepareIndex(for: store.gridSpan(of: YearMonth(year: month == 12 ? 2026 : 2027, month: month)!))
        }
        XCTAssertTrue(store.hasPreparedIndex(for: store.gridSpan(of: YearMonth(year: 2026, month: 11)!)), "the visible month stays")
        XCTAssertTrue(store.hasPreparedIndex(for: store.gridSpan(of: YearMonth(year: 2027, month: 4)!)), "the newest prepared month is kept")
        store.setSources([])
        XCTAssertFalse(store.hasPreparedIndex(for: store.gridSpan(of: YearMonth(year: 2027, month: 4)!)), "other plans: nothing stale is kept")
        XCTAssertTrue(store.agenda().isEmpty)
    }

    /// The window builds neighbouring months on another thread and hands them back.
    func testIndexBuiltOnAnotherThreadIsAdoptedAndAnswersAlike() throws {
        let prepared = store(), plain = store()
        let december = YearMonth(year: 2026, month: 12)!
        let preparation = try XCTUnwrap(prepared.indexPreparation(for: prepared.gridSpan(of: december)))
        XCTAssertEqual(preparation.span, prepared.gridSpan(of: december))
        let built = Handover()
        let thread = Thread { built.value = preparation.build(); built.done.signal() }
        thread.start()
        built.done.wait()
        prepared.adopt(try XCTUnwrap(built.value))
        XCTAssertTrue(prepared.hasPreparedIndex(for: prepared.gridSpan(of: december)))
        XCTAssertNil(prepared.indexPreparation(for: prepared.gridSpan(of: december)), "nothing left to build")
        for store in [prepared, plain] { store.showNextMonth() }
        for day in plain.layout.days {
            XCTAssertEqual(prepared.decoration(for: day), plain.decoration(for: day), "\(day)")
            XCTAssertEqual(prepared.plans(on: day), plain.plans(on: day), "\(day)")
        }
    }

    /// The days' dots, labels and "+N" are worked out on the preparing thread: the same as the
    /// window's own, with holidays, plans' own colours and full days.
    func testDecorationsWorkedOutOnThePreparingThreadMatch() throws {
        func make() -> CalendarStore {
            let calendar = gregorian()
            let busy = (0..<7).map { allDay("busy\($0)", day(2026, 12, 3), color: $0 == 2 ? "#26a269" : nil) }
            let work = StaticPlanSource(calendar: workInfo, plans: busy + [allDay("trip", day(2026, 12, 20), through: day(2027, 1, 2))],
                                        timeCalendar: calendar)
            let holidays = StaticPlanSource(calendar: holidayInfo, plans: [
                allDay("xmas", day(2026, 12, 25), title: "Christmas", calendar: holidayID),
                allDay("eve", day(2026, 12, 31), title: "New Year's Eve", calendar: holidayID),
            ], timeCalendar: calendar)
            return CalendarStore(sources: [work, holidays], calendar: calendar, today: day(2026, 11, 29),
                                 visibleMonth: month(2026, 11), firstWeekday: 1)
        }
        let prepared = make(), plain = make()
        let built = try XCTUnwrap(prepared.indexPreparation(for: prepared.gridSpan(of: month(2026, 12)))).build()
        prepared.adopt(built)
        for store in [prepared, plain] { store.showNextMonth() }
        XCTAssertEqual(prepared.decoration(for: day(2026, 12, 3)).overflow, 7 - DayDecoration.maxDots, "seven plans")
        XCTAssertEqual(prepared.decoration(for: day(2026, 12, 25)).label, "Christmas")
        for day in plain.layout.days {
            XCTAssertEqual(prepared.decoration(for: day), plain.decoration(for: day), "\(day)")
        }
    }

    /// An index asked for before the plans changed holds the old ones: it is refused.
    func testIndexPreparedBeforeThePlansChangedIsRefused() throws {
        let store = store()
        let december = YearMonth(year: 2026, month: 12)!
        let stale = try XCTUnwrap(store.indexPreparation(for: store.gridSpan(of: december))).build()
        store.setSources([])
        store.adopt(stale)
        XCTAssertFalse(store.hasPreparedIndex(for: store.gridSpan(of: december)))
        store.showNextMonth()
        XCTAssertTrue(store.agenda().isEmpty, "the old plans do not come back")
    }

    /// One cache for every span a view asks for: the least recently used goes first, never
    /// the visible grid's, and each answer is the same as the sources give.
    func testEverySpanSharesOneCacheThatKeepsTheVisibleGrid() {
        let store = self.store()
        let plain = self.store()
        _ = store.agenda() // the visible grid's index
        // Five weeks before November's grid (Nov 1 – Dec 12) and five after it: each needs its own index.
        let weeks = [-35, -28, -21, -14, -7, 42, 49, 56, 63, 70].map {
            DaySpan(first: CalendarDay(year: 2026, month: 11, day: 1)!.adding(days: $0), count: 7)
        }
        for week in weeks {
            let slice = store.slice(of: week)
            for day in week.days { XCTAssertEqual(slice.plans(on: day), plain.plans(on: day), "\(day)") }
        }
        XCTAssertTrue(store.hasPreparedIndex(for: store.layout.span), "the visible grid stays")
        XCTAssertTrue(store.hasPreparedIndex(for: weeks[9]), "the newest week is kept")
        XCTAssertFalse(store.hasPreparedIndex(for: weeks[0]), "the oldest week went")
        // A day outside every kept span is answered from an index of its own, then kept.
        let far = CalendarDay(year: 2026, month: 12, day: 28)!
        XCTAssertEqual(store.plans(on: far), plain.plans(on: far))
        XCTAssertTrue(store.hasPreparedIndex(for: DaySpan(first: far, count: 1)))
        XCTAssertTrue(store.hasPreparedIndex(for: store.layout.span), "still the visible grid")
    }

    private final class Handover: @unchecked Sendable {
        var value: PreparedIndex?
        let done = DispatchSemaphore(value: 0)
    }
}
