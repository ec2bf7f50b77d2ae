import CalendarModel
import Foundation
import XCTest

final class CalendarFormatterTests: XCTestCase {
    private func formatter(_ locale: String, zone: String = "UTC") -> CalendarFormatter {
        CalendarFormatter(locale: Locale(identifier: locale), calendar: gregorian(zone))
    }

    func testEnglishDayTexts() {
        let en = formatter("en_US")
        XCTAssertEqual(en.monthTitle(month(2026, 11)), "November 2026")
        XCTAssertEqual(en.dayNumber(day(2026, 11, 29)), "29")
        XCTAssertEqual(en.dayAccessibleLabel(day(2026, 11, 10), planCount: 1), "Tuesday, November 10, 2026: 1 plan")
        XCTAssertEqual(en.dayAccessibleLabel(day(2026, 11, 10), planCount: 0), "Tuesday, November 10, 2026: no plans")
        XCTAssertEqual(en.dayAccessibleLabel(day(2026, 11, 10), planCount: 3), "Tuesday, November 10, 2026: 3 plans")
        XCTAssertEqual(en.emptyDayText(day(2026, 11, 29)), "No plans on Sunday, November 29")
        XCTAssertEqual(en.agendaHeader(day(2026, 11, 29)), "Sunday, November 29")
        XCTAssertEqual(en.emptyMonthText(month(2026, 11)), "No plans in November 2026")
    }

    func testDayTextsDoNotShiftWithTheTimeZone() {
        // Far from UTC on both sides, and on DST days.
        for zone in ["America/New_York", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Berlin"] {
            let en = formatter("en_US", zone: zone)
            XCTAssertEqual(en.agendaHeader(day(2026, 11, 1)), "Sunday, November 1", zone)
            XCTAssertEqual(en.agendaHeader(day(2026, 3, 29)), "Sunday, March 29", zone)
            XCTAssertEqual(en.dayNumber(day(2026, 11, 1)), "1", zone)
            XCTAssertEqual(en.monthTitle(month(2027, 1)), "January 2027", zone)
        }
    }

