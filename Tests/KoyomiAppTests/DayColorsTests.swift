import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// Sundays and holidays red, Saturdays blue (issue 40): the classes on the month's day numbers
/// and the week's day headers in Japanese, the colours' contrast as GTK draws them in the light
/// and the dark style, the selected day's number left white, and the preference elsewhere.
// @unchecked Sendable: like AppTestCase, touched from the main thread only.
final class DayColorsTests: JapaneseTestCase, @unchecked Sendable {
    override func setUpWithError() throws {
        try super.setUpWithError()
        MainActor.assumeIsolated { Self.stylesheet.install() }
    }

    override func tearDown() {
        MainActor.assumeIsolated {
            StyleManager.default.colorScheme = .default
            Self.stylesheet.uninstall()
        }
        super.tearDown()
    }

    private func emptyCalendar() throws -> String {
        try writeCalendar("empty.ics", "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Koyomi tests//JA\nX-WR-CALNAME:仕事\nEND:VCALENDAR\n")
    }

    func testSundaysSaturdaysAndHolidaysCarryTheirClasses() throws {
        let path = try emptyCalendar()
        try startWindowAt(width: 1200, height: 800) // seven days in the week view
        MainActor.assumeIsolated {
            _ = openWindow([path], locale: "ja_JP", firstWeekday: 1)
            XCTAssertTrue(window.window.hasCSSClass(DayColors.windowClass), "on by default in Japanese")
            XCTAssertEqual(cell("2026-11-22").numberDayClass, "day-sunday")
            XCTAssertEqual(cell("2026-11-28").numberDayClass, "day-saturday")
            XCTAssertEqual(cell("2026-11-23").numberDayClass, "day-holiday", "勤労感謝の日, a Monday")
            XCTAssertEqual(cell("2026-11-03").numberDayClass, "day-holiday", "文化の日, a Tuesday")
            XCTAssertNil(cell("2026-11-24").numberDayClass)
            XCTAssertEqual(cell("2026-12-05").numberDayClass, "day-saturday", "greyed days carry it too (drawn grey)")

            // Paging moves the classes with the days.
            controller.store.show(CalendarDay(year: 2027, month: 1, day: 11)!)
            XCTAssertEqual(cell("2027-01-11").numberDayClass, "day-holiday", "成人の日")
            XCTAssertEqual(cell("2027-01-01").numberDayClass, "day-holiday", "元日")
            XCTAssertEqual(cell("2027-01-03").numberDayClass, "day-sunday")
            XCTAssertEqual(cell("2027-01-12").numberDayClass, nil)

            controller.store.show(CalendarDay(year: 2026, month: 11, day: 23)!)
            controller.coordinator.show(.week)
            let classes = window.week.headers.filter(\.isVisible).map { header in
                DayColors.allClasses.first(where: header.hasCSSClass) ?? "-"
            }
            XCTAssertEqual(classes, ["day-sunday", "day-holiday", "-", "-", "-", "-", "day-saturday"],
                           "the week of 11月22日 in its headers")
        }
    }

    func testColoursKeepContrastInTheLightStyle() throws {
        try checkDrawnColours(dark: false)
    }

    func testColoursKeepContrastInTheDarkStyle() throws {
        try checkDrawnColours(dark: true)
    }

    /// The colours the style sheet gives, against the cells' background in each style: a red
    /// or blue picked too light for text fails here before anyone draws it.
    func testStyleSheetColoursReachTextContrast() throws {
        let css = DayColors.css
        for style in ColorClasses.Style.allCases {
            for hex in [DayColors.red(in: style), DayColors.blue(in: style)] {
                XCTAssertTrue(css.contains("color: \(hex);"), "\(hex) is what the style sheet says")
                let color = try XCTUnwrap(RGBA(parsing: hex))
                XCTAssertGreaterThanOrEqual(color.contrastRatio(with: style.background), DayColors.minimumContrast,
                                            "\(hex) on \(style.background.hex) in \(style)")
            }
        }
    }

