import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// Saves run on the save queue, off the main thread (issue 18): the window paints and answers
/// while a save waits for its disk, and quick edits land in the order they were made, with
/// Undo taking them back one by one.
final class SaveQueueTests: AppTestCase, @unchecked Sendable {
    /// A door the save queue waits at until the test opens it: a disk that does not answer.
    private final class Door: @unchecked Sendable {
        // @unchecked Sendable: `isOpen` is only read and written under `condition`'s lock.
        private let condition = NSCondition()
        private var isOpen = false

        func pass() {
            condition.lock()
            while !isOpen { condition.wait() }
            condition.unlock()
        }

        func open() {
            condition.lock()
            isOpen = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// "Lunch" on Wednesday, November 18, 12:00–13:00 UTC.
    private func lunch() throws -> String {
        try writeCalendar("mine.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\n"
                          + "X-WR-CALNAME:Mine\r\nBEGIN:VEVENT\r\nUID:lunch\r\nDTSTAMP:20261101T000000Z\r\n"
                          + "DTSTART:20261118T120000Z\r\nDTEND:20261118T130000Z\r\nSUMMARY:Lunch\r\nEND:VEVENT\r\n"
                          + "END:VCALENDAR\r\n")
    }

    private func fileText(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    func testTheWindowPaintsAndAnswersWhileASaveWaitsForItsDisk() throws {
        let path = try lunch()
        let door = Door()
        defer { door.open() }
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(parsing: "2026-11"))
            controller.editing.saves.beforeEachWork = { door.pass() }
            cell("2026-11-10").button.click()
            controller.mainWindow.window.activateAction("win.new-plan")
            let editor = try XCTUnwrap(controller.editing.editor)
            editor.fields.titleEntry.text = "Dentist"
            editor.save()

            // The save is held on the queue: the window goes on meanwhile.
            XCTAssertTrue(controller.isSaving)
            cell("2026-11-18").button.click()
            paintOnce()
            XCTAssertEqual(selectedCells(), ["2026-11-18"], "a click is answered while the save waits")
            XCTAssertEqual(rowTitles, ["Lunch"])
            XCTAssertFalse(try fileText(path).contains("Dentist"), "nothing is written yet")
            XCTAssertNotEqual(window.currentToast?.title, "“Dentist” added", "no toast before the save is done")
            XCTAssertTrue(controller.isSaving, "and the save still waits")

            door.open()
            waitForSaves()
            XCTAssertTrue(try fileText(path).contains("SUMMARY:Dentist"))
            XCTAssertEqual(window.currentToast?.title, "“Dentist” added", "the toast comes once it is saved")
            cell("2026-11-10").button.click()
            XCTAssertEqual(rowTitles, ["Dentist"], "and the plan is read back into the window")
        }
    }

    /// Ctrl+Down pressed twice before the first move is saved, then Ctrl+Z pressed while both
    /// still wait: the moves land in order and add up, and each Undo takes back one.
    func testQuickEditsLandInOrderAndUndoTakesThemBackOneByOne() throws {
        let path = try lunch()
        let door = Door()
        defer { door.open() }
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(parsing: "2026-11"))
            let day = CalendarDay(parsing: "2026-11-18")!
            let shown = try XCTUnwrap(controller.store.plans(on: day).first)
            guard case let .timed(start, end) = shown.plan.timing else { return XCTFail("a timed plan") }
            let quarter: TimeInterval = 15 * 60
            controller.editing.saves.beforeEachWork = { door.pass() }
            // Both moves start from the plan as shown: the first is not read back yet.
            controller.editing.retime(shown, to: .timed(start: start + quarter, end: end + quarter))
            controller.editing.retime(shown, to: .timed(start: start + quarter, end: end + quarter))
            window.window.activateAction("win.undo")
            controller.editing.saves.beforeEachWork = nil
            XCTAssertEqual(titles(on: day), ["Lunch"])
            XCTAssertTrue(try fileText(path).contains("DTSTART:20261118T120000Z"), "nothing is written yet")

            door.open()
            waitForSaves()
            let text = try fileText(path)
            XCTAssertTrue(text.contains("DTSTART:20261118T121500Z"),
                          "both moves landed, in order, and the Undo pressed after them took back the second\n\(text)")
            XCTAssertEqual(window.currentToast?.title, "Undone: “Lunch” changed")
            XCTAssertEqual(startTime(on: day), start + quarter)

            window.window.activateAction("win.redo")
            waitForSaves()
            XCTAssertTrue(try fileText(path).contains("DTSTART:20261118T123000Z"), "Redo: the moves added up")
            XCTAssertEqual(startTime(on: day), start + 2 * quarter)

            window.window.activateAction("win.undo")
            window.window.activateAction("win.undo")
            waitForSaves()
            XCTAssertTrue(try fileText(path).contains("DTSTART:20261118T120000Z"), "two Undos: back where it was")
            XCTAssertEqual(startTime(on: day), start)
            window.window.activateAction("win.undo")
            waitForSaves()
            XCTAssertEqual(window.currentToast?.title, "Nothing to undo", "one Undo per move, no more")
        }
    }

    @MainActor
    private func titles(on day: CalendarDay) -> [String] {
        controller.store.plans(on: day).map(\.plan.title)
    }

    /// When the window's store says the day's only plan starts.
    @MainActor
    private func startTime(on day: CalendarDay) -> Date? {
        guard case let .timed(start, _)? = controller.store.plans(on: day).first?.plan.timing else { return nil }
        return start
    }
}
