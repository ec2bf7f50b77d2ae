import CalendarModel
import Foundation
import XCTest

/// The week view's model (issue 18): which days it shows at 7, 3 and 1 columns, the all-day
/// row's bars and lanes, plans moved by whole days and quarter hours, and its title.
final class WeekViewModelTests: XCTestCase {
    private let utc = gregorian()

    // MARK: Spans

    func testSevenColumnsShowTheWeekFromTheFirstWeekday() {
        let wednesday = day(2026, 11, 25)
        XCTAssertEqual(DaySpan.weekView(columns: 7, day: wednesday, firstWeekday: 1),
                       DaySpan(first: day(2026, 11, 22), count: 7), "Sunday to Saturday")
        XCTAssertEqual(DaySpan.weekView(columns: 7, day: wednesday, firstWeekday: 2),
                       DaySpan(first: day(2026, 11, 23), count: 7), "Monday to Sunday")
        XCTAssertEqual(DaySpan.weekView(columns: 7, day: day(2026, 11, 29), firstWeekday: 2).first, day(2026, 11, 23),
                       "a Sunday is the last day of a Monday week")
    }

    func testFewerColumnsStayPutWhileTheyHoldTheDayAndFollowItOtherwise() {
        let shown = DaySpan(first: day(2026, 11, 24), count: 3)
        XCTAssertEqual(DaySpan.weekView(columns: 3, day: day(2026, 11, 26), firstWeekday: 1, shown: shown), shown,
                       "a click inside the shown days moves nothing")
        XCTAssertEqual(DaySpan.weekView(columns: 3, day: day(2026, 11, 27), firstWeekday: 1, shown: shown),
                       DaySpan(first: day(2026, 11, 27), count: 3), "the next three days")
        XCTAssertEqual(DaySpan.weekView(columns: 3, day: day(2026, 11, 28), firstWeekday: 1, shown: shown),
                       DaySpan(first: day(2026, 11, 27), count: 3), "paged from the middle day: still the next three, none skipped")
        XCTAssertEqual(DaySpan.weekView(columns: 3, day: day(2026, 11, 22), firstWeekday: 1, shown: shown),
                       DaySpan(first: day(2026, 11, 21), count: 3), "back: the three before")
        XCTAssertEqual(DaySpan.weekView(columns: 3, day: day(2026, 11, 18), firstWeekday: 1, shown: shown),
                       DaySpan(first: day(2026, 11, 18), count: 3), "two spans back")
        XCTAssertEqual(DaySpan.weekView(columns: 3, day: day(2026, 11, 25), firstWeekday: 1,
                                        shown: DaySpan(first: day(2026, 11, 22), count: 7)),
                       DaySpan(first: day(2026, 11, 25), count: 3), "narrowing from a week starts at the day")
        XCTAssertEqual(DaySpan.weekView(columns: 1, day: day(2026, 11, 25), firstWeekday: 1, shown: shown),
                       DaySpan(first: day(2026, 11, 25), count: 1), "a phone shows the day itself")
    }

    // MARK: All-day row

    private func row(_ span: DaySpan, _ plans: [Plan], maxLanes: Int = 3) -> AllDayRowLayout {
        let store = CalendarStore(sources: [StaticPlanSource(calendar: workInfo, plans: plans, timeCalendar: utc)],
                                  calendar: utc, today: span.first, firstWeekday: 1)
        let slice = store.slice(of: span)
        return AllDayRowLayout(span: span, plans: slice.plans(on:), calendar: utc, maxLanes: maxLanes)
    }

    private let week = DaySpan(first: day(2026, 11, 22), count: 7)

    func testAPlanOverTheWeeksEdgeIsOneBarCutAtTheEdge() {
        let layout = row(week, [allDay("trip", day(2026, 11, 26), through: day(2026, 12, 2))])
        XCTAssertEqual(layout.bars.count, 1)
        let bar = layout.bars[0]
        XCTAssertEqual(bar.column, 4)
        XCTAssertEqual(bar.length, 3, "Thursday to Saturday of this week")
        XCTAssertFalse(bar.continuesBefore)
        XCTAssertTrue(bar.continuesAfter)
        let next = row(DaySpan(first: day(2026, 11, 29), count: 7),
                       [allDay("trip", day(2026, 11, 26), through: day(2026, 12, 2))])
        XCTAssertEqual(next.bars.map(\.column), [0])
        XCTAssertEqual(next.bars.map(\.length), [4], "its second piece, Sunday to Wednesday")
        XCTAssertEqual(next.bars.map(\.continuesBefore), [true])
    }