    /// Outside Japanese the days are plain until the user asks; the choice is saved.
    func testElsewhereThePreferenceColoursTheDays() throws {
        let path = try emptyCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], locale: "en_US", firstWeekday: 1)
            XCTAssertFalse(window.window.hasCSSClass(DayColors.windowClass), "off by default outside Japanese")
            XCTAssertEqual(cell("2026-11-22").numberDayClass, "day-sunday", "the class is there for any view to use")
            let preferences = PreferencesController(store: controller.settings, parent: window.window,
                                                    locale: LocaleSettings(locale: Locale(identifier: "en_US"), firstWeekday: 1), desktop: { .none })
            XCTAssertFalse(preferences.dayColorsRow.isOn)
            preferences.dayColorsRow.isOn = true
            XCTAssertTrue(window.window.hasCSSClass(DayColors.windowClass), "at once")
            let file = directory.appendingPathComponent("config/koyomi/settings.ini").path
            XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).contains("day-colors=true"))
            XCTAssertEqual(SettingsStore(environment: ["XDG_CONFIG_HOME": directory.appendingPathComponent("config").path])
                .settings.colorsDays, true)
            preferences.window.close()
        }
    }

    // MARK: Pixels

    private func checkDrawnColours(dark: Bool) throws {
        let path = try emptyCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], locale: "ja_JP", firstWeekday: 1)
            cell("2026-11-24").button.click() // a plain day: today (Sunday 29) shows its own style
            if dark {
                StyleManager.default.colorScheme = .forceDark
                XCTAssertTrue(MainLoop.iterate(until: { self.window.window.hasCSSClass(ColorClasses.darkStyleClass) }))
            }
            paintOnce()
            var image = try XCTUnwrap(window.window.render())
            let sunday = try number(of: "2026-11-22", in: image)
            XCTAssertEqual(sunday.background.luminance < 0.1, dark, "drawn \(dark ? "dark" : "light")")
            for (day, isRed) in [("2026-11-22", true), ("2026-11-23", true), ("2026-11-28", false)] {
                let drawn = try number(of: day, in: image)
                let ink = drawn.region.strongest(against: drawn.background)
                XCTAssertGreaterThanOrEqual(ink.contrastRatio(with: drawn.background), DayColors.minimumContrast,
                                            "\(day): \(ink.hex) on \(drawn.background.hex)")
                if isRed {
                    XCTAssertGreaterThan(ink.red, max(ink.green, ink.blue) + 0.3, "\(day) is red: \(ink.hex)")
                } else {
                    XCTAssertGreaterThan(ink.blue, max(ink.red, ink.green) + 0.15, "\(day) is blue: \(ink.hex)")
                }
            }
            // The weekday names: 日 red and 土 blue, at full strength.
            for (index, isRed) in [(0, true), (6, false)] {
                let label = window.grid.headers[index]
                let bounds = try XCTUnwrap(label.bounds(relativeTo: window.window))
                let region = PixelRegion(image: image, x: Int(bounds.x), y: Int(bounds.y), width: Int(bounds.width),
                                         height: Int(bounds.height))
                let background = try XCTUnwrap(region.mostFrequent(excluding: []))
                let ink = region.strongest(against: background)
                XCTAssertGreaterThanOrEqual(ink.contrastRatio(with: background), DayColors.minimumContrast,
                                            "\(label.text ?? ""): \(ink.hex) on \(background.hex)")
                if isRed {
                    XCTAssertGreaterThan(ink.red, max(ink.green, ink.blue) + 0.3, "\(label.text ?? "") is red: \(ink.hex)")
                } else {
                    XCTAssertGreaterThan(ink.blue, max(ink.red, ink.green) + 0.15, "\(label.text ?? "") is blue: \(ink.hex)")
                }
            }

            // Today (a Sunday): red digits inside the accent ring.
            let today = try number(of: "2026-11-29", in: image)
            let ring = try XCTUnwrap(today.region.mostFrequent(excluding: [today.background.hex]))
            let inside = try XCTUnwrap(today.region.box(of: ring)?.inset(by: 4))
            let todayInk = inside.strongest(against: today.background)
            XCTAssertGreaterThanOrEqual(todayInk.contrastRatio(with: today.background), DayColors.minimumContrast,
                                        "today: \(todayInk.hex)")
            XCTAssertGreaterThan(todayInk.red, max(todayInk.green, todayInk.blue) + 0.3, "today's Sunday is red: \(todayInk.hex)")

            // The selected Sunday keeps the selection's white on the accent circle.
            cell("2026-11-22").button.click()
            paintOnce()
            image = try XCTUnwrap(window.window.render())
            let selected = try number(of: "2026-11-22", in: image)
            let circle = try XCTUnwrap(selected.region.mostFrequent(excluding: [selected.background.hex]))
            // Inside the circle only: its bounding box's corners are the cell's background.
            let digits = try XCTUnwrap(selected.region.box(of: circle)?.inset(by: 6)).strongest(against: circle)
            XCTAssertGreaterThanOrEqual(digits.contrastRatio(with: circle), ColorClasses.minimumContrast,
                                        "selected digits \(digits.hex) on \(circle.hex)")
            XCTAssertLessThan(digits.red - min(digits.green, digits.blue), 0.2, "not red on the circle: \(digits.hex)")
        }
    }

    /// The number's area of `day`'s cell and the cell's background around it.
    @MainActor private func number(of day: String, in image: RenderedImage) throws -> (region: PixelRegion, background: RGBA) {
        let cell = cell(day)
        let bounds = try XCTUnwrap(cell.numberWidget.bounds(relativeTo: window.window))
        let region = PixelRegion(image: image, x: Int(bounds.x), y: Int(bounds.y), width: Int(bounds.width), height: Int(bounds.height))
        let cellBounds = try XCTUnwrap(cell.button.bounds(relativeTo: window.window))
        let around = PixelRegion(image: image, x: Int(cellBounds.x) + 5, y: Int(cellBounds.y) + 5,
                                 width: Int(cellBounds.width) - 10, height: Int(cellBounds.height) - 10)
        return (region, try XCTUnwrap(around.mostFrequent(excluding: [])))
    }
}
