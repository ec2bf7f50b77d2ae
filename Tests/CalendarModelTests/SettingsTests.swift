import CalendarModel
import XCTest

/// Settings are always valid, whatever a settings file said.
final class SettingsTests: XCTestCase {
    func testDefaults() {
        let settings = Settings.defaults
        XCTAssertNil(settings.firstWeekday, "the locale decides until the user chooses")
        XCTAssertNil(settings.showsWeekNumbers, "the desktop decides until the user chooses")
        XCTAssertFalse(settings.showsWeekNumbers(desktop: .none), "and without one, none")
        XCTAssertNil(settings.usesTwentyFourHourClock(desktop: .none), "the locale's clock")
        XCTAssertEqual(settings.windowWidth, 720)
        XCTAssertEqual(settings.windowHeight, 760)
        XCTAssertFalse(settings.isMaximized)
        XCTAssertNil(settings.panelPosition, "nil means the default, half")
        XCTAssertEqual(Settings(), .defaults)
    }

    /// The desktop decides until the user switches to something else; switching back to what
    /// the desktop says follows it again.
    func testWeekNumbersAndClockFollowTheDesktopUntilChosen() {
        let gnome = DesktopChoices(usesTwentyFourHourClock: true, showsWeekNumbers: true)
        var settings = Settings.defaults
        XCTAssertTrue(settings.showsWeekNumbers(desktop: gnome))
        XCTAssertEqual(settings.usesTwentyFourHourClock(desktop: gnome), true)
        settings.chooseWeekNumbers(false, desktop: gnome)
        settings.chooseTwentyFourHourClock(false, desktop: gnome, localeDefault: false)
        XCTAssertFalse(settings.showsWeekNumbers(desktop: gnome), "the user's choice wins")
        XCTAssertEqual(settings.usesTwentyFourHourClock(desktop: gnome), false)
        settings.chooseWeekNumbers(true, desktop: gnome)
        settings.chooseTwentyFourHourClock(true, desktop: gnome, localeDefault: false)
        XCTAssertNil(settings.showsWeekNumbers, "back to the desktop's")
        XCTAssertNil(settings.usesTwentyFourHourClock)

        // No desktop: the locale's clock (12-hour here) and no week numbers are the defaults.
        settings.chooseTwentyFourHourClock(false, desktop: .none, localeDefault: false)
        XCTAssertNil(settings.usesTwentyFourHourClock)
        settings.chooseTwentyFourHourClock(true, desktop: .none, localeDefault: false)
        XCTAssertEqual(settings.usesTwentyFourHourClock(desktop: .none), true)
        settings.chooseWeekNumbers(true, desktop: .none)
        XCTAssertEqual(settings.showsWeekNumbers, true)
    }

    func testFirstWeekdayMustBeOneToSeven() {
        for weekday in 1...7 {
            XCTAssertEqual(Settings(firstWeekday: weekday).firstWeekday, weekday)
        }
        for bad in [0, 8, -1, 100, Int.min, Int.max] {
            XCTAssertNil(Settings(firstWeekday: bad).firstWeekday, "\(bad) falls back to the locale")
            var settings = Settings(firstWeekday: 2)
            settings.firstWeekday = bad
            XCTAssertNil(settings.firstWeekday, "\(bad) set later falls back to the locale too")
        }
    }

    func testTheLocaleDecidesOnlyWithoutAChoice() {
        XCTAssertEqual(Settings().firstWeekday(localeDefault: 2), 2)
        XCTAssertEqual(Settings(firstWeekday: 7).firstWeekday(localeDefault: 2), 7)
    }

    func testWindowSizesAreClamped() {
        let tiny = Settings(windowWidth: 10, windowHeight: -5)
        XCTAssertEqual(tiny.windowWidth, Settings.widthRange.lowerBound)
        XCTAssertEqual(tiny.windowHeight, Settings.heightRange.lowerBound)
        var huge = Settings()
        huge.windowWidth = 1_000_000
        huge.windowHeight = Int.max
        XCTAssertEqual(huge.windowWidth, Settings.widthRange.upperBound)
        XCTAssertEqual(huge.windowHeight, Settings.heightRange.upperBound)
        var normal = Settings()
        normal.windowWidth = 1_024
        normal.windowHeight = 600
        XCTAssertEqual(normal.windowWidth, 1_024)
        XCTAssertEqual(normal.windowHeight, 600)
    }

    func testEqualityFollowsEveryField() {
        XCTAssertNotEqual(Settings(), Settings(showsWeekNumbers: true))
        XCTAssertNotEqual(Settings(), Settings(isMaximized: true))
        XCTAssertNotEqual(Settings(), Settings(firstWeekday: 1))
        XCTAssertEqual(Settings(firstWeekday: 9), Settings(), "an invalid weekday is no choice at all")
    }

    func testPanelPositionIsKeptAndCompared() {
        for position in PanelPosition.allCases {
            XCTAssertEqual(Settings(panelPosition: position).panelPosition, position)
            XCTAssertNotEqual(Settings(panelPosition: position), Settings(), "\(position) is a choice, nil is none")
        }
        XCTAssertNotEqual(Settings(panelPosition: .tip), Settings(panelPosition: .full))
        var settings = Settings(panelPosition: .full)
        settings.panelPosition = nil
        XCTAssertEqual(settings, .defaults)
    }

    /// A built-in calendar off by default starts hidden until switched on; switched on it is
    /// remembered as shown, switched off again forgotten; its default is never written as hidden.
    func testBuiltInCalendarsOffByDefaultAreHiddenUntilSwitchedOn() {
        let holidays = CalendarID("koyomi:holidays/jp"), work = CalendarID("/work.ics")
        var settings = Settings(hiddenCalendars: [work])
        XCTAssertEqual(settings.startingHiddenCalendars(offByDefault: [holidays]), [work, holidays])
        XCTAssertEqual(settings.startingHiddenCalendars(offByDefault: []), [work], "on by default: only the saved set")

        settings.remember(hidden: [work], offByDefault: [holidays])
        XCTAssertEqual(settings.shownCalendars, [holidays])
        XCTAssertEqual(settings.startingHiddenCalendars(offByDefault: [holidays]), [work], "switched on, it stays on")

        settings.remember(hidden: [work, holidays], offByDefault: [holidays])
        XCTAssertEqual(settings.hiddenCalendars, [work], "the default is not written as a choice")
        XCTAssertEqual(settings.shownCalendars, [])
        XCTAssertEqual(settings.startingHiddenCalendars(offByDefault: [holidays]), [work, holidays])

        settings.remember(hidden: [holidays], offByDefault: [])
        XCTAssertEqual(settings.hiddenCalendars, [holidays], "on by default, switched off: kept hidden")
    }
}
