import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// Bad files: a clear message in the window, and the user's file left exactly as it was.
final class ErrorTests: AppTestCase {
    func testMalformedFileShowsAnErrorAndIsLeftUntouched() throws {
        let good = try sampleCalendar()
        let bad = try writeCalendar("broken.ics", "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nDTSTART:20260230T100000Z\nSUMMARY:Review\nEND:VEVENT\nEND:VCALENDAR\n")
        let before = try FileManager.default.attributesOfItem(atPath: bad)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: bad))

        MainActor.assumeIsolated {
            _ = openWindow([good, bad])
            XCTAssertTrue(window.errors.isShowing)
            XCTAssertTrue(window.errors.text.contains("broken.ics"), window.errors.text)
            XCTAssertTrue(window.errors.text.contains("20260230"), window.errors.text)
            XCTAssertEqual(rowTitles, ["Late call"], "the good calendar still shows")

            window.errors.dismissButton.click()
            XCTAssertFalse(window.errors.isShowing)
        }
        let after = try FileManager.default.attributesOfItem(atPath: bad)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: bad)), bytes)
        XCTAssertEqual(before[.modificationDate] as? Date, after[.modificationDate] as? Date)
    }

    func testMissingFileIsNamed() throws {
        let missing = directory.appendingPathComponent("nowhere.ics").path
        MainActor.assumeIsolated {
            _ = openWindow([missing])
            XCTAssertTrue(window.errors.isShowing)
            XCTAssertTrue(window.errors.text.contains("nowhere.ics"), window.errors.text)
            XCTAssertEqual(title, "November 2026", "the window still works")
        }
    }

    func testARepeatedProblemIsListedOnceAndShownAgainAfterDismissing() throws {
        MainActor.assumeIsolated {
            _ = openWindow([])
            let problem = "Work could not be synced: Wrong user name or password."
            window.errors.show([problem])
            window.errors.show([problem, "Home could not be synced: Wrong user name or password."])
            window.errors.show([problem])
            XCTAssertEqual(window.errors.messages.count, 2, "each problem once")
            window.errors.dismissButton.click()
            window.errors.show([problem])
            XCTAssertTrue(window.errors.isShowing, "after dismissing, the next failure shows again")
            XCTAssertEqual(window.errors.messages, [problem])
        }
    }
}
