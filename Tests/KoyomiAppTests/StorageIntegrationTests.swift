import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The window and the files on disk: another program's change is shown (and an edit saved
/// afterwards lands on top of it), calendars are made, hidden and removed, and imports go
/// through the child process and can be undone.
final class StorageIntegrationTests: AppTestCase, @unchecked Sendable {
    private func calendar(_ name: String, events: String = "") throws -> String {
        try writeCalendar(name, "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\n"
                          + "X-WR-CALNAME:\(name.replacingOccurrences(of: ".ics", with: ""))\r\n" + events + "END:VCALENDAR\r\n")
    }

    private func event(_ uid: String, _ day: String, _ title: String, sequence: Int = 0) -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261101T000000Z\r\nSEQUENCE:\(sequence)\r\nDTSTART;VALUE=DATE:\(day)\r\n"
            + "SUMMARY:\(title)\r\nEND:VEVENT\r\n"
    }

    /// Writes as a careful editor does: a temporary file renamed over the calendar.
    private func replaceOnDisk(_ path: String, _ text: String) throws {
        let temporary = path + ".other-program"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        XCTAssertEqual(rename(temporary, path), 0)
    }

    func testAnotherProgramsChangeIsShownAndAnEditInProgressLandsOnTopOfIt() throws {
        let path = try calendar("mine.ics", events: event("a", "20261110", "Dentist"))
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(parsing: "2026-11"))
            cell("2026-11-10").button.click()
            XCTAssertEqual(rowTitles, ["Dentist"])
            window.planList.activateRow(at: 0)
            waitForSaves()
            let editor = try XCTUnwrap(controller.editing.editor)
            editor.fields.titleEntry.text = "Dentist (moved)"

            // Meanwhile another program adds a plan on the same day.
            let other = try String(contentsOfFile: path, encoding: .utf8)
                .replacingOccurrences(of: "END:VCALENDAR", with: event("b", "20261110", "Haircut") + "END:VCALENDAR")
            try replaceOnDisk(path, other)
            XCTAssertTrue(MainLoop.iterate(until: { self.rowTitles.sorted() == ["Dentist", "Haircut"] }, timeout: 10),
                          "the window reads the changed file by itself: \(rowTitles)")

            editor.save()
            waitForSaves()
            XCTAssertEqual(rowTitles.sorted(), ["Dentist (moved)", "Haircut"], "the edit is applied to the new content")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            XCTAssertTrue(text.contains("SUMMARY:Haircut"), "the other program's plan is not overwritten\n\(text)")
            XCTAssertTrue(text.contains("SUMMARY:Dentist (moved)"), text)
        }
    }

    func testAFileRemovedByAnotherProgramIsClosedWithAMessage() throws {
        let path = try calendar("gone.ics", events: event("a", "20261110", "Dentist"))
        MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(parsing: "2026-11"))
            XCTAssertEqual(cell("2026-11-10").visibleDotClasses.count, 1)
            unlink(path)
            XCTAssertTrue(MainLoop.iterate(until: { self.fileCalendars.isEmpty }, timeout: 10))
            XCTAssertTrue(cell("2026-11-10").visibleDotClasses.isEmpty)
            XCTAssertTrue(window.errors.messages.contains { $0.contains("gone.ics") && $0.contains("removed") },
                          "\(window.errors.messages)")
        }
    }

    func testCalendarsCanBeHiddenCreatedRecolouredAndRemoved() throws {
        let path = try calendar("work.ics", events: event("a", "20261110", "Review"))
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(parsing: "2026-11"))
            let list = controller.calendarsList
            let id = try XCTUnwrap(fileCalendars.first?.id)

            list.calendarsList(list.popover, setVisible: false, for: id)
            XCTAssertTrue(cell("2026-11-10").visibleDotClasses.isEmpty, "a hidden calendar's dots go at once")
            XCTAssertEqual(controller.settings.settings.hiddenCalendars, [id], "and that is remembered")
            list.calendarsList(list.popover, setVisible: true, for: id)
            XCTAssertEqual(cell("2026-11-10").visibleDotClasses.count, 1)

            list.calendarsList(list.popover, create: "Family", color: "#c01c28")
            let family = try XCTUnwrap(fileCalendars.first { $0.name == "Family" })
            XCTAssertEqual(window.currentToast?.title, "“Family” created", "the new calendar is announced")
            XCTAssertFalse(family.isReadOnly)
            XCTAssertTrue(storage.isUserCalendar(family.id.rawValue), "new calendars go to the user's folder")
            XCTAssertEqual(family.color, "#c01c28")

            list.calendarsList(list.popover, recolor: family.id, to: "#2ec27e")
            list.calendarsList(list.popover, rename: family.id, to: "Home")
            waitForSaves()
            XCTAssertEqual(fileCalendars.first { $0.id == family.id }?.name, "Home")
            XCTAssertEqual(fileCalendars.first { $0.id == family.id }?.color, "#2ec27e")
            XCTAssertEqual(list.popover.rows.map(\.nameLabel.text), ["work", "Home", "Holidays in Japan"], "the list shows both calendars, and the built-in one")

            list.calendarsList(list.popover, remove: family.id)
            XCTAssertFalse(FileManager.default.fileExists(atPath: family.id.rawValue), "the user's own calendar is removed")
            XCTAssertFalse(storage.backups.backups(of: family.id.rawValue).isEmpty, "with a backup kept")
            controller.keep([path, family.id.rawValue])
            XCTAssertEqual(controller.settings.settings.keptFiles, [id], "only files from elsewhere are kept")
            list.calendarsList(list.popover, remove: id)
            XCTAssertTrue(FileManager.default.fileExists(atPath: path), "a file opened from elsewhere is only closed")
            XCTAssertTrue(fileCalendars.isEmpty)
            XCTAssertEqual(controller.settings.settings.keptFiles, [], "closed: no longer opened at start")
        }
    }

    /// A calendar file the user may not write (mode 0444) is read-only in the window, and said
    /// so in the calendars list (issue 22: saves used to replace it).
    func testAWriteProtectedFileIsReadOnly() throws {
        let path = try calendar("locked.ics", events: event("a", "20261110", "Review"))
        XCTAssertEqual(chmod(path, 0o444), 0)
        MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(parsing: "2026-11"))
            XCTAssertEqual(fileCalendars.first?.isReadOnly, true)
            let list = controller.calendarsList
            list.popover.render(fileCalendars, hidden: [])
            XCTAssertEqual(list.popover.rows.first?.caption.text, "Read-only")
            XCTAssertEqual(controller.editing.writableCalendars.count, 0, "no editor offers it")
        }
    }

    /// A kept file that is gone is forgotten at the next start, with a word saying so.
    func testAKeptFileThatIsGoneIsForgottenAndSaid() throws {
        let path = try calendar("elsewhere.ics", events: event("a", "20261110", "Review"))
        try MainActor.assumeIsolated {
            _ = openWindow([], month: YearMonth(parsing: "2026-11"))
            controller.keep([path, "/nowhere/gone.ics"])
            let kept = controller.keptFilesToOpen()
            XCTAssertEqual(kept.paths, [path])
            XCTAssertEqual(kept.problems, ["/nowhere/gone.ics is no longer there; Koyomi stopped opening it"])
            XCTAssertEqual(controller.settings.settings.keptFiles, [CalendarID(path)])
        }
    }

    func testImportGoesThroughTheChildMergesAndCanBeUndone() throws {
        let mine = try calendar("mine.ics", events: event("shared", "20261110", "Old title", sequence: 1))
        let incoming = try calendar("incoming.ics", events: event("shared", "20261110", "New title", sequence: 2)
                                    + event("fresh", "20261112", "Concert"))
        let before = try String(contentsOfFile: mine, encoding: .utf8)
        try MainActor.assumeIsolated {
            _ = openWindow([mine], month: YearMonth(parsing: "2026-11"))
            let chooser = try chooseTarget(importing: incoming)
            XCTAssertEqual(chooser.rowNames, ["New calendar “incoming”", "mine"],
                           "the file names a calendar not open here: a new one is offered first")
            XCTAssertEqual(chooser.chosenIndex, 0)
            chooser.choose(1)
            chooser.dialog.respond("import")
            waitForSaves()
            XCTAssertEqual(fileCalendars.map(\.name), ["mine"], "no calendar was made")
            XCTAssertEqual(window.currentToast?.title, "Imported incoming.ics: 1 added, 1 updated, 0 skipped")
            cell("2026-11-10").button.click()
            XCTAssertEqual(rowTitles, ["New title"], "the newer copy replaced the older")
            cell("2026-11-12").button.click()
            XCTAssertEqual(rowTitles, ["Concert"])

            try XCTUnwrap(window.currentToast).clickButton()
            waitForSaves()
            XCTAssertEqual(rowTitles, [], "Undo takes the whole import back")
            cell("2026-11-10").button.click()
            XCTAssertEqual(rowTitles, ["Old title"])
            let after = try String(contentsOfFile: mine, encoding: .utf8)
            XCTAssertTrue(after.contains("SUMMARY:Old title") && !after.contains("Concert"), after)
            XCTAssertNotEqual(before, after, "(restored as a new revision)")
        }
    }

    /// Imports the file at `path` and returns the question that asks which calendar takes it,
    /// once the child process has read the file.
    @MainActor
    private func chooseTarget(importing path: String, file: StaticString = #filePath,
                              line: UInt = #line) throws -> ImportTargetDialog {
        controller.importer.importFiles([path])
        var idle = false
        controller.importer.whenIdle { idle = true }
        XCTAssertTrue(MainLoop.iterate(until: { idle }, timeout: 20), "the child process answered", file: file, line: line)
        return try XCTUnwrap(controller.importer.targetDialog, "the user is asked which calendar", file: file, line: line)
    }

    /// A file named as no calendar here is, imported into a new calendar of its name and colour:
    /// its own file in the user's folder, listed with the others; Undo takes back the calendar
    /// and its plans as one step, Redo brings both back (issue 35).
    func testAnImportCanGoIntoANewCalendarNamedAfterTheFile() throws {
        let mine = try calendar("mine.ics", events: event("a", "20261110", "Dentist"))
        let work = try calendar("work.ics")
        let concerts = try writeCalendar("export-2026.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Other//EN\r\n"
                                         + "X-WR-CALNAME:Concerts\r\nX-APPLE-CALENDAR-COLOR:#9141ACFF\r\n"
                                         + event("c1", "20261112", "Symphony") + event("c2", "20261120", "Jazz night")
                                         + "END:VCALENDAR\r\n")
        let before = try String(contentsOfFile: mine, encoding: .utf8)
        try MainActor.assumeIsolated {
            _ = openWindow([mine, work], month: YearMonth(parsing: "2026-11"))
            let chooser = try chooseTarget(importing: concerts)
            XCTAssertEqual(chooser.dialog.body, "Add the plans of export-2026.ics (2 plans) to which calendar?")
            XCTAssertEqual(chooser.rowNames, ["New calendar “Concerts”", "mine", "work"])
            XCTAssertEqual(chooser.rows.map(\.row.accessibleLabel), ["New calendar “Concerts”", "mine", "work"],
                           "each row has the name a screen reader says")
            XCTAssertEqual(chooser.chosenIndex, 0, "the new calendar is chosen to begin with")
            chooser.dialog.respond("import")
            waitForSaves()
            XCTAssertEqual(fileCalendars.map(\.name), ["mine", "work", "Concerts"])
            let made = try XCTUnwrap(fileCalendars.last)
            XCTAssertEqual(made.color, "#9141AC", "the file's colour")
            XCTAssertTrue(storage.isUserCalendar(made.id.rawValue), "a calendar of the user's own")
            let text = try String(contentsOfFile: made.id.rawValue, encoding: .utf8)
            XCTAssertTrue(text.contains("X-WR-CALNAME:Concerts\r\n"), text)
            XCTAssertTrue(text.contains("SUMMARY:Symphony") && text.contains("SUMMARY:Jazz night"), text)
            XCTAssertEqual(window.currentToast?.title, "Imported export-2026.ics: 2 added, 0 updated, 0 skipped")
            cell("2026-11-12").button.click()
            XCTAssertEqual(window.planList.rows.map(\.calendarName), ["Concerts"])

            try XCTUnwrap(window.currentToast).clickButton()
            waitForSaves()
            XCTAssertEqual(fileCalendars.map(\.name), ["mine", "work"], "Undo takes the new calendar back")
            XCTAssertFalse(FileManager.default.fileExists(atPath: made.id.rawValue), "with its file")
            XCTAssertEqual(rowTitles, [])
            window.window.activateAction("win.redo")
            XCTAssertTrue(MainLoop.iterate(until: { self.fileCalendars.count == 3 && self.rowTitles == ["Symphony"] },
                                           timeout: 10), "Redo brings the calendar back with its plans: \(rowTitles)")
            XCTAssertEqual(try String(contentsOfFile: made.id.rawValue, encoding: .utf8), text)
        }
        XCTAssertEqual(try String(contentsOfFile: mine, encoding: .utf8), before, "the other calendars are untouched")
    }

    /// A file without X-WR-CALNAME offers a calendar named after the file; Cancel changes nothing.
    func testAFileWithoutANameOffersItsFileNameAndCancelChangesNothing() throws {
        let mine = try calendar("mine.ics", events: event("a", "20261110", "Dentist"))
        let dinners = try writeCalendar("team-dinners.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Other//EN\r\n"
                                        + event("d1", "20261112", "Dinner") + "END:VCALENDAR\r\n")
        let before = try String(contentsOfFile: mine, encoding: .utf8)
        try MainActor.assumeIsolated {
            _ = openWindow([mine], month: YearMonth(parsing: "2026-11"))
            let chooser = try chooseTarget(importing: dinners)
            XCTAssertEqual(chooser.rowNames, ["New calendar “team-dinners”", "mine"])
            chooser.dialog.respond("cancel")
            waitForSaves()
            XCTAssertNil(controller.importer.targetDialog)
            XCTAssertEqual(fileCalendars.map(\.name), ["mine"])
        }
        XCTAssertEqual(try String(contentsOfFile: mine, encoding: .utf8), before)
    }

    /// Two files dropped at once ask twice; the question asked first still imports its own
    /// file when the second is open too.
    func testTwoFilesDroppedAtOnceAreEachAskedFor() throws {
        let mine = try calendar("mine.ics")
        let first = try writeCalendar("first.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Other//EN\r\n"
                                      + event("f", "20261112", "First") + "END:VCALENDAR\r\n")
        let second = try writeCalendar("second.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Other//EN\r\n"
                                       + event("s", "20261112", "Second") + "END:VCALENDAR\r\n")
        try MainActor.assumeIsolated {
            _ = openWindow([mine], month: YearMonth(parsing: "2026-11"))
            controller.importer.importFiles([first, second])
            var idle = false
            controller.importer.whenIdle { idle = true }
            XCTAssertTrue(MainLoop.iterate(until: { idle }, timeout: 20))
            // The children answer in either order: the question asked first is answered first.
            let asked = controller.importer.targetDialogs
            XCTAssertEqual(Set(asked.compactMap(\.rowNames.first)), ["New calendar “first”", "New calendar “second”"])
            let earlier = try XCTUnwrap(asked.first)
            let title = earlier.rowNames[0] == "New calendar “first”" ? "First" : "Second"
            earlier.choose(1)
            earlier.dialog.respond("import")
            waitForSaves()
            cell("2026-11-12").button.click()
            XCTAssertEqual(rowTitles, [title], "the earlier question's answer imports its file")
            XCTAssertEqual(controller.importer.targetDialogs.count, 1, "the other question stays")
            controller.importer.targetDialog?.dialog.respond("cancel")
            XCTAssertTrue(controller.importer.targetDialogs.isEmpty)
            XCTAssertEqual(fileCalendars.map(\.name), ["mine"])
        }
    }

    func testABrokenImportChangesNothingAndSaysWhy() throws {
        let mine = try calendar("mine.ics", events: event("a", "20261110", "Dentist"))
        let broken = try writeCalendar("broken.ics", "this is not a calendar at all\n")
        let before = try String(contentsOfFile: mine, encoding: .utf8)
        MainActor.assumeIsolated {
            _ = openWindow([mine], month: YearMonth(parsing: "2026-11"))
            controller.importer.importFiles([broken])
            var idle = false
            controller.importer.whenIdle { idle = true }
            XCTAssertTrue(MainLoop.iterate(until: { idle }, timeout: 20))
            XCTAssertTrue(window.errors.messages.contains { $0.hasPrefix("broken.ics was not imported: ") },
                          "\(window.errors.messages)")
        }
        XCTAssertEqual(try String(contentsOfFile: mine, encoding: .utf8), before, "the user's file is untouched")
    }
}
