import CalendarModel
import Foundation
import XCTest

/// The words around the dates are injected: the app's translations reach every text, and the
/// English defaults stay exactly as they were.
final class FormatterStringsTests: XCTestCase {
    /// What the app passes in Japanese (one plural form), written out here instead of gettext.
    private let japanese = FormatterStrings(
        allDay: "終日",
        noPlansOnDay: "%@の予定はありません",
        noPlansInMonth: "%@の予定はありません",
        dayWithPlanCount: "%1$@、%2$@",
        noPlans: "予定なし",
        planCount: { "予定 \($0) 件" })

    private func formatter(_ locale: String, _ strings: FormatterStrings, zone: String = "Asia/Tokyo") -> CalendarFormatter {
        CalendarFormatter(locale: Locale(identifier: locale), calendar: gregorian(zone), strings: strings)
    }

    func testInjectedStringsReachEveryText() {
        let ja = formatter("ja_JP", japanese)
        XCTAssertEqual(ja.emptyDayText(day(2026, 11, 14)), "11月14日 土曜日の予定はありません")
        XCTAssertEqual(ja.emptyMonthText(month(2026, 12)), "2026年12月の予定はありません")
        XCTAssertEqual(ja.dayAccessibleLabel(day(2026, 11, 10), planCount: 0), "2026年11月10日 火曜日、予定なし")
        XCTAssertEqual(ja.dayAccessibleLabel(day(2026, 11, 10), planCount: 2), "2026年11月10日 火曜日、予定 2 件")
        XCTAssertEqual(ja.rangeText(for: allDay("a", day(2026, 11, 10))), "終日")
        XCTAssertEqual(ja.rangeText(for: allDay("b", day(2026, 11, 10), through: day(2026, 11, 12))),
                       "11月10日 \u{2013} 11月12日", "ranges of several days are ICU's, not the strings'")
    }

    func testPluralFormsComeFromTheInjectedRule() {
        // Polish-like rule with three forms, to be sure the formatter hands over the count itself.
        let polish = FormatterStrings(noPlans: "brak planów", planCount: { count in
            let ones = count % 10, tens = count % 100
            if count == 1 { return "1 plan" }
            return (2...4).contains(ones) && !(12...14).contains(tens) ? "\(count) plany" : "\(count) planów"
        })
        let pl = formatter("pl_PL", polish, zone: "Europe/Warsaw")
        XCTAssertEqual([0, 1, 2, 5, 12, 22, 25].map(pl.planCountText),
                       ["brak planów", "1 plan", "2 plany", "5 planów", "12 planów", "22 plany", "25 planów"])
        XCTAssertEqual(pl.planCountText(-1), "brak planów", "a negative count reads as none")
    }

    func testEnglishDefaults() {
        let en = CalendarFormatter(locale: Locale(identifier: "en_US"), calendar: gregorian())
        XCTAssertEqual(en.strings.allDay, "All day")
        XCTAssertEqual([0, 1, 2, 21].map(en.planCountText), ["no plans", "1 plan", "2 plans", "21 plans"])
        XCTAssertEqual(en.emptyDayText(day(2026, 11, 29)), "No plans on Sunday, November 29")
        XCTAssertEqual(FormatterStrings.english.noPlansInMonth, "No plans in %@")
    }

    func testFillingTemplates() {
        XCTAssertEqual(FormatterStrings.fill("No plans on %@", "Sunday"), "No plans on Sunday")
        XCTAssertEqual(FormatterStrings.fill("%2$@ — %1$@", "date", "count"), "count — date", "positional, reordered")
        XCTAssertEqual(FormatterStrings.fill("%@, %@", "a", "b"), "a, b")
        XCTAssertEqual(FormatterStrings.fill("100%% %@", "sure"), "100% sure")
        XCTAssertEqual(FormatterStrings.fill("%@ and %@", "only one"), "only one and ",
                       "a placeholder without an argument becomes empty")
        XCTAssertEqual(FormatterStrings.fill("%d %s %3$@ %", "x"), "%d %s  %",
                       "other sequences from a mistyped translation stay as written, never crash")
        XCTAssertEqual(FormatterStrings.fill("%@", "50%@ off"), "50%@ off", "arguments are not re-read as templates")
    }
}
