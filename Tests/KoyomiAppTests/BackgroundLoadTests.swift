import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// Files opened the app's way are read on a background thread: the window paints first,
/// and the dots, the error strip and the completion follow once the plans are in.
final class BackgroundLoadTests: AppTestCase, @unchecked Sendable {
    private func concert() throws -> String {
        try writeCalendar("later.ics", """
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
    }

    func testDotsAppearWhenTheBackgroundLoadFinishes() throws {
        let later = try concert()
        let missing = directory.appendingPathComponent("missing.ics").path
        MainActor.assumeIsolated {
            let controller = openWindow([])
            var result: CalendarLoader.Result?
            var waited = false
            controller.open(paths: [later, missing]) { result = $0 }
            controller.whenLoaded { waited = true }
            XCTAssertTrue(controller.isLoading)
            XCTAssertNil(result, "the result is handed over later, on the main loop")
            XCTAssertTrue(MainLoop.iterate(until: { result != nil }, timeout: 10), "the load finished")
            XCTAssertTrue(waited, "whenLoaded ran once the plans were in")
            XCTAssertFalse(controller.isLoading)
            XCTAssertEqual(result?.sources.map(\.calendar.name), ["later"])
            XCTAssertEqual(result?.errors, ["\(missing): does not exist"])
            XCTAssertEqual(cell("2026-11-14").visibleDotClasses, ["koyomi-color-9141ac"])
            XCTAssertTrue(window.errors.isShowing)
            XCTAssertTrue(window.errors.text.contains("missing.ics: does not exist"))
        }
    }

    func testWhenLoadedRunsAtOnceWithNothingLoading() throws {
        MainActor.assumeIsolated {
            let controller = openWindow([])
            var ran = false
            controller.whenLoaded { ran = true }
            XCTAssertTrue(ran)
        }
    }
}
