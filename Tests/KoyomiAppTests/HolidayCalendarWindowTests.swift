import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// Japan's holidays as a built-in calendar in the window (issue 40): listed with the files'
/// calendars, on by default in a Japanese locale, off elsewhere until switched on, and a
/// choice either way kept across restarts.
final class HolidayCalendarWindowTests: AppTestCase, @unchecked Sendable {
    private let january = YearMonth(year: 2027, month: 1)

    /// The calendars list's row for the holidays: its name and whether it is checked.
    @MainActor
    private func holidayRow() throws -> CalendarListRow {
        try XCTUnwrap(controller.calendarsList.popover.row(for: JapaneseHolidaySource.calendarID), "the holidays are listed")
    }

    private func work() throws -> String {
        try writeCalendar("work.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nX-WR-CALNAME:Work\r\n"
            + "BEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20270105T090000Z\r\nDTEND:20270105T100000Z\r\n"
            + "SUMMARY:Review\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    }

    func testInJapaneseTheHolidaysAreShownByDefault() throws {
        let path = try work()
        try MainActor.assumeIsolated {
            _ = openWindow([path], locale: "ja_JP", month: january)
            let row = try holidayRow()
            XCTAssertEqual(row.nameLabel.text, "日本の祝日")
            XCTAssertTrue(row.visibility.isActive, "on by default in Japanese")
            XCTAssertNil(row.editButton, "read-only: nothing to rename, recolour or remove")
            XCTAssertEqual(controller.calendarsList.popover.rows.map(\.nameLabel.text), ["Work", "日本の祝日"],
                           "after the files' calendars")
            XCTAssertEqual(cell("2027-01-01").decoration.label, "元日", "a holiday's label, as a holiday calendar's")
            XCTAssertEqual(cell("2027-01-11").decoration.label, "成人の日")
            XCTAssertNil(cell("2027-01-05").decoration.label)
            controller.store.select(CalendarDay(year: 2027, month: 1, day: 1)!)
            XCTAssertTrue(MainLoop.iterate(until: { self.rowTitles == ["元日"] }), "\(rowTitles)")
            XCTAssertTrue(controller.settings.settings.hiddenCalendars.isEmpty, "the default is not written")

            // Export writes the files' calendars: the holidays have no file and are not the user's plans.
            let exported = directory.appendingPathComponent("export.ics").path
            controller.importer.export(to: exported)
            XCTAssertEqual(window.errors.messages, [])
            let text = try String(contentsOfFile: exported, encoding: .utf8)
            XCTAssertTrue(text.contains("SUMMARY:Review"), text)
            XCTAssertFalse(text.contains("元日"), text)
        }
    }

    func testInEnglishTheyAreOffUntilSwitchedOnAndStayOn() throws {
        try MainActor.assumeIsolated {
            _ = openWindow([], locale: "en_US", month: january)
            var row = try holidayRow()
            XCTAssertEqual(row.nameLabel.text, "Holidays in Japan")
            XCTAssertFalse(row.visibility.isActive, "off by default outside Japanese")
            XCTAssertNil(cell("2027-01-01").decoration.label)

            row.visibility.toggle() // what a click does
            XCTAssertEqual(cell("2027-01-01").decoration.label, "New Year's Day")
            closeWindow()

            _ = openWindow([], locale: "en_US", month: january)
            row = try holidayRow()
            XCTAssertTrue(row.visibility.isActive, "switched on, it stays on at the next start")
            XCTAssertEqual(cell("2027-01-11").decoration.label, "Coming of Age Day")
            row.visibility.toggle()
            closeWindow()

            _ = openWindow([], locale: "en_US", month: january)
            XCTAssertFalse(try holidayRow().visibility.isActive, "and off again once switched off")
        }
    }

    func testSwitchedOffInJapaneseTheyStayOffAfterARestart() throws {
        try MainActor.assumeIsolated {
            _ = openWindow([], locale: "ja_JP", month: january)
            try holidayRow().visibility.toggle()
            XCTAssertNil(cell("2027-01-01").decoration.label, "gone at once")
            XCTAssertEqual(controller.settings.settings.hiddenCalendars, [JapaneseHolidaySource.calendarID])
            closeWindow()

            _ = openWindow([], locale: "ja_JP", month: january)
            XCTAssertFalse(try holidayRow().visibility.isActive, "still off after a restart")
            XCTAssertNil(cell("2027-01-01").decoration.label)
            let settings = try String(contentsOf: directory.appendingPathComponent("config/koyomi/settings.ini"), encoding: .utf8)
            XCTAssertTrue(settings.contains("hidden-calendars=koyomi:holidays/jp"), settings)
        }
    }
}