    func testOverlappingPlansNeverShareALaneAndSeparateOnesDo() {
        let layout = row(week, [
            allDay("long", day(2026, 11, 22), through: day(2026, 11, 25)),
            allDay("overlaps", day(2026, 11, 24), through: day(2026, 11, 27)),
            allDay("after", day(2026, 11, 26), through: day(2026, 11, 28)),
        ])
        let lanes = Dictionary(uniqueKeysWithValues: layout.bars.map { ($0.plan.plan.id.uid, $0.lane) })
        XCTAssertNotEqual(lanes["long"], lanes["overlaps"])
        XCTAssertEqual(lanes["after"], lanes["long"], "a bar starting after another ended takes its lane")
        XCTAssertEqual(layout.laneCount, 2)
        XCTAssertEqual(layout.hidden, Array(repeating: 0, count: 7))
    }

    func testLanesPastTheLimitAreCountedPerDay() {
        let plans = (0..<5).map { allDay("p\($0)", day(2026, 11, 23), through: day(2026, 11, 24)) }
        let layout = row(week, plans, maxLanes: 3)
        XCTAssertEqual(layout.laneCount, 3)
        XCTAssertEqual(layout.bars.count, 2, "two lanes of bars, the third says how many more")
        XCTAssertEqual(layout.hidden, [0, 3, 3, 0, 0, 0, 0])
    }

    func testTimedPlansAreLeftToTheTimeGrid() {
        let start = instant(2026, 11, 23, 22, in: utc)
        let layout = row(week, [timed("night", start, start.addingTimeInterval(4 * 3_600))])
        XCTAssertTrue(layout.bars.isEmpty)
    }

    // MARK: Moving

    func testMovingByDaysKeepsTheWallClockAcrossADSTChange() {
        let berlin = gregorian("Europe/Berlin")
        // Saturday 24 October 2026, 09:00–10:00 CEST; the clocks go back the next night.
        let start = instant(2026, 10, 24, 9, in: berlin)
        let moved = PlanTiming.timed(start: start, end: start.addingTimeInterval(3_600))
            .moved(days: 2, minutes: 30, calendar: berlin)
        XCTAssertEqual(moved, .timed(start: instant(2026, 10, 26, 9, 30, in: berlin),
                                     end: instant(2026, 10, 26, 10, 30, in: berlin)),
                       "Monday 09:30–10:30 CET: the same wall time two days on, half an hour later")
        XCTAssertEqual(PlanTiming.allDay(start: day(2026, 11, 26), end: day(2026, 11, 28)).moved(days: -1, minutes: 0, calendar: utc),
                       .allDay(start: day(2026, 11, 25), end: day(2026, 11, 27)), "an all-day plan keeps its length")
    }

    func testAnEndDraggedUpNeverPassesAQuarterHourAfterTheStart() {
        let start = instant(2026, 11, 25, 9, in: utc)
        let timing = PlanTiming.timed(start: start, end: start.addingTimeInterval(3_600))
        XCTAssertEqual(timing.endMoved(minutes: 45), .timed(start: start, end: start.addingTimeInterval(6_300)))
        XCTAssertEqual(timing.endMoved(minutes: -120), .timed(start: start, end: start.addingTimeInterval(900)))
    }

    func testAFormTakesTheNewTimingInItsOwnZone() {
        let plan = timed("call", instant(2026, 11, 25, 15, in: utc), instant(2026, 11, 25, 16, in: utc))
        let british = gregorian(locale: "en_GB") // a 24-hour clock in the form's texts
        let form = PlanForm(plan: plan, zone: TimeZone(identifier: "Asia/Tokyo"), calendar: british)
        let moved = form.with(plan.timing.moved(days: 1, minutes: -30, calendar: utc), calendar: british)
        XCTAssertEqual(moved.startDateText, "2026-11-26", "Tokyo is nine hours ahead: 26 Nov 14:30 UTC is 23:30 there")
        XCTAssertEqual(moved.startTimeText, "23:30")
        XCTAssertEqual(moved.endTimeText, "00:30")
        XCTAssertEqual(moved.endDateText, "2026-11-27", "and its end is past midnight there")
        XCTAssertEqual(moved.title, "call")
    }

