import CalendarModel
import Foundation
import XCTest

/// A day's column in a time grid (the week view's, issue 18): blocks placed by the day's real
/// clock, side by side in lanes when they overlap, readable when short, cut at midnight, and
/// DST days of 23 and 25 hours drawn true.
final class DayColumnLayoutTests: XCTestCase {
    private let utc = gregorian()
    private let berlin = gregorian("Europe/Berlin")

    /// The day's rows as the store would hand them (through a store, so the rows are real).
    private func layout(_ day: CalendarDay, _ plans: [Plan], calendar: Calendar? = nil) -> DayColumnLayout {
        let calendar = calendar ?? utc
        let store = CalendarStore(sources: [StaticPlanSource(calendar: workInfo, plans: plans, timeCalendar: calendar)],
                                  calendar: calendar, today: day, firstWeekday: 1)
        return DayColumnLayout(day: day, plans: store.slice(of: DaySpan(first: day, count: 1)).plans(on: day),
                               calendar: calendar)
    }

    private func lanes(_ column: DayColumnLayout) -> [String: String] {
        Dictionary(uniqueKeysWithValues: column.blocks.map { ($0.plan.plan.id.uid, "\($0.lane)/\($0.laneCount)") })
    }

    private let day10 = day(2026, 11, 10)

    private func at(_ hour: Int, _ minute: Int = 0, on day: CalendarDay? = nil, in calendar: Calendar? = nil) -> Date {
        let day = day ?? day10, calendar = calendar ?? utc
        return instant(day.year, day.month, day.day, hour, minute, in: calendar)
    }

    func testBlocksArePlacedByTheClockAndAllDayPlansGoToTheirRow() {
        let column = layout(day10, [
            timed("standup", at(9), at(9, 15)),
            allDay("trip", day10, through: day(2026, 11, 12)),
            timed("lunch", at(12, 30), at(13, 30)),
        ])
        XCTAssertEqual(column.allDay.map(\.plan.id.uid), ["trip"])
        let standup = try? XCTUnwrap(column.blocks.first { $0.plan.plan.id.uid == "standup" })
        XCTAssertEqual(standup?.top ?? -1, 9.0 / 24, accuracy: 1e-9)
        XCTAssertEqual(standup?.bottom ?? -1, 9.25 / 24, accuracy: 1e-9)
        XCTAssertEqual(lanes(column), ["standup": "0/1", "lunch": "0/1"])
        XCTAssertEqual(column.hours, 24)
        XCTAssertEqual(column.hourLines.count, 24)
        XCTAssertEqual(column.hourLines[9].position, 9.0 / 24, accuracy: 1e-9)
    }

    func testOverlappingPlansShareTheWidthInLanes() {
        let column = layout(day10, [
            timed("a", at(9), at(11)),
            timed("b", at(10), at(12)),      // overlaps a
            timed("c", at(11), at(13)),      // overlaps b only: a's lane is free again
            timed("d", at(14), at(15)),      // alone
            timed("e", at(14, 30), at(14, 45)),
        ])
        XCTAssertEqual(lanes(column), ["a": "0/2", "b": "1/2", "c": "0/2", "d": "0/2", "e": "1/2"])
    }

    func testShortPlansStayReadableAndDoNotOverlapTheirNeighbours() {
        let column = layout(day10, [
            timed("ping", at(9), at(9, 5)),          // 5 minutes, drawn 15
            timed("pong", at(9, 10), at(9, 12)),     // starts inside ping's drawn block
            timed("moment", at(10), at(10)),         // no length at all
            timed("late", at(23, 55), at(23, 58)),   // near the end: drawn up to midnight, not past it
        ])
        let ping = column.blocks.first { $0.plan.plan.id.uid == "ping" }!
        XCTAssertEqual(ping.bottom - ping.top, 15.0 / (24 * 60), accuracy: 1e-9)
        XCTAssertEqual(lanes(column)["ping"], "0/2")
        XCTAssertEqual(lanes(column)["pong"], "1/2", "side by side, not on top of each other")
        let moment = column.blocks.first { $0.plan.plan.id.uid == "moment" }!
        XCTAssertEqual(moment.bottom - moment.top, 15.0 / (24 * 60), accuracy: 1e-9)
        let late = column.blocks.first { $0.plan.plan.id.uid == "late" }!
        XCTAssertEqual(late.bottom, 1, accuracy: 1e-9)
        XCTAssertEqual(late.bottom - late.top, 15.0 / (24 * 60), accuracy: 1e-9)
    }

