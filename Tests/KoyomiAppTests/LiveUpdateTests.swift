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
            XCTAssertEqual(cell("2026-11-30").button.accessibleDescription, "today")
            XCTAssertEqual(selectedCells(), ["2026-11-29"], "the user's selection is left alone")

            window.pager.todayButton.click()
            XCTAssertEqual(selectedCells(), ["2026-11-30"])
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
            XCTAssertEqual(cell("2026-11-14").button.accessibleLabel, "Saturday, November 14, 2026, 1 plan")
            XCTAssertFalse(window.errors.isShowing)
        }
    }
}
