import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// Bad files: a clear message in the window, and the user's file left exactly as it was.
final class ErrorTests: AppTestCase {
    func testMalformedFileShowsAnErrorAndIsLeftUntouched() throws {
        let good = try sampleCalendar()
        let bad = try writeCalendar("broken.ics", "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nDTSTART:20261110T100000Z\nSUMMARY:Review\nEND:VCALENDAR\n")
        let before = try FileManager.default.attributesOfItem(atPath: bad)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: bad))

        MainActor.assumeIsolated {
            _ = openWindow([good, bad])
            XCTAssertTrue(window.errors.isShowing)
            XCTAssertTrue(window.errors.text.contains("broken.ics"), window.errors.text)
            XCTAssertTrue(window.errors.text.contains("END:VCALENDAR at line 6 does not close BEGIN:VEVENT"), window.errors.text)
            XCTAssertEqual(rowTitles, ["Late call"], "the good calendar still shows")

            window.errors.dismissButton.click()
            XCTAssertFalse(window.errors.isShowing)
        }
        let after = try FileManager.default.attributesOfItem(atPath: bad)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: bad)), bytes)
        XCTAssertEqual(before[.modificationDate] as? Date, after[.modificationDate] as? Date)
    }

    /// One event with an impossible date: the rest of its file opens, the strip says which plan
    /// and why in words, and saving an edit keeps that event's text byte for byte.
    func testOneBadEventLeavesTheRestOfItsFileOpenAndIsKeptOnSave() throws {
        let unreadable = "BEGIN:VEVENT\r\nUID:standup\r\nSUMMARY:Standup\r\nDTSTART:20260230T100000Z\r\nX-ODD:a\\,b\r\nEND:VEVENT\r\n"
        let path = try writeCalendar("mixed.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\n"
                                     + "BEGIN:VEVENT\r\nUID:lunch\r\nSUMMARY:Lunch\r\nDTSTART:20261110T120000Z\r\nEND:VEVENT\r\n"
                                     + unreadable + "END:VCALENDAR\r\n")
        try MainActor.assumeIsolated {
            _ = openWindow([path])
            XCTAssertTrue(window.errors.isShowing)
            XCTAssertTrue(window.errors.text.contains("mixed.ics"), window.errors.text)
            XCTAssertTrue(window.errors.text.contains("\"Standup\" on line 12 skipped: its DTSTART says February 30, 2026, "
                                                      + "which does not exist"), window.errors.text)
            cell("2026-11-10").button.click()
            XCTAssertEqual(rowTitles, ["Lunch"], "the file's other plans are shown")

            window.planList.activateRow(at: 0)
            waitForSaves()
            let editor = try XCTUnwrap(controller.editing.editor)
            editor.fields.titleEntry.text = "Lunch with Ann"
            editor.save()
            waitForSaves()
            XCTAssertEqual(rowTitles, ["Lunch with Ann"])
        }
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(saved.contains("SUMMARY:Lunch with Ann"), saved)
        XCTAssertTrue(saved.contains(unreadable), "the unreadable plan is written back as it was\n\(saved)")
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

    /// Thousands of problems (a file whose every event has one) are listed as a few lines and
    /// a count, not as a label of thousands of lines that GTK measures for half a minute.
    func testManyProblemsAreCountedPastTheFirstFew() throws {
        MainActor.assumeIsolated {
            _ = openWindow([])
            let problems = (1...5_000).map { "busy.ics: event \($0) names an unknown time zone" }
            window.errors.show(problems)
            paintOnce()
            let lines = window.errors.text.components(separatedBy: "\n")
            XCTAssertEqual(Array(lines.prefix(ErrorArea.shownLimit)), Array(problems.prefix(ErrorArea.shownLimit)))
            XCTAssertEqual(lines.count, ErrorArea.shownLimit + 1)
            XCTAssertEqual(lines.last, "…and 4992 more problems")
            window.errors.show(["one more"])
            XCTAssertEqual(window.errors.text.components(separatedBy: "\n").last, "…and 4993 more problems")
        }
    }
}