    func testAPlanCrossingMidnightIsCutOnEachDay() {
        let party = timed("party", at(22), at(2, on: day(2026, 11, 11)))
        let first = layout(day10, [party]).blocks[0]
        XCTAssertEqual(first.top, 22.0 / 24, accuracy: 1e-9)
        XCTAssertEqual(first.bottom, 1, accuracy: 1e-9)
        XCTAssertEqual([first.continuesFromPreviousDay, first.continuesToNextDay], [false, true])
        let second = layout(day(2026, 11, 11), [party]).blocks[0]
        XCTAssertEqual(second.top, 0, accuracy: 1e-9)
        XCTAssertEqual(second.bottom, 2.0 / 24, accuracy: 1e-9)
        XCTAssertEqual([second.continuesFromPreviousDay, second.continuesToNextDay], [true, false])
    }

    func testASpringForwardDayHas23HoursDrawnTrue() {
        let change = day(2027, 3, 28)                      // Berlin: 02:00 → 03:00
        let column = layout(change, [timed("call", at(3, on: change, in: berlin), at(4, on: change, in: berlin))],
                            calendar: berlin)
        XCTAssertEqual(column.hours, 23)
        XCTAssertEqual(column.hourLines.count, 23)
        let hours = column.hourLines.map { berlin.component(.hour, from: $0.instant) }
        XCTAssertFalse(hours.contains(2), "02:00 does not exist that day")
        let call = column.blocks[0]
        XCTAssertEqual(call.top, 2.0 / 23, accuracy: 1e-9, "03:00 comes two real hours after midnight")
        XCTAssertEqual(call.bottom, 3.0 / 23, accuracy: 1e-9)
    }

    func testAFallBackDayHas25HoursAndItsRepeatedHourTwice() {
        let change = day(2026, 10, 25)                     // Berlin: 03:00 → 02:00
        let afterTheChange = berlin.date(from: DateComponents(year: 2026, month: 10, day: 25, hour: 12))!
        let column = layout(change, [timed("walk", afterTheChange, afterTheChange.addingTimeInterval(3_600))],
                            calendar: berlin)
        XCTAssertEqual(column.hours, 25)
        XCTAssertEqual(column.hourLines.count, 25)
        let hours = column.hourLines.map { berlin.component(.hour, from: $0.instant) }
        XCTAssertEqual(hours.filter { $0 == 2 }.count, 2, "02:00 comes twice")
        XCTAssertEqual(column.blocks[0].top, 13.0 / 25, accuracy: 1e-9, "noon is 13 real hours in")
    }

    func testMoreOverlapsThanLanesFitAreCountedInTheLastLane() {
        // Five plans at once, where three lanes fit: two lanes of blocks, then "+3".
        let plans = (0..<5).map { timed("p\($0)", at(9), at(10 + $0)) } + [timed("later", at(20), at(21))]
        let store = CalendarStore(sources: [StaticPlanSource(calendar: workInfo, plans: plans, timeCalendar: utc)],
                                  calendar: utc, today: day10, firstWeekday: 1)
        let column = DayColumnLayout(day: day10, plans: store.slice(of: DaySpan(first: day10, count: 1)).plans(on: day10),
                                     calendar: utc, maxLanes: 3)
        XCTAssertEqual(column.blocks.count, 3, "two of the five, and the later plan")
        XCTAssertEqual(column.blocks.filter { $0.plan.plan.id.uid != "later" }.map(\.laneCount), [3, 3])
        XCTAssertEqual(column.blocks.first { $0.plan.plan.id.uid == "later" }?.laneCount, 1, "a group of its own")
        XCTAssertEqual(column.overflows.count, 1)
        let overflow = column.overflows[0]
        XCTAssertEqual(overflow.plans.count, 3)
        XCTAssertEqual(overflow.lane, 2)
        XCTAssertEqual(overflow.top, 9.0 / 24, accuracy: 1e-9)
        // The longest take the lanes (they come first at one start): 9–14 and 9–13 are drawn.
        XCTAssertEqual(overflow.bottom, 12.0 / 24, accuracy: 1e-9, "to the end of the longest hidden plan, 9–12")
        XCTAssertTrue(DayColumnLayout(day: day10, plans: store.slice(of: DaySpan(first: day10, count: 1)).plans(on: day10),
                                      calendar: utc).overflows.isEmpty, "with room for every lane, none")
    }
}
