import CalendarModel
import Foundation
import XCTest

/// A roomy month's rows (issue 19): bars for all-day plans and plans of several days, split
/// at the week's edges and in lanes that never cross; chips for the rest, as many as fit
/// under the bars, then "+N more".
final class MonthRoomyLayoutTests: XCTestCase {
    private let utc = gregorian()
    private let november = MonthLayout(month: month(2026, 11), firstWeekday: 1)

    /// `wrapping`: the uids of plans whose one-day bar's title is too long for a line.
    private func layout(_ plans: [Plan], lines: Int, wrapping: Set<String> = []) -> MonthRoomyLayout {
        let store = CalendarStore(sources: [StaticPlanSource(calendar: workInfo, plans: plans, timeCalendar: utc)],
                                  calendar: utc, today: day(2026, 11, 1), firstWeekday: 1)
        let slice = store.slice(of: november.span)
        return MonthRoomyLayout(span: november.span, plans: slice.plans(on:), calendar: utc, lines: lines,
                                wraps: { wrapping.contains($0.plan.plan.id.uid) })
    }

    private func at(_ d: Int, _ hour: Int) -> Date { instant(2026, 11, d, hour, in: utc) }

    func testAPlanOverAWeeksEdgeIsTwoBarsAndOverlappingPlansTakeTwoLanes() {
        let rows = layout([
            allDay("trip", day(2026, 11, 13), through: day(2026, 11, 17)),
            allDay("course", day(2026, 11, 12), through: day(2026, 11, 14)),
            timed("flight", at(20, 22), at(21, 3)),
        ], lines: 4).rows
        XCTAssertEqual(rows.count, 6)
        // Row 1 is Nov 8–14, row 2 Nov 15–21.
        let second = rows[1].bars.bars, third = rows[2].bars.bars
        let trip = second.first { $0.plan.plan.id.uid == "trip" }, course = second.first { $0.plan.plan.id.uid == "course" }
        XCTAssertEqual(trip?.column, 5)
        XCTAssertEqual(trip?.length, 2, "Friday and Saturday")
        XCTAssertEqual(trip?.continuesAfter, true)
        XCTAssertNotEqual(trip?.lane, course?.lane, "overlapping bars never share a lane")
        let rest = third.first { $0.plan.plan.id.uid == "trip" }
        XCTAssertEqual(rest?.column, 0)
        XCTAssertEqual(rest?.length, 3, "Sunday to Tuesday")
        XCTAssertEqual(rest?.continuesBefore, true)
        let flight = third.first { $0.plan.plan.id.uid == "flight" }
        XCTAssertEqual(flight?.length, 2, "a timed plan over midnight is a bar of two days")
        XCTAssertEqual(flight?.lane, 0, "after the trip ended on Tuesday, its lane is free")
    }

    func testChipsFillTheLinesUnderTheBarsThenSayHowManyMore() {
        let plans = [allDay("holiday", day(2026, 11, 18))] + (0..<5).map { timed("p\($0)", at(18, 8 + $0), at(18, 9 + $0)) }
        let rows = layout(plans, lines: 4).rows
        let wednesday = 3
        XCTAssertEqual(rows[2].barLanes[wednesday], 1)
        XCTAssertEqual(rows[2].chips[wednesday].map(\.plan.id.uid), ["p0", "p1"], "two chips and the “+N” line")
        XCTAssertEqual(rows[2].more[wednesday], 3)
        let roomier = layout(plans, lines: 6).rows
        XCTAssertEqual(roomier[2].chips[wednesday].count, 5, "five fit under the bar")
        XCTAssertEqual(roomier[2].more[wednesday], 0)
    }

    func testBarsPastTheLinesAreCountedInTheirDays() {
        let plans = (0..<4).map { allDay("a\($0)", day(2026, 11, 2), through: day(2026, 11, 3)) }
        let rows = layout(plans, lines: 3).rows
        XCTAssertEqual(rows[0].bars.bars.count, 1, "all lines but one may hold bars, less one for “+N more”")
        XCTAssertEqual(rows[0].barLanes[1], 1, "the chips start under the one lane shown")
        XCTAssertEqual(rows[0].more[1], 3)
        XCTAssertEqual(rows[0].more[2], 3)
        XCTAssertEqual(rows[0].more[0], 0)
    }