    // MARK: Title

    func testTheTitleNamesTheShownDays() {
        let formatter = CalendarFormatter(locale: Locale(identifier: "en_US"), calendar: gregorian(locale: "en_US"))
        XCTAssertEqual(formatter.spanTitle(week), "Nov 22 – Nov 28, 2026")
        XCTAssertEqual(formatter.spanTitle(DaySpan(first: day(2026, 12, 28), count: 7)), "Dec 28, 2026 – Jan 3, 2027")
        XCTAssertEqual(formatter.spanTitle(DaySpan(first: day(2026, 12, 1), count: 1)), "Tuesday, December 1, 2026")
        XCTAssertEqual(formatter.spanTitle(DaySpan(first: day(2027, 1, 3), count: 7)), "Jan 3 – Jan 9, 2027")
        XCTAssertEqual(formatter.spanTitle(DaySpan(first: day(2027, 1, 31), count: 7)), "Jan 31 – Feb 6, 2027")
    }

    /// Japanese writes a range with the year once, a wave dash between its ends and the parts
    /// both ends share not repeated (issue 35).
    func testAJapaneseTitleSaysTheYearOnce() {
        let ja = CalendarFormatter(locale: Locale(identifier: "ja_JP"), calendar: gregorian(locale: "ja_JP"))
        XCTAssertEqual(ja.spanTitle(DaySpan(first: day(2027, 1, 3), count: 7)), "2027年1月3日～9日")
        XCTAssertEqual(ja.spanTitle(DaySpan(first: day(2026, 12, 27), count: 7)), "2026年12月27日～2027年1月2日")
        XCTAssertEqual(ja.spanTitle(DaySpan(first: day(2027, 1, 31), count: 7)), "2027年1月31日～2月6日")
        XCTAssertEqual(ja.shortSpanTitle(DaySpan(first: day(2026, 11, 29), count: 3)), "11月29日～12月1日")
    }

    /// A day column's header: the weekday first in English, the day first in Japanese.
    func testDayColumnHeaders() {
        let en = CalendarFormatter(locale: Locale(identifier: "en_US"), calendar: gregorian(locale: "en_US"))
        XCTAssertEqual(en.weekColumnHeader(day(2027, 1, 3)), "Sun 3")
        let ja = CalendarFormatter(locale: Locale(identifier: "ja_JP"), calendar: gregorian(locale: "ja_JP"))
        XCTAssertEqual(ja.weekColumnHeader(day(2027, 1, 3)), "3日(日)")
        XCTAssertEqual(ja.weekColumnHeader(day(2027, 1, 9)), "9日(土)")
    }

    /// What a phone-width header shows when the full title does not fit.
    func testTheShortTitlesDropTheYearAndAbbreviate() {
        let formatter = CalendarFormatter(locale: Locale(identifier: "en_US"), calendar: gregorian(locale: "en_US"))
        XCTAssertEqual(formatter.shortMonthTitle(month(2026, 11)), "Nov 2026")
        XCTAssertEqual(formatter.shortSpanTitle(DaySpan(first: day(2026, 11, 29), count: 3)), "Nov 29 – Dec 1")
        XCTAssertEqual(formatter.shortSpanTitle(DaySpan(first: day(2026, 12, 1), count: 1)), "Tue, Dec 1")
        let ja = CalendarFormatter(locale: Locale(identifier: "ja_JP"), calendar: gregorian(locale: "ja_JP"))
        XCTAssertEqual(ja.shortMonthTitle(month(2026, 11)), "2026年11月")
        XCTAssertEqual(ja.shortSpanTitle(DaySpan(first: day(2026, 12, 1), count: 1)), "12月1日(火)")
    }
}