    func testWeekdaySymbols() {
        XCTAssertEqual(formatter("en_US").weekdaySymbols(order: [1, 2, 3, 4, 5, 6, 7]),
                       ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
        XCTAssertEqual(formatter("ja_JP").weekdaySymbols(order: [1, 2, 3, 4, 5, 6, 7]),
                       ["日", "月", "火", "水", "木", "金", "土"])
        XCTAssertEqual(formatter("de_DE").weekdaySymbols(order: MonthLayout(month: month(2026, 11), firstWeekday: 2).weekdayOrder),
                       ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"])
    }

    func testGermanAndJapaneseDates() {
        let de = formatter("de_DE", zone: "Europe/Berlin")
        XCTAssertEqual(de.monthTitle(month(2026, 11)), "November 2026")
        XCTAssertEqual(de.agendaHeader(day(2026, 11, 29)), "Sonntag, 29. November")
        XCTAssertEqual(de.dayAccessibleLabel(day(2026, 11, 10), planCount: 2), "Dienstag, 10. November 2026: 2 plans")

        let ja = formatter("ja_JP", zone: "Asia/Tokyo")
        XCTAssertEqual(ja.monthTitle(month(2026, 11)), "2026年11月")
        XCTAssertEqual(ja.dayNumber(day(2026, 11, 29)), "29")
        XCTAssertEqual(ja.agendaHeader(day(2026, 11, 29)), "11月29日 日曜日")
    }

    func testAllDayRanges() {
        let en = formatter("en_US")
        XCTAssertEqual(en.rangeText(for: allDay("a", day(2026, 11, 10))), "All day")
        XCTAssertEqual(en.rangeText(for: allDay("b", day(2026, 11, 10), through: day(2026, 11, 12))),
                       "Nov 10 \u{2013} Nov 12")
        XCTAssertEqual(en.rangeText(for: allDay("c", day(2026, 12, 30), through: day(2027, 1, 2))),
                       "Dec 30, 2026 \u{2013} Jan 2, 2027")
        XCTAssertEqual(formatter("de_DE").rangeText(for: allDay("d", day(2026, 11, 10), through: day(2026, 11, 12))),
                       "10. Nov. \u{2013} 12. Nov.")
    }

    /// A plan's details say its day (or days) as well as its time (issue 35: a read-only
    /// plan's details gave "All day" and nothing else).
    func testWhenAPlanHappensForItsDetails() {
        let utc = gregorian()
        let en = formatter("en_US")
        let space = separatorBeforeAMPM()
        XCTAssertEqual(en.whenText(for: allDay("a", day(2026, 12, 24))), ["Thursday, December 24, 2026", "All day"])
        XCTAssertEqual(en.whenText(for: allDay("b", day(2026, 12, 24), through: day(2026, 12, 28))),
                       ["Dec 24 \u{2013} Dec 28, 2026"], "the days say it all")
        XCTAssertEqual(en.whenText(for: allDay("c", day(2026, 12, 30), through: day(2027, 1, 2))),
                       ["Dec 30, 2026 \u{2013} Jan 2, 2027"])
        XCTAssertEqual(en.whenText(for: timed("d", instant(2026, 12, 24, 9, in: utc), instant(2026, 12, 24, 10, in: utc))),
                       ["Thursday, December 24, 2026", "9:00\(space)AM \u{2013} 10:00\(space)AM"])
        XCTAssertEqual(en.whenText(for: timed("e", instant(2026, 12, 24, 22, in: utc), instant(2026, 12, 25, 2, in: utc))),
                       ["Dec 24 \u{2013} Dec 25, 2026", "Dec 24, 10:00\(space)PM \u{2013} Dec 25, 2:00\(space)AM"])
        // The day is the plan's day where the user is: 9:00 UTC on the 24th is the 24th in Tokyo too.
        let ja = formatter("ja_JP", zone: "Asia/Tokyo")
        XCTAssertEqual(ja.whenText(for: allDay("f", day(2026, 12, 24))).first, "2026年12月24日 木曜日")
    }

    func testTimedRangesInTheFormattersZone() {
        let utc = gregorian()
        let standup = timed("s", instant(2026, 11, 10, 14, 30, in: utc), instant(2026, 11, 10, 14, 45, in: utc))
        let space = separatorBeforeAMPM()
        XCTAssertEqual(formatter("en_US").rangeText(for: standup), "2:30\(space)PM \u{2013} 2:45\(space)PM")
        XCTAssertEqual(formatter("en_US", zone: "America/New_York").rangeText(for: standup),
                       "9:30\(space)AM \u{2013} 9:45\(space)AM")
        XCTAssertEqual(formatter("de_DE", zone: "Europe/Berlin").rangeText(for: standup), "15:30 \u{2013} 15:45")
        XCTAssertEqual(formatter("ja_JP", zone: "Asia/Tokyo").rangeText(for: standup), "23:30 \u{2013} 23:45")
    }

    func testTimedRangeAcrossDays() {
        let utc = gregorian()
        let night = timed("n", instant(2026, 11, 10, 22, in: utc), instant(2026, 11, 11, 2, in: utc))
        XCTAssertEqual(formatter("de_DE", zone: "UTC").rangeText(for: night), "10. Nov., 22:00 \u{2013} 11. Nov., 02:00")
        let space = separatorBeforeAMPM()
        XCTAssertEqual(formatter("en_US").rangeText(for: night),
                       "Nov 10, 10:00\(space)PM \u{2013} Nov 11, 2:00\(space)AM")
        // The same instants fall within one day in New York (17:00 – 21:00).
        XCTAssertEqual(formatter("en_US", zone: "America/New_York").rangeText(for: night),
                       "5:00\(space)PM \u{2013} 9:00\(space)PM")
    }

    func testTimedPlanEndingAtMidnightIsOneDay() {
        let utc = gregorian()
        let late = timed("l", instant(2026, 11, 10, 22, in: utc), instant(2026, 11, 11, 0, in: utc))
        XCTAssertEqual(formatter("de_DE").rangeText(for: late), "22:00 \u{2013} 00:00")
    }

    /// ICU versions differ on the space before AM/PM (U+0020 or U+202F); accept this build's.
    private func separatorBeforeAMPM() -> String {
        let probe = DateFormatter()
        probe.locale = Locale(identifier: "en_US")
        probe.timeZone = TimeZone(identifier: "UTC")
        probe.setLocalizedDateFormatFromTemplate("jmm")
        let text = probe.string(from: Date(timeIntervalSince1970: 0))  // "12:00 AM"
        return String(text.dropFirst(5).dropLast(2))
    }
}
