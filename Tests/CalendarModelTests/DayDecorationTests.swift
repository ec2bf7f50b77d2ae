@testable import CalendarModel
import XCTest

final class DayDecorationTests: XCTestCase {
    private let calendars = [workID: workInfo, holidayID: holidayInfo]

    private func plans(_ count: Int) -> [Plan] {
        (0..<count).map { allDay("p\($0)", day(2026, 11, 10)) }
    }

    private func decoration(_ plans: [Plan]) -> DayDecoration {
        DayDecoration.make(for: plans, calendars: calendars)
    }

    func testNoPlansIsNone() {
        XCTAssertEqual(decoration([]), .none)
        XCTAssertEqual(DayDecoration.none.planCount, 0)
    }

    func testDotCountsAndOverflow() {
        let work = DotColor(spec: "#1c71d8", fallback: "#1c71d8")
        let expected: [(count: Int, dots: Int, overflow: Int)] = [(1, 1, 0), (3, 3, 0), (4, 3, 1), (7, 3, 4)]
        for row in expected {
            let made = decoration(plans(row.count))
            XCTAssertEqual(made.dots, Array(repeating: work, count: row.dots), "\(row.count) plans")
            XCTAssertEqual(made.overflow, row.overflow, "\(row.count) plans")
            XCTAssertEqual(made.planCount, row.count)
            XCTAssertNil(made.label)
        }
    }

    func testANarrowCellKeepsTheFirstDotsAndCountsTheRest() {
        let four = decoration(plans(4))
        let two = four.keeping(dots: 2)
        XCTAssertEqual(two.dots, Array(four.dots.prefix(2)), "the first dots, in list order")
        XCTAssertEqual(two.overflow, 2, "the third dot joins the one already counted")
        XCTAssertEqual(two.planCount, 4, "the day still has four plans")
        XCTAssertEqual(four.keeping(dots: 0).overflow, 4)
        XCTAssertEqual(four.keeping(dots: 0).dots, [])
        XCTAssertEqual(four.keeping(dots: 3), four, "room for every dot changes nothing")
        XCTAssertEqual(four.keeping(dots: -1), four.keeping(dots: 0))
    }

    func testHolidayGivesTheLabelAndNoDot() {
        let holiday = allDay("h", day(2026, 11, 11), title: "Martinstag", calendar: holidayID)
        let made = decoration([holiday] + plans(2))
        XCTAssertEqual(made.label, "Martinstag")
        XCTAssertEqual(made.dots.count, 2)
        XCTAssertEqual(made.overflow, 0)
        XCTAssertEqual(made.planCount, 3)
    }

    func testSecondHolidayCountsInOverflow() {
        let first = allDay("h1", day(2026, 12, 25), title: "Christmas", calendar: holidayID)
        let second = allDay("h2", day(2026, 12, 25), title: "Weihnachten", categories: [" HOLIDAY "])
        let made = decoration([first, second] + plans(4))
        XCTAssertEqual(made.label, "Christmas")
        XCTAssertEqual(made.dots.count, 3)
        XCTAssertEqual(made.overflow, 2)  // Weihnachten and the fourth plan
        XCTAssertEqual(made.planCount, 6)
    }

    func testHolidayCategoryOnAnOrdinaryCalendar() {
        let plan = allDay("c", day(2026, 11, 26), title: "Thanksgiving", categories: ["Family", "holiday"])
        XCTAssertEqual(decoration([plan]).label, "Thanksgiving")
        XCTAssertEqual(decoration([plan]).dots, [])
        let notHoliday = allDay("n", day(2026, 11, 26), categories: ["holidays", "holiday prep"])
        XCTAssertNil(decoration([notHoliday]).label)
    }

