import CalendarModel
import GtkKit
@testable import KoyomiApp
import XCTest

/// Enter on a plan of a read-only calendar (the samples' Holidays, a subscription) shows its
/// details: what, when — the day or days as well as the time — where and in which calendar.
final class PlanDetailsTests: AppTestCase {
    private func holidays() throws -> String {
        try writeCalendar("holidays.ics", """
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//Koyomi tests//EN
            X-WR-CALNAME:Holidays
            BEGIN:VEVENT
            UID:eve
            DTSTART;VALUE=DATE:20261224
            SUMMARY:Christmas Eve
            END:VEVENT
            BEGIN:VEVENT
            UID:break
            DTSTART;VALUE=DATE:20261224
            DTEND;VALUE=DATE:20261229
            SUMMARY:Winter break
            END:VEVENT
            BEGIN:VEVENT
            UID:carols
            DTSTART:20261224T180000Z
            DTEND:20261224T193000Z
            SUMMARY:Carols
            LOCATION:Town square
            END:VEVENT
            END:VCALENDAR
            """)
    }

    /// Opens the details of the `index`th plan of `day`'s list, as Enter does, and returns what they say.
    @MainActor
    private func details(on day: String, at index: Int) throws -> String {
        cell(day).button.click()
        window.planList.activateRow(at: index)
        let dialog = try XCTUnwrap(window.detailsDialog, "a read-only plan opens its details")
        defer { dialog.close() }
        return dialog.body
    }

    func testTheDetailsSayTheDayAndTheTime() throws {
        let path = try holidays()
        try MainActor.assumeIsolated {
            _ = openWindow([], month: YearMonth(parsing: "2026-12"))
            controller.open(paths: [path], readOnly: true)
            cell("2026-12-24").button.click()
            XCTAssertEqual(rowTitles, ["Christmas Eve", "Winter break", "Carols"])
            XCTAssertEqual(try details(on: "2026-12-24", at: 0), "Thursday, December 24, 2026\nAll day\nHolidays")
            XCTAssertEqual(try details(on: "2026-12-24", at: 1), "Dec 24 – Dec 28, 2026\nHolidays",
                           "a plan of several days gives its days")
            XCTAssertEqual(try details(on: "2026-12-24", at: 2),
                           "Thursday, December 24, 2026\n6:00\u{202F}PM – 7:30\u{202F}PM\nHolidays\nTown square")
            XCTAssertEqual(try details(on: "2026-12-26", at: 0), "Dec 24 – Dec 28, 2026\nHolidays",
                           "the same from any of its days")
        }
    }
}
