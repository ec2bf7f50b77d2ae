import CalendarModel
import Foundation
import XCTest

/// Years in the Japanese era (issue 40): every text of `CalendarFormatter` that has a year, at
/// the boundaries of 昭和/平成 (1989-01-07/08) and 平成/令和 (2019-04-30/05-01), with 元年 for
/// an era's first year; the texts without a year unchanged; nothing outside Japanese.
final class CalendarFormatterEraTests: XCTestCase {
    private func formatter(_ locale: String = "ja_JP", era: Bool = true) -> CalendarFormatter {
        CalendarFormatter(locale: Locale(identifier: locale), calendar: gregorian("Asia/Tokyo"), japaneseEra: era)
    }

    private func allDay(_ first: CalendarDay, _ last: CalendarDay) -> Plan {
        Plan(id: Plan.ID(uid: "p"), calendarID: CalendarID("c"), title: "旅行", timing: .allDay(start: first, end: last.adding(days: 1)))
    }

    func testMonthTitlesAtTheBoundaries() {
        let ja = formatter()
        XCTAssertTrue(ja.showsJapaneseEra)
        XCTAssertEqual(ja.monthTitle(month(1988, 12)), "昭和63年12月")
        XCTAssertEqual(ja.monthTitle(month(1989, 1)), "昭和64年1月", "the month is titled by its first day")
        XCTAssertEqual(ja.monthTitle(month(1989, 2)), "平成元年2月")
        XCTAssertEqual(ja.monthTitle(month(1990, 1)), "平成2年1月")
        XCTAssertEqual(ja.monthTitle(month(2019, 4)), "平成31年4月")
        XCTAssertEqual(ja.monthTitle(month(2019, 5)), "令和元年5月")
        XCTAssertEqual(ja.monthTitle(month(2020, 1)), "令和2年1月")
        XCTAssertEqual(ja.monthTitle(month(2026, 12)), "令和8年12月")
        XCTAssertEqual(ja.shortMonthTitle(month(2019, 5)), "令和元年5月")
        XCTAssertEqual(ja.emptyMonthText(month(2026, 12)), "No plans in 令和8年12月", "the words are the app's (English here)")
    }

    func testDaysAtTheBoundaries() {
        let ja = formatter()
        // One day of the week view: its full date, the day cell's spoken name, the details.
        XCTAssertEqual(ja.spanTitle(DaySpan(first: day(1989, 1, 7), count: 1)), "昭和64年1月7日 土曜日")
        XCTAssertEqual(ja.spanTitle(DaySpan(first: day(1989, 1, 8), count: 1)), "平成元年1月8日 日曜日")
        XCTAssertEqual(ja.spanTitle(DaySpan(first: day(2019, 4, 30), count: 1)), "平成31年4月30日 火曜日")
        XCTAssertEqual(ja.spanTitle(DaySpan(first: day(2019, 5, 1), count: 1)), "令和元年5月1日 水曜日")
        XCTAssertEqual(ja.dayAccessibleLabel(day(2019, 5, 1), planCount: 0), "令和元年5月1日 水曜日: no plans")
        XCTAssertEqual(ja.dayAccessibleLabel(day(1989, 1, 7), planCount: 0), "昭和64年1月7日 土曜日: no plans")
        XCTAssertEqual(ja.resultDate(day(2019, 4, 30)), "平成31年4月30日(火)")
        XCTAssertEqual(ja.resultDate(day(2019, 5, 1)), "令和元年5月1日(水)")
        XCTAssertEqual(ja.resultDate(day(1989, 1, 8)), "平成元年1月8日(日)")
    }

    func testRangesAcrossAnEra() {
        let ja = formatter()
        // The week view's title: ICU names the era again only where it changes.
        XCTAssertEqual(ja.spanTitle(DaySpan(first: day(2019, 4, 28), count: 7)), "平成31年4月28日～令和元年5月4日")
        XCTAssertEqual(ja.spanTitle(DaySpan(first: day(1989, 1, 7), count: 2)), "昭和64年1月7日～平成元年1月8日")
        XCTAssertEqual(ja.spanTitle(DaySpan(first: day(2019, 5, 5), count: 7)), "令和元年5月5日～11日")
        // A plan's details: its days, with the year once it crosses into another.
        XCTAssertEqual(ja.whenText(for: allDay(day(2019, 4, 30), day(2019, 5, 1))), ["平成31年4月30日～令和元年5月1日"])
        XCTAssertEqual(ja.rangeText(for: allDay(day(2018, 12, 30), day(2019, 1, 2))), "平成30年12月30日 – 平成31年1月2日")
        XCTAssertEqual(ja.rangeText(for: allDay(day(2019, 4, 30), day(2019, 5, 1))), "4月30日 – 5月1日",
                       "a range within one Gregorian year has no year, as without the era")
    }

