import CalendarModel
import Foundation
@testable import ICalendarReading
import TestSupport
import XCTest

/// `WallTime.icalText` names occurrences (plan IDs, EXDATE matching), so its hand-written
/// digits must read exactly as the formatted text did.
final class WallTimeTests: XCTestCase {
    func testIcalTextMatchesFormattedText() throws {
        var random = SeededGenerator(seed: 29)
        for _ in 0..<2000 {
            let year = [Int.random(in: 1...9999, using: &random), Int.random(in: 1900...2100, using: &random)]
                .randomElement(using: &random) ?? 2026
            let day = try XCTUnwrap(CalendarDay(year: year, month: Int.random(in: 1...12, using: &random),
                                                day: Int.random(in: 1...28, using: &random)))
            let second = Int.random(in: 0..<86_400, using: &random)
            let timed = WallTime(date: day, secondOfDay: second, isDate: false)
            let expectedDay = String(format: "%04d%02d%02d", day.year, day.month, day.day)
            XCTAssertEqual(WallTime(date: day, isDate: true).icalText, expectedDay)
            XCTAssertEqual(timed.icalText, expectedDay + String(format: "T%02d%02d%02d",
                                                                second / 3600, second / 60 % 60, second % 60))
        }
        XCTAssertEqual(WallTime(date: TestSupport.day("2026-01-05"), secondOfDay: 3_723, isDate: false).icalText,
                       "20260105T010203")
    }
}
