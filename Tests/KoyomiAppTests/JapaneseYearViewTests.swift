import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The year view in Japanese (issue 36): months, weekdays and every day's spoken name as a
/// Japanese user and screen reader meet them, from po/ja.po and the locale's own forms.
final class JapaneseYearViewTests: JapaneseTestCase, @unchecked Sendable {
    func testMonthsWeekdaysAndDayNamesAreJapanese() {
        MainActor.assumeIsolated {
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC")!
            let formatter = CalendarFormatter(locale: Locale(identifier: "ja_JP"), calendar: utc,
                                              strings: Localization.formatterStrings())
            let today = CalendarDay(year: 2026, month: 11, day: 29)!
            let july20 = CalendarDay(year: 2026, month: 7, day: 20)!
            let work = CalendarInfo(id: CalendarID("work"), name: "仕事", color: "#1c71d8")
            let plans = (0..<3).map { index in
                Plan(id: .init(uid: "p\(index)"), calendarID: work.id, title: "会議",
                     timing: .allDay(start: july20, end: july20.adding(days: index == 0 ? 1 : 2)))
            }
            let store = CalendarStore(sources: [StaticPlanSource(calendar: work, plans: plans, timeCalendar: utc)],
                                      calendar: utc, today: today, firstWeekday: 1)
            let harness = YearViewHarness(year: 2026, selection: nil, today: today, formatter: formatter,
                                          width: 800, height: 600)
            harness.slices[2026] = store.yearPreparation(for: 2026).build()
            harness.show()
            unowned let view = harness.view!
            XCTAssertEqual(view.months[0].title.text, "1月")
            XCTAssertEqual(view.months[6].title.text, "7月")
            XCTAssertEqual(view.months[6].dayGrid.accessibleLabel, "2026年7月")
            XCTAssertEqual(view.months[0].weekdayTexts, ["日", "月", "火", "水", "木", "金", "土"])
            XCTAssertEqual(view.cell(for: july20)?.button.accessibleLabel, "2026年7月20日 月曜日、予定 3 件")
            XCTAssertEqual(view.cell(for: july20.adding(days: 1))?.button.accessibleLabel, "2026年7月21日 火曜日、予定 2 件")
            XCTAssertEqual(view.cell(for: july20.adding(days: 2))?.button.accessibleLabel, "2026年7月22日 水曜日、予定なし", "as the month says it")
            XCTAssertEqual(view.cell(for: today)?.button.accessibleDescription, "今日")
            XCTAssertEqual(formatter.yearTitle(2026), "2026年")
            harness.close()
        }
    }
}
