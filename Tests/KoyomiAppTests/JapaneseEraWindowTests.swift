import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The Japanese era preference in the window (issue 40): the header's title, the plan panel's
/// handle, the day cells' spoken names, the week's title and a plan's details say 令和元年 /
/// 平成31年 / 昭和64年 on the right days, follow the switch in Preferences at once, and stay
/// Gregorian in English.
// @unchecked Sendable: like AppTestCase, touched from the main thread only.
final class JapaneseEraWindowTests: JapaneseTestCase, @unchecked Sendable {
    private var settingsPath: String { directory.appendingPathComponent("config/koyomi/settings.ini").path }

    /// A trip over the change from 平成 to 令和.
    private func eraCalendar() throws -> String {
        try writeCalendar("era.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//JA
        X-WR-CALNAME:仕事
        BEGIN:VEVENT
        UID:trip
        DTSTART;VALUE=DATE:20190430
        DTEND;VALUE=DATE:20190502
        SUMMARY:改元の旅
        END:VEVENT
        END:VCALENDAR
        """)
    }

    func testEveryDateWithAYearSaysTheEra() throws {
        let path = try eraCalendar()
        try startWindowAt(width: 1200, height: 800, more: "[Calendar]\njapanese-era=true\n")
        try MainActor.assumeIsolated {
            _ = openWindow([path], locale: "ja_JP", firstWeekday: 1, month: YearMonth(year: 2019, month: 5))
            XCTAssertEqual(title, "令和元年5月")
            // The list's header, as a screen reader reads it: the month's agenda in the handle.
            let handle = try XCTUnwrap(window.planPanel.handle.root.accessibleLabel)
            XCTAssertTrue(handle.contains("令和元年5月"), handle)
            XCTAssertTrue(window.planPanel.handle.title.text.hasPrefix("令和元年5月"), window.planPanel.handle.title.text)
            XCTAssertEqual(cell("2019-04-30").button.accessibleLabel, "平成31年4月30日 火曜日、予定 2 件",
                           "国民の休日 and the trip")
            XCTAssertTrue(cell("2019-05-01").button.accessibleLabel?.hasPrefix("令和元年5月1日 水曜日") == true,
                          cell("2019-05-01").button.accessibleLabel ?? "")

            cell("2019-04-30").button.click()
            let trip = try XCTUnwrap(window.planList.rows.first { $0.title == "改元の旅" })
            XCTAssertEqual(trip.whenText, ["平成31年4月30日～令和元年5月1日"], "the details' days")

            controller.coordinator.show(.week)
            XCTAssertEqual(title, "平成31年4月28日～令和元年5月4日")

            controller.coordinator.show(.month)
            controller.store.show(CalendarDay(year: 1989, month: 1, day: 7)!)
            XCTAssertEqual(title, "昭和64年1月")
            waitForAccessibleText()
            XCTAssertTrue(cell("1989-01-07").button.accessibleLabel?.hasPrefix("昭和64年1月7日 土曜日") == true,
                          cell("1989-01-07").button.accessibleLabel ?? "")
            XCTAssertTrue(cell("1989-01-08").button.accessibleLabel?.hasPrefix("平成元年1月8日 日曜日") == true,
                          cell("1989-01-08").button.accessibleLabel ?? "")
        }
    }

    /// Off by default; the switch in Preferences changes every title at once and is saved.
    func testThePreferenceAppliesAtOnceAndIsSaved() throws {
        let path = try eraCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], locale: "ja_JP", firstWeekday: 1, month: YearMonth(year: 2019, month: 5))
            XCTAssertEqual(title, "2019年5月", "Gregorian years by default")
            let preferences = PreferencesController(store: controller.settings, parent: window.window,
                                                    locale: LocaleSettings(locale: Locale(identifier: "ja_JP"), firstWeekday: 1), desktop: { .none })
            let row = try XCTUnwrap(preferences.japaneseEraRow, "offered in Japanese")
            XCTAssertEqual(row.title, "年を和暦で表示する")
            XCTAssertEqual(row.toggle.accessibleLabel, "年を和暦で表示する")
            XCTAssertFalse(row.isOn)
            XCTAssertTrue(preferences.dayColorsRow.isOn, "days are coloured by default in Japanese")
            preferences.present()
            XCTAssertTrue(MainLoop.iterate(until: { preferences.window.isMapped }))
            var painted = false
            preferences.window.afterNextPaint { painted = true }
            XCTAssertTrue(MainLoop.iterate(until: { painted }))
            XCTAssertEqual(preferences.window.cutOffTexts, [], "every text is shown whole (issue 14)")

            row.isOn = true
            XCTAssertEqual(title, "令和元年5月")
            XCTAssertTrue(window.planPanel.handle.title.text.hasPrefix("令和元年5月"))
            XCTAssertTrue(try String(contentsOfFile: settingsPath, encoding: .utf8).contains("japanese-era=true"))
            XCTAssertTrue(SettingsStore(environment: ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path])
                .settings.showsJapaneseEra, "read back at the next start")

            row.isOn = false
            XCTAssertEqual(title, "2019年5月")
            preferences.window.close()
        }
    }

    /// In English the preference is neither offered nor honoured: "May 2019", not "Reiwa 1".
    func testEnglishKeepsGregorianYears() throws {
        let path = try eraCalendar()
        try startWindowAt(width: 1200, height: 800, more: "[Calendar]\njapanese-era=true\n")
        try MainActor.assumeIsolated {
            _ = openWindow([path], locale: "en_US", firstWeekday: 1, month: YearMonth(year: 2019, month: 5))
            XCTAssertEqual(title, "May 2019")
            let preferences = PreferencesController(store: controller.settings, parent: window.window,
                                                    locale: LocaleSettings(locale: Locale(identifier: "en_US"), firstWeekday: 1), desktop: { .none })
            XCTAssertNil(preferences.japaneseEraRow)
            preferences.window.close()
        }
    }
}
