import CalendarModel
import Foundation
import XCTest

/// The lead's value types, checked against Foundation where it has an answer.
final class CalendarDayTests: XCTestCase {
    func testParsingAcceptsOnlyPlainDigits() {
        XCTAssertEqual(CalendarDay(parsing: "2026-11-29"), day(2026, 11, 29))
        XCTAssertEqual(YearMonth(parsing: "2026-11"), month(2026, 11))
        for bad in ["2026-+1-01", "2026-11-+9", "+026-11-01", "2026-02-30", "2026-1-01", "２０２６-11-01", ""] {
            XCTAssertNil(CalendarDay(parsing: bad), bad)
        }
        for bad in ["2026-+1", "+026-11", "2026-13", "2026-1", "2026-11-01"] {
            XCTAssertNil(YearMonth(parsing: bad), bad)
        }
    }

    func testJulianOffsetAndWeekdayAgreeWithFoundation() {
        // From 1614 to 2517: Foundation's Gregorian calendar switches to Julian dates
        // before October 1582, while CalendarDay is proleptic Gregorian.
        let utc = gregorian()
        let epoch = day(1970, 1, 1)
        for offset in stride(from: -130_000, through: 200_000, by: 997) {
            let value = epoch.adding(days: offset)
            let date = Date(timeIntervalSince1970: Double(offset) * 86_400)
            XCTAssertEqual(CalendarDay(date, in: utc), value)
            XCTAssertEqual(value.weekday, utc.component(.weekday, from: date), "\(value)")
            XCTAssertEqual(CalendarDay(julianOffset: value.julianOffset), value)
        }
        XCTAssertEqual(day(2026, 11, 29).weekday, 1)  // a Sunday
        XCTAssertEqual(day(2024, 2, 28).adding(days: 1), day(2024, 2, 29))
        XCTAssertEqual(day(2100, 2, 28).adding(days: 1), day(2100, 3, 1))
        XCTAssertNil(CalendarDay(year: 2100, month: 2, day: 29))
        XCTAssertNotNil(CalendarDay(year: 2000, month: 2, day: 29))
    }

    func testYearMonthArithmeticAcrossYears() {
        XCTAssertEqual(month(2026, 12).next, month(2027, 1))
        XCTAssertEqual(month(2027, 1).previous, month(2026, 12))
        XCTAssertEqual(month(2026, 11).adding(months: -23), month(2024, 12))
        XCTAssertEqual(month(1, 1).adding(months: -1), YearMonth(year: 0, month: 12))
    }

    func testStartOfDayWhenMidnightDoesNotExist() {
        // São Paulo skipped from 00:00 to 01:00 on 4 November 2018.
        let saoPaulo = gregorian("America/Sao_Paulo")
        let interval = day(2018, 11, 4).interval(in: saoPaulo)
        XCTAssertEqual(interval.duration, 23 * 3_600)
        XCTAssertEqual(CalendarDay(interval.start, in: saoPaulo), day(2018, 11, 4))
        XCTAssertEqual(saoPaulo.component(.hour, from: interval.start), 1)
    }

    /// The quick midnight must be Foundation's `startOfDay` everywhere, including zones whose
    /// clocks change at midnight (São Paulo, Havana, Beirut, Santiago), a half-hour change
    /// (Lord Howe), a day that never happened (Apia, 2011-12-30) and a zone with no DST.
    func testStartOfDayMatchesFoundationAcrossZonesAndChanges() {
        let zones = ["America/Sao_Paulo", "America/Havana", "Asia/Beirut", "America/Santiago", "Europe/Berlin",
                     "Australia/Lord_Howe", "Pacific/Apia", "America/New_York", "Asia/Tokyo", "UTC"]
        for name in zones {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: name)!
            var current = day(2010, 1, 1)
            while current < day(2024, 12, 31) {
                let parts = DateComponents(year: current.year, month: current.month, day: current.day, hour: 12)
                let expected = calendar.startOfDay(for: calendar.date(from: parts)!)
                XCTAssertEqual(current.start(in: calendar), expected, "\(current) in \(name)")
                current = current.adding(days: 1)
            }
        }
    }
}