    func testPlanColourWinsOverCalendarColourButKeepsItAsFallback() {
        let own = allDay("own", day(2026, 11, 10), color: "rebeccapurple")
        let blank = allDay("blank", day(2026, 11, 10), color: "  ")
        let made = decoration([own, blank])
        XCTAssertEqual(made.dots, [DotColor(spec: "rebeccapurple", fallback: "#1c71d8"),
                                   DotColor(spec: "#1c71d8", fallback: "#1c71d8")])
    }

    func testUnknownCalendarStillGetsADot() {
        let stray = allDay("stray", day(2026, 11, 10), calendar: CalendarID("gone"))
        XCTAssertEqual(decoration([stray]).dots,
                       [DotColor(spec: DayDecoration.defaultColor, fallback: DayDecoration.defaultColor)])
    }

    func testCancelledPlansStillCount() {
        var cancelled = allDay("x", day(2026, 11, 10))
        cancelled.status = .cancelled
        XCTAssertEqual(decoration([cancelled]).dots.count, 1)
        XCTAssertEqual(decoration([cancelled]).planCount, 1)
    }

    func testDotsFollowListOrder() {
        let red = allDay("r", day(2026, 11, 10), color: "red")
        let green = allDay("g", day(2026, 11, 10), color: "green")
        XCTAssertEqual(decoration([green, red]).dots.map(\.spec), ["green", "red"])
    }

    func testHolidayCategoryMatchesTrimmedLowercasedComparison() {
        let samples = ["holiday", "Holiday", " HOLIDAY\t", "\r\nholiday\n", "holidays", "holi day", "", "  ",
                       "h", "hOlIdAy ", "\u{0B}holiday\u{0C}", "holiday\u{85}", "\u{3000}holiday", "HOLİDAY",
                       "ｈｏｌｉｄａｙ", "holiday\u{301}", "休日", "work"]
        for sample in samples {
            XCTAssertEqual(DayDecoration.isHolidayCategory(sample),
                           sample.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == "holiday",
                           "category \(sample.debugDescription)")
        }
    }

    func testABusyDayCountsEveryPlanPastTheLabelAndDots() {
        let holiday = allDay("h", day(2026, 11, 10), title: "Festival", categories: ["Holiday"])
        let plans = (0..<5).map { allDay("p\($0)", day(2026, 11, 10)) } + [holiday]
            + (0..<4).map { allDay("q\($0)", day(2026, 11, 10)) }
        let laterHoliday = allDay("h2", day(2026, 11, 10), title: "Second", categories: [" holiday "])
        let made = decoration(plans + [laterHoliday])
        XCTAssertEqual(made.planCount, 11)
        XCTAssertEqual(made.dots.count, 3)
        XCTAssertEqual(made.label, "Festival")
        XCTAssertEqual(made.overflow, 7, "two more plans before the label, four after it, and a second holiday")
    }

    func testListRowsGiveTheSameDecorationAsPlans() {
        let day = day(2026, 11, 10)
        let kinds: [Plan] = [
            allDay("a", day), allDay("b", day, color: "red"), allDay("c", day, calendar: holidayID),
            allDay("d", day, title: "Fest", categories: ["Holiday "]), allDay("e", day, calendar: CalendarID("gone")),
            allDay("f", day, color: "  ", categories: ["work"]), allDay("g", day, calendar: holidayID, color: "blue"),
        ]
        // Every arrangement of up to six plans drawn from the kinds, in a fixed pseudo-random order.
        var seed: UInt64 = 42
        for _ in 0..<300 {
            var plans: [Plan] = []
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            for step in 0..<Int(seed >> 61) + Int(seed >> 58 & 3) {
                plans.append(kinds[Int((seed >> UInt64(step * 3 % 48)) % UInt64(kinds.count))])
            }
            let rows = plans.map { PlanOnDay(plan: $0, day: day, startsOnDay: true) }
            XCTAssertEqual(DayDecoration.make(for: rows, calendars: calendars), decoration(plans),
                           "plans \(plans.map(\.id.uid))")
        }
    }
}
