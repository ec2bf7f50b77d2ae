import CalendarModel
import Foundation
import TestSupport
import XCTest

/// The store's day index places plans on days with precomputed day boundaries; it must agree
/// with `Plan.days(in:)` everywhere, DST weeks included.
final class DayIndexPlacementTests: XCTestCase {
    func testIndexAgreesWithPlanDaysAroundDSTChanges() {
        for zone in ["Europe/Berlin", "America/New_York", "Asia/Tokyo", "UTC"] {
            let calendar = gregorian(zone)
            var generator = SeededGenerator(seed: 0x6b6f_796f)
            let info = CalendarInfo(id: CalendarID("random"), name: "Random", color: "#3584e4")
            // Instants around both 2026 DST changes of Europe and North America.
            let base = instant(2026, 3, 1, 0, zone: zone, calendar: calendar)
            let plans: [Plan] = (0..<600).map { index in
                let start = base.addingTimeInterval(Double(Int.random(in: 0...(60 * 86_400), using: &generator) / 900 * 900))
                let length = Double([0, 900, 3600, 86_400, 90_000, 3 * 86_400][Int.random(in: 0...5, using: &generator)])
                return Plan(id: Plan.ID(uid: "p\(index)"), calendarID: info.id, title: "P\(index)",
                            timing: .timed(start: start, end: start.addingTimeInterval(length)))
            }
            let source = StaticPlanSource(calendar: info, plans: plans, timeCalendar: calendar)
            for shown in [month(2026, 3), month(2026, 4), month(2026, 11)] {
                let store = CalendarStore(sources: [source], calendar: calendar, today: day(2026, 3, 1),
                                          visibleMonth: shown, firstWeekday: 1)
                for day in store.layout.days {
                    let expected = Set(plans.filter { $0.days(in: calendar).contains(day) }.map(\.id))
                    let actual = store.plans(on: day)
                    XCTAssertEqual(Set(actual.map(\.plan.id)), expected, "\(zone) \(day)")
                    for entry in actual {
                        XCTAssertEqual(entry.startsOnDay, entry.plan.days(in: calendar).lowerBound == day, "\(zone) \(day)")
                    }
                }
            }
        }
    }

    private func instant(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, zone: String, calendar: Calendar) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour))!
    }
}