    func testEachDaysChipsStartUnderItsOwnBars() {
        // Sunday Nov 15 has two bars; Wednesday Nov 18 has none and keeps all its lines for chips.
        let plans = [allDay("fair", day(2026, 11, 15)), allDay("market", day(2026, 11, 15))]
            + (0..<3).map { timed("w\($0)", at(18, 8 + $0), at(18, 9 + $0)) }
        let row = layout(plans, lines: 4).rows[2]
        XCTAssertEqual(row.barLanes, [2, 0, 0, 0, 0, 0, 0])
        XCTAssertEqual(row.chips[3].count, 3, "Wednesday's chips start at the top")
        XCTAssertEqual(row.more[3], 0)
    }

    func testAOneDayBarWhoseTitleWrapsTakesTwoLinesWhereItsDayHasThem() {
        let plans = [
            allDay("all-saints", day(2026, 11, 1)),
            // Row 1 (Nov 8–14): the course takes lane 0 to Tuesday, the trip lane 1 to Thursday,
            // St. Martin's Day lane 0 on Wednesday, with the trip under it.
            allDay("course", day(2026, 11, 8), through: day(2026, 11, 10)),
            allDay("trip", day(2026, 11, 9), through: day(2026, 11, 12)), allDay("st-martin", day(2026, 11, 11)),
            allDay("repentance", day(2026, 11, 18)),
            timed("meeting", at(18, 9), at(18, 10)), timed("lunch", at(18, 12), at(18, 13)),
            timed("review", at(18, 15), at(18, 16)),
        ]
        let wrapping: Set<String> = ["all-saints", "st-martin", "repentance"]
        let rows = layout(plans, lines: 4, wrapping: wrapping).rows
        XCTAssertEqual(rows[0].barLines, [2], "a holiday alone on its day: two lines")
        XCTAssertEqual(rows[0].barLanes[0], 2)
        let secondWeek = Dictionary(uniqueKeysWithValues: zip(rows[1].bars.bars.map(\.plan.plan.id.uid), rows[1].barLines))
        XCTAssertEqual(rows[1].bars.bars.first { $0.plan.plan.id.uid == "st-martin" }?.lane, 0)
        XCTAssertEqual(secondWeek["st-martin"], 1, "the lane under it belongs to the trip: one line, cut")
        XCTAssertEqual(rows[2].barLines, [2])
        XCTAssertEqual(rows[2].chips[3].map(\.plan.id.uid), ["meeting"], "under it a chip and “+2 more”")
        XCTAssertEqual(rows[2].more[3], 2)
        let tight = layout(plans, lines: 2, wrapping: wrapping).rows
        XCTAssertEqual(tight[0].barLines, [1], "two lines in all: the second stays for a chip or “+N more”")
        XCTAssertEqual(layout(plans, lines: 4).rows[0].barLines, [1], "a title that fits keeps one line")
    }

    func testTimedPlansOverMidnightAreBarsCutWhereTheyCrossAnEdge() {
        let rows = layout([
            timed("late", instant(2026, 10, 31, 20, in: utc), at(1, 2)),
            timed("to-midnight", at(2, 10), at(3, 0)),
            timed("long", at(6, 20), at(9, 1)),
        ], lines: 4).rows
        let first = rows[0].bars.bars, second = rows[1].bars.bars
        let late = first.first { $0.plan.plan.id.uid == "late" }
        XCTAssertEqual(late?.column, 0)
        XCTAssertEqual(late?.length, 1)
        XCTAssertEqual(late?.continuesBefore, true, "it began in October, before the grid")
        XCTAssertNil(first.first { $0.plan.plan.id.uid == "to-midnight" }, "ending at midnight, it is one day's chip")
        XCTAssertEqual(rows[0].chips[1].map(\.plan.id.uid), ["to-midnight"])
        let long = first.first { $0.plan.plan.id.uid == "long" }
        XCTAssertEqual(long.map { [$0.column, $0.length] }, [5, 2], "Friday and Saturday")
        XCTAssertEqual(long?.continuesAfter, true)
        let rest = second.first { $0.plan.plan.id.uid == "long" }
        XCTAssertEqual(rest.map { [$0.column, $0.length] }, [0, 2], "Sunday and Monday, to 1 AM")
        XCTAssertEqual(rest?.continuesBefore, true)
        XCTAssertEqual(rest?.continuesAfter, false)
    }
}
