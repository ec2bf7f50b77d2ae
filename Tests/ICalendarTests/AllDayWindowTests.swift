import CalendarModel
import Foundation
@testable import ICalendarReading
import XCTest

/// `AllDayWindow` places all-day plans as `Plan.span(plan.interval(in:), overlaps:)` does.
final class AllDayWindowTests: XCTestCase {
    private func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    func testAgreesWithTheIntervalTestAroundMidnightsAndDSTChanges() throws {
        // São Paulo skipped midnight on 2018-11-04; New York and UTC for the plain cases.
        for zone in ["UTC", "America/New_York", "America/Sao_Paulo", "Asia/Tokyo"] {
            let calendar = calendar(zone)
            let base = try XCTUnwrap(CalendarDay(year: 2018, month: 11, day: 2))
            let midnight = base.start(in: calendar)
            // Intervals starting and ending on midnights, just off them, and empty ones.
            let offsets: [TimeInterval] = [-3600, -1, 0, 1, 3600, 86_400, 86_400 * 2 - 1, 86_400 * 3]
            var checked = 0
            for startOffset in offsets {
                for length in [0, 1, 3600, 86_400, 86_400 * 2 + 5] as [TimeInterval] {
                    let interval = DateInterval(start: midnight.addingTimeInterval(startOffset), duration: length)
                    let window = AllDayWindow(interval, calendar: calendar)
                    for first in -2...5 {
                        for days in 0...3 {
                            let start = base.adding(days: first)
                            let end = start.adding(days: days)
                            let plan = Plan(id: Plan.ID(uid: "p"), calendarID: CalendarID("c"), title: "p",
                                            timing: .allDay(start: start, end: end))
                            let expected = Plan.span(plan.interval(in: calendar), overlaps: interval)
                            XCTAssertEqual(window.overlaps(start: start, end: end), expected,
                                           "\(zone): \(start) for \(days) days against \(interval)")
                            checked += 1
                        }
                    }
                }
            }
            XCTAssertEqual(checked, 8 * 5 * 8 * 4)
        }
    }
}
