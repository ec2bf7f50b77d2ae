import CalendarModel
import Foundation
import XCTest

final class LocaleSettingsTests: XCTestCase {
    private func settings(_ env: [String: String]) -> LocaleSettings {
        LocaleSettings.fromEnvironment(env)
    }

    func testLangWithCodesetAndModifier() {
        XCTAssertEqual(settings(["LANG": "ja_JP.UTF-8"]).locale.identifier, "ja_JP")
        XCTAssertEqual(settings(["LANG": "de_DE.UTF-8@euro"]).locale.identifier, "de_DE")
        XCTAssertEqual(settings(["LANG": "de_DE@euro"]).locale.identifier, "de_DE")
        XCTAssertEqual(settings(["LANG": "en_US.utf8"]).locale.identifier, "en_US")
    }

    func testFirstWeekdayComesFromTheRegion() {
        XCTAssertEqual(settings(["LANG": "en_US.UTF-8"]).firstWeekday, 1)
        XCTAssertEqual(settings(["LANG": "de_DE.UTF-8"]).firstWeekday, 2)
        XCTAssertEqual(settings(["LANG": "ja_JP.UTF-8"]).firstWeekday, 1)
        XCTAssertEqual(settings(["LANG": "en_GB.UTF-8"]).firstWeekday, 2)
    }

    func testPrecedenceIsLcAllThenLcTimeThenLang() {
        let all = ["LC_ALL": "de_DE.UTF-8", "LC_TIME": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"]
        XCTAssertEqual(settings(all).locale.identifier, "de_DE")
        XCTAssertEqual(settings(["LC_ALL": "", "LC_TIME": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"]).locale.identifier, "ja_JP")
        XCTAssertEqual(settings(["LC_ALL": "", "LC_TIME": " ", "LANG": "en_GB.UTF-8"]).locale.identifier, "en_GB")
        // A set but unusable winner falls back; it does not skip to the next variable.
        XCTAssertEqual(settings(["LC_ALL": "C", "LANG": "de_DE.UTF-8"]).locale.identifier, "en_US_POSIX")
    }

    func testCPosixMissingAndGarbageFallBackToSundayFirstEnglish() {
        let cases: [[String: String]] = [
            [:], ["LANG": "C"], ["LANG": "C.UTF-8"], ["LANG": "POSIX"], ["LANG": "!!garbage!!"],
            ["LANG": "xx_YY"], ["LANG": "en_US_extra_parts"], ["LANG": "12_34"],
        ]
        for env in cases {
            let result = settings(env)
            XCTAssertEqual(result.locale.identifier, "en_US_POSIX", "\(env)")
            XCTAssertEqual(result.firstWeekday, 1, "\(env)")
        }
    }

    func testLanguageOnlyAndUnknownRegion() {
        XCTAssertEqual(settings(["LANG": "ja"]).locale.identifier, "ja")
        XCTAssertEqual(settings(["LANG": "de_QQ.UTF-8"]).locale.identifier, "de")
    }

    func testCalendarCarriesLocaleZoneAndFirstWeekday() throws {
        let settings = LocaleSettings(locale: Locale(identifier: "de_DE"), firstWeekday: 2)
        let zone = try XCTUnwrap(TimeZone(identifier: "Europe/Berlin"))
        let calendar = settings.calendar(timeZone: zone)
        XCTAssertEqual(calendar.identifier, .gregorian)
        XCTAssertEqual(calendar.timeZone, zone)
        XCTAssertEqual(calendar.firstWeekday, 2)
        XCTAssertEqual(calendar.locale?.identifier, "de_DE")
        // An explicit first weekday wins over the locale's own.
        let custom = LocaleSettings(locale: Locale(identifier: "de_DE"), firstWeekday: 7)
        XCTAssertEqual(custom.calendar(timeZone: zone).firstWeekday, 7)
    }

    /// Another clock than the locale's is the locale with ICU's hour cycle: its "j" templates,
    /// which every time Koyomi writes uses, follow it; language, region and weeks stay.
    func testAnotherClockChangesOnlyTheHours() {
        let american = settings(["LANG": "en_US.UTF-8"])
        XCTAssertFalse(american.usesTwentyFourHourClock)
        let twentyFour = american.withClock(twentyFourHour: true)
        XCTAssertTrue(twentyFour.usesTwentyFourHourClock)
        XCTAssertEqual(twentyFour.firstWeekday, 1)
        XCTAssertEqual(twentyFour.locale.language.languageCode, "en")
        XCTAssertEqual(twentyFour.locale.region, "US")
        XCTAssertEqual(time(14, in: twentyFour), "14:00")
        XCTAssertEqual(time(14, in: american.withClock(twentyFourHour: nil)), "2:00\u{202F}PM")

        let japanese = settings(["LANG": "ja_JP.UTF-8"])
        XCTAssertTrue(japanese.usesTwentyFourHourClock)
        XCTAssertFalse(japanese.withClock(twentyFourHour: false).usesTwentyFourHourClock)
        XCTAssertEqual(time(14, in: japanese.withClock(twentyFourHour: false)), "午後2:00")
    }

    private func time(_ hour: Int, in settings: LocaleSettings) -> String {
        let formatter = DateFormatter()
        formatter.locale = settings.locale
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.setLocalizedDateFormatFromTemplate("jmm")
        return formatter.string(from: Date(timeIntervalSince1970: Double(hour) * 3600))
    }
}