    func testTextsWithoutAYearDoNotChange() {
        let era = formatter(), plain = formatter(era: false)
        for day in [day(1989, 1, 7), day(2019, 5, 1), day(2026, 12, 5)] {
            XCTAssertEqual(era.agendaHeader(day), plain.agendaHeader(day))
            XCTAssertEqual(era.dayNumber(day), plain.dayNumber(day))
            XCTAssertEqual(era.weekColumnHeader(day), plain.weekColumnHeader(day))
            XCTAssertEqual(era.shortSpanTitle(DaySpan(first: day, count: 3)), plain.shortSpanTitle(DaySpan(first: day, count: 3)))
        }
        XCTAssertEqual(plain.monthTitle(month(2019, 5)), "2019年5月")
        XCTAssertEqual(plain.resultDate(day(2019, 5, 1)), "2019年5月1日(水)")
    }

    /// The era is offered and honoured only in Japanese: English keeps Gregorian years.
    func testTheEraIsJapaneseOnly() {
        let en = formatter("en_US")
        XCTAssertFalse(en.showsJapaneseEra)
        XCTAssertEqual(en.monthTitle(month(2019, 5)), "May 2019")
        XCTAssertEqual(en.resultDate(day(2019, 5, 1)), "Wed, May 1, 2019")
        XCTAssertTrue(JapaneseEra.isOffered(in: Locale(identifier: "ja")))
        XCTAssertFalse(JapaneseEra.isOffered(in: Locale(identifier: "en_JP")))
    }
}

/// Era dates typed into the editor's date fields: read back into Gregorian ISO text, in any
/// locale; the Gregorian forms are read as before.
final class JapaneseEraInputTests: XCTestCase {
    func testEraDatesAreRead() {
        let ja = DateFieldFormat(locale: Locale(identifier: "ja_JP"))
        XCTAssertEqual(ja.isoText(from: "令和8年12月5日"), "2026-12-05")
        XCTAssertEqual(ja.isoText(from: "令和元年5月1日"), "2019-05-01")
        XCTAssertEqual(ja.isoText(from: "平成31年4月30日"), "2019-04-30")
        XCTAssertEqual(ja.isoText(from: "平成元年1月8日"), "1989-01-08")
        XCTAssertEqual(ja.isoText(from: "昭和64年1月7日"), "1989-01-07")
        XCTAssertEqual(ja.isoText(from: "R8/12/5"), "2026-12-05")
        XCTAssertEqual(ja.isoText(from: "h31.4.30"), "2019-04-30")
        XCTAssertEqual(ja.isoText(from: "令和８年１２月５日"), "2026-12-05", "full-width digits")
        XCTAssertEqual(ja.isoText(from: " 令和 8年12月5日 "), "2026-12-05")
        XCTAssertEqual(ja.isoText(from: "平成32年1月1日"), "2020-01-01", "a year past its era's end is read on")
        XCTAssertEqual(DateFieldFormat(locale: Locale(identifier: "en_US")).isoText(from: "令和8年12月5日"), "2026-12-05")
    }

    func testWhatIsNotAnEraDate() {
        let ja = DateFieldFormat(locale: Locale(identifier: "ja_JP"))
        XCTAssertNil(ja.isoText(from: "令和元年4月30日"), "before 令和 began")
        XCTAssertNil(ja.isoText(from: "平成元年1月7日"), "before 平成 began")
        XCTAssertNil(ja.isoText(from: "令和8年2月30日"))
        XCTAssertNil(ja.isoText(from: "令和年12月5日"))
        XCTAssertNil(ja.isoText(from: "令和8年12月"))
        // The Gregorian forms as before.
        XCTAssertEqual(ja.isoText(from: "2026/12/05"), "2026-12-05")
        XCTAssertEqual(ja.isoText(from: "2026-12-05"), "2026-12-05")
        XCTAssertEqual(ja.text(for: day(2019, 5, 1)), "2019/05/01", "the fields show the Gregorian form")
    }

    func testEraOfADay() {
        XCTAssertEqual(JapaneseEra.era(of: day(1989, 1, 7))?.name, "昭和")
        XCTAssertEqual(JapaneseEra.era(of: day(1989, 1, 8))?.name, "平成")
        XCTAssertEqual(JapaneseEra.era(of: day(2019, 4, 30))?.name, "平成")
        XCTAssertEqual(JapaneseEra.era(of: day(2019, 5, 1))?.name, "令和")
        XCTAssertNil(JapaneseEra.era(of: day(1867, 12, 31)))
    }
}

/// The colour a day's number takes (issue 40).
final class DayKindTests: XCTestCase {
    func testSundaysSaturdaysAndHolidays() {
        XCTAssertEqual(DayKind(day(2026, 11, 29), isHoliday: false), .sunday)
        XCTAssertEqual(DayKind(day(2026, 11, 28), isHoliday: false), .saturday)
        XCTAssertEqual(DayKind(day(2026, 11, 27), isHoliday: false), .weekday)
        XCTAssertEqual(DayKind(day(2026, 11, 23), isHoliday: true), .holiday, "勤労感謝の日, a Monday")
        XCTAssertEqual(DayKind(day(2026, 11, 28), isHoliday: true), .holiday, "a holiday on a Saturday is a holiday")
        XCTAssertTrue(DayDecoration(label: "元日").isHoliday)
        XCTAssertFalse(DayDecoration(dots: [DotColor(spec: "#000", fallback: "#000")], planCount: 1).isHoliday)
    }
}
