import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// Changes that arrive while the window is open: midnight, and a file handed over later.
final class LiveUpdateTests: AppTestCase {
    func testTodayMarkMovesAtMidnightAndTheSelectionStays() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            let controller = openWindow([path])
            controller.startClock()
            XCTAssertTrue(cell("2026-11-29").button.hasCSSClass("today"))

            currentNow = Date(timeIntervalSince1970: 1_795_996_805) // 2026-11-30T00:00:05Z
            controller.checkClock()
            XCTAssertFalse(cell("2026-11-29").button.hasCSSClass("today"))
            XCTAssertTrue(cell("2026-11-30").button.hasCSSClass("today"))
            waitForAccessibleText()
            XCTAssertEqual(cell("2026-11-30").button.accessibleDescription, "today")
            XCTAssertEqual(selectedCells(), ["2026-11-29"], "the user's selection is left alone")

            window.header.todayButton.click()
            XCTAssertEqual(selectedCells(), ["2026-11-30"])
        }
    }

    func testATimeZoneChangeMovesPlansButNotFloatingTimes() throws {
        let path = try writeCalendar("travel.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//EN
        BEGIN:VEVENT
        UID:call
        DTSTART:20261129T220000Z
        DTEND:20261129T230000Z
        SUMMARY:Call home
        END:VEVENT
        BEGIN:VEVENT
        UID:breakfast
        DTSTART:20261130T080000
        DTEND:20261130T083000
        SUMMARY:Breakfast
        END:VEVENT
        END:VCALENDAR
        """)
        MainActor.assumeIsolated {
            let controller = openWindow([path])
            controller.startClock()
            XCTAssertEqual(rowTitles, ["Call home"])

            // Flying to Kiritimati (UTC+14): noon UTC is already 2 am on the 30th there, the
            // call at 22:00 UTC is at noon on the 30th, and the floating breakfast stays at
            // 08:00 wherever the user is.
            currentZone = TimeZone(identifier: "Pacific/Kiritimati")!
            controller.checkClock()
            XCTAssertEqual(selectedCells(), ["2026-11-29"])
            XCTAssertEqual(rowTitles, [], "the call left the 29th")
            XCTAssertTrue(cell("2026-11-30").button.hasCSSClass("today"), "it is already the 30th there")
            cell("2026-11-30").button.click()
            XCTAssertEqual(rowTitles, ["Breakfast", "Call home"])
            XCTAssertEqual(rowRanges, ["8:00\u{202F}AM – 8:30\u{202F}AM", "12:00\u{202F}PM – 1:00\u{202F}PM"])
        }
    }

    func testAFileOpenedLaterDecoratesTheGridAtOnce() throws {
        let first = try sampleCalendar()
        let later = try writeCalendar("later.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//EN
        COLOR:#9141ac
        BEGIN:VEVENT
        UID:later-1
        DTSTART;VALUE=DATE:20261114
        SUMMARY:Concert
        END:VEVENT
        END:VCALENDAR
        """)
        MainActor.assumeIsolated {
            let controller = openWindow([first])
            XCTAssertTrue(cell("2026-11-14").visibleDotClasses.isEmpty)
            controller.open(paths: [later])
            XCTAssertEqual(cell("2026-11-14").visibleDotClasses, ["koyomi-color-9141ac"])
            // Screen readers get the new name once the frame with the dot is painted.
            waitForAccessibleText()
            XCTAssertEqual(cell("2026-11-14").button.accessibleLabel, "Saturday, November 14, 2026: 1 plan")
            XCTAssertFalse(window.errors.isShowing)
        }
    }
}
