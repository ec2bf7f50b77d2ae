import CalendarModel
import Foundation
import TestSupport
import XCTest

final class PlanOrderingTests: XCTestCase {
    private let utc = gregorian()
    private let today = day(2026, 11, 11)
    private let titles = TitleCollation()

    private func order(_ plans: [Plan]) -> [String] {
        PlanOrdering.sorted(plans, on: today, calendar: utc, titles: titles).map(\.id.description)
    }

    func testAllDayFirstThenTimedByStartThenEnd() {
        let plans = [
            timed("lunch", instant(2026, 11, 11, 12, in: utc), instant(2026, 11, 11, 13, in: utc)),
            timed("standup-long", instant(2026, 11, 11, 9, in: utc), instant(2026, 11, 11, 10, in: utc)),
            timed("standup", instant(2026, 11, 11, 9, in: utc), instant(2026, 11, 11, 9, 15, in: utc)),
            allDay("trip", day(2026, 11, 10), through: day(2026, 11, 12)),
            timed("overnight", instant(2026, 11, 10, 22, in: utc), instant(2026, 11, 11, 2, in: utc)),
            allDay("birthday", today),
        ]
        XCTAssertEqual(order(plans), ["trip", "birthday", "overnight", "standup", "standup-long", "lunch"])
    }

    func testTitlesUseNaturalOrderThenIds() {
        let nine = instant(2026, 11, 11, 9, in: utc)
        let ten = instant(2026, 11, 11, 10, in: utc)
        let plans = [
            timed("c", nine, ten, title: "Item 10"),
            timed("b", nine, ten, title: "Item 2"),
            timed("z", nine, ten, title: "Same"),
            timed("a", nine, ten, title: "Same"),
        ]
        XCTAssertEqual(order(plans), ["b", "c", "a", "z"])
    }

    func testOccurrencesOfOneEventAreDistinguished() {
        let nine = instant(2026, 11, 11, 9, in: utc)
        let first = Plan(id: .init(uid: "r", occurrence: "20261111T090000Z"), calendarID: workID,
                         title: "R", timing: .timed(start: nine, end: nine))
        var second = first
        second.id = .init(uid: "r", occurrence: "20261111T090000Z-b")
        XCTAssertEqual(order([second, first]), [first.id.description, second.id.description])
    }

    func testResultDoesNotDependOnInputOrder() {
        let nine = instant(2026, 11, 11, 9, in: utc)
        var plans = (0..<30).map { i in
            timed("p\(i % 7)-\(i)", nine.addingTimeInterval(Double(i % 3) * 600),
                  nine.addingTimeInterval(3_600), title: "T\(i % 4)")
        }
        plans += (0..<5).map { allDay("d\($0)", today, title: "Day \($0 % 2)") }
        let expected = order(plans)
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<20 {
            XCTAssertEqual(order(plans.shuffled(using: &generator)), expected)
        }
    }
}
