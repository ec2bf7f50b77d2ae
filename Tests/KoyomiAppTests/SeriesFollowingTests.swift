import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// "This and Following" for one occurrence of a repeating plan, through the window: the
/// question's answer, what the month and the list show, the file, and Undo.
final class SeriesFollowingTests: AppTestCase, @unchecked Sendable {
    /// "Standup" every Monday at 09:30 UTC from November 2, 2026.
    private func weeklyStandup() throws -> String {
        try writeCalendar("series.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\n"
                          + "BEGIN:VEVENT\r\nUID:standup\r\nDTSTAMP:20261101T000000Z\r\nSEQUENCE:0\r\n"
                          + "DTSTART:20261102T093000Z\r\nDTEND:20261102T094500Z\r\nRRULE:FREQ=WEEKLY;COUNT=6\r\n"
                          + "SUMMARY:Standup\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    }

    private func fileText(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The file without the lines an Undo writes anew (a restored plan is a new revision for
    /// other clients: SEQUENCE, DTSTAMP and LAST-MODIFIED).
    private func withoutRevision(_ text: String) -> String {
        text.components(separatedBy: "\r\n").filter { line in
            !["SEQUENCE:", "DTSTAMP:", "LAST-MODIFIED:"].contains { line.hasPrefix($0) }
        }.joined(separator: "\r\n")
    }

    @MainActor
    private func titles(on day: String) -> [String] {
        cell(day).button.click()
        return rowTitles
    }

    func testChangingThisAndFollowingSplitsTheSeriesAndUndoPutsItBack() throws {
        let path = try weeklyStandup()
        let original = try fileText(path)
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(parsing: "2026-11"))
            cell("2026-11-16").button.click()
            window.planList.activateRow(at: 0)
            waitForSaves()
            let editor = try XCTUnwrap(controller.editing.editor)
            editor.fields.titleEntry.text = "Standup (room 4)"
            editor.save()
            let question = try XCTUnwrap(controller.editing.question, "a repeating plan asks what to change")
            XCTAssertEqual(question.label(ofResponse: "following"), "This and _Following")
            XCTAssertEqual(question.body,
                           "“Standup” repeats. Change only this occurrence, this and the following ones, or all of them?")
            question.respond("following")
            waitForSaves()

            XCTAssertEqual(titles(on: "2026-11-09"), ["Standup"], "the Monday before keeps its title")
            XCTAssertEqual(titles(on: "2026-11-16"), ["Standup (room 4)"])
            XCTAssertEqual(titles(on: "2026-11-30"), ["Standup (room 4)"], "and so do the later ones")
            XCTAssertEqual(cell("2026-11-23").visibleDotClasses.count, 1, "one plan a Monday, not two")
            XCTAssertEqual(cell("2026-12-07").visibleDotClasses.count, 1, "the sixth and last Monday")
            let split = try fileText(path)
            XCTAssertTrue(split.contains("RRULE:FREQ=WEEKLY;UNTIL=20261116T092959Z\r\n"), split)
            XCTAssertTrue(split.contains("DTSTART:20261116T093000Z\r\n"), split)
            XCTAssertTrue(split.contains("RRULE:FREQ=WEEKLY;COUNT=4\r\n"), split)
            XCTAssertTrue(split.contains("SUMMARY:Standup (room 4)\r\n"), split)
            XCTAssertEqual(window.currentToast?.title, "“Standup (room 4)” changed")

            // The toast's Undo: one action puts the old series back and takes the new one away.
            try XCTUnwrap(window.currentToast).clickButton()
            waitForSaves()
            XCTAssertEqual(titles(on: "2026-11-23"), ["Standup"])
            var restored = try fileText(path)
            XCTAssertEqual(restored.components(separatedBy: "BEGIN:VEVENT").count, 2, restored)
            XCTAssertEqual(withoutRevision(restored), withoutRevision(original), "byte for byte but the revision")

            // Redo splits it again; Ctrl+Z undoes that the same way.
            // (Each look clicks another day: the selected day clicked again shows the month.)
            window.window.activateAction("win.redo")
            waitForSaves()
            XCTAssertEqual(titles(on: "2026-11-30"), ["Standup (room 4)"])
            window.window.activateAction("win.undo")
            waitForSaves()
            XCTAssertEqual(titles(on: "2026-11-16"), ["Standup"])
            restored = try fileText(path)
            XCTAssertEqual(withoutRevision(restored), withoutRevision(original), restored)
        }
    }

    /// A move (the month's Ctrl+→, a drag in the week) of this and the following occurrences:
    /// the Mondays from the chosen one on become Tuesdays, the ones before stay.
    func testMovingThisAndFollowingMovesOnlyTheLaterOnes() throws {
        let path = try weeklyStandup()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(parsing: "2026-11"))
            cell("2026-11-16").button.click()
            controller.coordinator.planList(window.planList, didRequestMoveOf: window.planList.rows[0], byDays: 1)
            waitForSaves()
            try XCTUnwrap(controller.editing.question, "a repeating plan asks which to move").respond("following")
            waitForSaves()
            for day in ["2026-11-02", "2026-11-09", "2026-11-17", "2026-11-24", "2026-12-01", "2026-12-08"] {
                XCTAssertEqual(cell(day).visibleDotClasses.count, 1, "a standup on \(day)")
            }
            for day in ["2026-11-16", "2026-11-23", "2026-11-30", "2026-12-07"] {
                XCTAssertTrue(cell(day).visibleDotClasses.isEmpty, "no standup left on \(day)")
            }
            XCTAssertTrue(try fileText(path).contains("DTSTART:20261117T093000Z\r\n"))
        }
    }

    func testDeletingThisAndFollowingEndsTheSeries() throws {
        let path = try weeklyStandup()
        let original = try fileText(path)
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(parsing: "2026-11"))
            cell("2026-11-16").button.click()
            controller.coordinator.planList(window.planList, didRequestDeleteOf: window.planList.rows[0])
            let question = try XCTUnwrap(controller.editing.question, "a repeating plan asks which to delete")
            XCTAssertEqual(question.label(ofResponse: "following"), "This and _Following")
            question.respond("following")
            waitForSaves()
            XCTAssertEqual(rowTitles, [], "that Monday is free")
            XCTAssertTrue(cell("2026-11-23").visibleDotClasses.isEmpty, "and every later one")
            XCTAssertEqual(cell("2026-11-09").visibleDotClasses.count, 1, "the Monday before is kept")
            let text = try fileText(path)
            XCTAssertTrue(text.contains("RRULE:FREQ=WEEKLY;UNTIL=20261116T092959Z\r\n"), text)
            XCTAssertEqual(text.components(separatedBy: "BEGIN:VEVENT").count, 2, "no new plan\n\(text)")

            window.window.activateAction("win.undo")
            waitForSaves()
            XCTAssertEqual(cell("2026-11-23").visibleDotClasses.count, 1)
            XCTAssertEqual(withoutRevision(try fileText(path)), withoutRevision(original))
        }
    }
}
