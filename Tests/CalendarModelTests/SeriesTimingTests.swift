import CalendarModel
import Foundation
import XCTest

final class SeriesTimingTests: XCTestCase {
    private let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    private func day(_ text: String) -> CalendarDay { CalendarDay(parsing: text)! }

    private func date(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)!
    }

    func testAllDaySeriesMovesByTheOccurrencesShiftAndTakesItsLength() {
        let series = PlanTiming.allDay(start: day("2026-01-05"), end: day("2026-01-06"))
        let moved = SeriesTiming.moved(series, occurrence: .allDay(start: day("2026-11-30"), end: day("2026-12-01")),
                                       to: .allDay(start: day("2026-12-01"), end: day("2026-12-03")), calendar: calendar)
        XCTAssertEqual(moved, .allDay(start: day("2026-01-06"), end: day("2026-01-08")))
    }

    func testTimedSeriesMovesByTheSameInterval() {
        let series = PlanTiming.timed(start: date("2026-01-05T08:00:00Z"), end: date("2026-01-05T09:00:00Z"))
        let moved = SeriesTiming.moved(series,
                                       occurrence: .timed(start: date("2026-11-30T08:00:00Z"), end: date("2026-11-30T09:00:00Z")),
                                       to: .timed(start: date("2026-11-30T09:30:00Z"), end: date("2026-11-30T11:00:00Z")),
                                       calendar: calendar)
        XCTAssertEqual(moved, .timed(start: date("2026-01-05T09:30:00Z"), end: date("2026-01-05T11:00:00Z")))
    }

    func testAllDayBecomingTimedKeepsTheWallClockTimeOnTheSeriesDay() {
        // The series starts in winter (UTC+1); the occurrence was edited in summer (UTC+2):
        // 10:00 local must stay 10:00 local, not 10:00 minus an hour.
        let series = PlanTiming.allDay(start: day("2026-01-05"), end: day("2026-01-06"))
        let moved = SeriesTiming.moved(series, occurrence: .allDay(start: day("2026-07-06"), end: day("2026-07-07")),
                                       to: .timed(start: date("2026-07-06T08:00:00Z"), end: date("2026-07-06T09:00:00Z")),
                                       calendar: calendar)
        XCTAssertEqual(moved, .timed(start: date("2026-01-05T09:00:00Z"), end: date("2026-01-05T10:00:00Z")))
    }

    func testTimedBecomingAllDayStartsOnTheSeriesDay() {
        let series = PlanTiming.timed(start: date("2026-01-05T08:00:00Z"), end: date("2026-01-05T09:00:00Z"))
        let moved = SeriesTiming.moved(series,
                                       occurrence: .timed(start: date("2026-11-30T08:00:00Z"), end: date("2026-11-30T09:00:00Z")),
                                       to: .allDay(start: day("2026-11-30"), end: day("2026-12-01")), calendar: calendar)
        XCTAssertEqual(moved, .allDay(start: day("2026-01-05"), end: day("2026-01-06")))
    }
}
