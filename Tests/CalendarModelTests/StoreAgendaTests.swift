import CalendarModel
import XCTest

/// The month's agenda (the selected day clicked again) lists each plan once, under its first
/// day in the month, so its rows and count are plans, not days (issue 35).
final class StoreAgendaTests: XCTestCase {
    private let utc = gregorian()

    /// December 2026: a trip over Dec 24–28, a meeting on the 26th (inside the trip), a
    /// holiday that began in November and ends on Dec 2, and a night train over Dec 30–31.
    private func makeStore() -> CalendarStore {
        let work = StaticPlanSource(calendar: workInfo, plans: [
            allDay("trip", day(2026, 12, 24), through: day(2026, 12, 28), title: "Trip"),
            timed("meeting", instant(2026, 12, 26, 9, in: utc), instant(2026, 12, 26, 10, in: utc), title: "Meeting"),
            allDay("leave", day(2026, 11, 27), through: day(2026, 12, 2), title: "Leave"),
            timed("train", instant(2026, 12, 30, 22, in: utc), instant(2026, 12, 31, 6, in: utc), title: "Night train"),
        ], timeCalendar: utc)
        return CalendarStore(sources: [work], calendar: utc, today: day(2026, 12, 1), visibleMonth: month(2026, 12),
                             firstWeekday: 1)
    }

    func testAPlanOfSeveralDaysIsListedOnceUnderItsFirstDayInTheMonth() {
        let agenda = makeStore().agenda()
        XCTAssertEqual(agenda.map(\.day), [day(2026, 12, 1), day(2026, 12, 24), day(2026, 12, 26), day(2026, 12, 30)],
                       "no day is listed for a plan merely going on")
        XCTAssertEqual(agenda.map { $0.plans.map(\.plan.id.uid) }, [["leave"], ["trip"], ["meeting"], ["train"]])
        let leave = agenda[0].plans[0]
        XCTAssertFalse(leave.startsOnDay, "a plan from last month is listed on the month's first day, as going on")
        XCTAssertTrue(agenda[1].plans[0].startsOnDay)
    }

    func testTheMonthsCountCountsPlansNotDays() {
        let store = makeStore()
        XCTAssertEqual(store.agenda().reduce(0) { $0 + $1.plans.count }, 4,
                       "four plans, although they touch eleven days")
    }
}
