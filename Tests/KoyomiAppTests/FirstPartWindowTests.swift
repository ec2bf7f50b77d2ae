import CalendarModel
import CalendarVetting
import Foundation
import GtkKit
import ICalendarReading
@testable import KoyomiApp
import TestSupport
import XCTest

/// The first open of a large calendar (issue 21): the months around the visible one are shown
/// while the rest of the file is read, read-only until then; a file that fails after its first
/// months were shown is taken away again and named.
///
/// The parsing child is the real `koyomi --parse-ics` behind a gate: a script passes on the
/// first part at once and holds the rest until the test opens the gate ("go"), or dies of a
/// crash at it ("crash"), so the window is seen in between without any timing.
final class FirstPartWindowTests: AppTestCase, @unchecked Sendable {
    private var gate = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        gate = directory.appendingPathComponent("gate").path
        XCTAssertEqual(mkfifo(gate, 0o600), 0)
        let script = directory.appendingPathComponent("gated-child").path
        try Data("""
        #!/usr/bin/env python3
        import os, signal, subprocess, sys
        out = subprocess.run([\(pythonString(TestEnvironment.koyomiBinary.path))] + sys.argv[1:], stdout=subprocess.PIPE)
        tag = b"KOYOMI-FIRST-PART\\n"
        cut = len(tag) + 8 + int.from_bytes(out.stdout[len(tag):len(tag) + 8], "little") if out.stdout.startswith(tag) else 0
        sys.stdout.buffer.write(out.stdout[:cut])
        sys.stdout.flush()
        with open(\(pythonString(gate))) as gate:
            if gate.read().startswith("crash"):
                os.kill(os.getpid(), signal.SIGSEGV)
        sys.stdout.buffer.write(out.stdout[cut:])
        sys.exit(out.returncode)

        """.utf8).write(to: URL(fileURLWithPath: script))
        XCTAssertEqual(chmod(script, 0o755), 0)
        childExecutable = script
    }

    func testTheFirstMonthsAreShownReadOnlyWhileTheRestIsRead() throws {
        let path = try largeCalendar()
        MainActor.assumeIsolated {
            let controller = openWindow([], month: YearMonth(year: 2026, month: 11))
            var result: CalendarLoader.Result?
            controller.open(paths: [path], prefetched: readAhead(path, controller)) { result = $0 }
            XCTAssertTrue(MainLoop.iterate(until: { !self.cell("2026-11-14").visibleDotClasses.isEmpty }, timeout: 30),
                          "the first months' dots are shown")
            XCTAssertNil(result, "the rest is still being read")
            XCTAssertEqual(fileCalendars.map(\.isLoading), [true])
            XCTAssertEqual(fileCalendars.map(\.isReadOnly), [true], "no edit until the whole file is read")
            let list = controller.calendarsList
            list.popover.render(fileCalendars, hidden: [])
            XCTAssertEqual(list.popover.rows.first?.caption.text, "Still being read")
            let concert = controller.store.plans(on: CalendarDay(parsing: "2026-11-14")!)
            XCTAssertEqual(concert.map(\.plan.title), ["Concert"])
            XCTAssertNil(controller.coordinator.editingToMove(concert[0]), "a drag moves nothing yet")
            XCTAssertEqual(window.currentToast?.title, "This calendar is still being read: its plans can be moved in a moment")
            XCTAssertEqual(said("2026-11-14", "Saturday, November 14, 2026", ending: "1 plan"), "Saturday, November 14, 2026: 1 plan")
            controller.store.showMonth(YearMonth(year: 2027, month: 3)!)
            XCTAssertEqual(said("2027-03-10", "Wednesday, March 10, 2027"), "Wednesday, March 10, 2027: no plans", "a month not read yet shows no plans")

            open(gate, answer: "go")
            XCTAssertTrue(MainLoop.iterate(until: { result != nil }, timeout: 30), "the whole file is read")
            XCTAssertEqual(result?.errors, [])
            XCTAssertEqual(fileCalendars.map(\.isLoading), [false])
            XCTAssertEqual(fileCalendars.map(\.isReadOnly), [false])
            list.popover.render(fileCalendars, hidden: [])
            XCTAssertEqual(list.popover.rows.first?.caption.isVisible, false, "an ordinary calendar now")
            XCTAssertEqual(said("2027-03-10", "Wednesday, March 10, 2027", ending: "1 plan"), "Wednesday, March 10, 2027: 1 plan", "every month now")
            controller.store.showMonth(YearMonth(year: 2026, month: 11)!)
            XCTAssertEqual(said("2026-11-14", "Saturday, November 14, 2026", ending: "1 plan"), "Saturday, November 14, 2026: 1 plan")
        }
    }

    func testAFileThatFailsAfterItsFirstMonthsIsTakenAwayAndNamed() throws {
        let path = try largeCalendar()
        MainActor.assumeIsolated {
            let controller = openWindow([], month: YearMonth(year: 2026, month: 11))
            var result: CalendarLoader.Result?
            controller.open(paths: [path], prefetched: readAhead(path, controller)) { result = $0 }
            XCTAssertTrue(MainLoop.iterate(until: { !self.cell("2026-11-14").visibleDotClasses.isEmpty }, timeout: 30))
            open(gate, answer: "crash")
            XCTAssertTrue(MainLoop.iterate(until: { result != nil }, timeout: 30))
            XCTAssertEqual(result?.sources.count, 0)
            XCTAssertEqual(fileCalendars, [], "what was shown of it is taken away")
            XCTAssertEqual(cell("2026-11-14").visibleDotClasses, [])
            XCTAssertTrue(window.errors.text.contains("large.ics: made the iCalendar parser crash"), window.errors.text)
        }
    }

    // MARK: - Helpers

    /// What a screen reader says for `day`'s cell once the cells' names, sent after the
    /// paint, have reached its `date` (and end in `ending`, when given).
    @MainActor
    private func said(_ day: String, _ date: String, ending: String? = nil) -> String? {
        _ = MainLoop.iterate(until: {
            guard let label = self.cell(day).button.accessibleLabel, label.hasPrefix(date) else { return false }
            return ending.map { label.hasSuffix($0) } ?? true
        }, timeout: 10)
        return cell(day).button.accessibleLabel
    }

    /// Over 256 KiB, with the only plans of November 14, 2026 and March 10, 2027.
    private func largeCalendar() throws -> String {
        try writeCalendar("large.ics", LargeCalendarText.text(with: [
            LargeCalendarText.event(uid: "concert", lines: "DTSTART;VALUE=DATE:20261114\r\nSUMMARY:Concert"),
            LargeCalendarText.event(uid: "march", lines: "DTSTART;VALUE=DATE:20270310\r\nSUMMARY:In March"),
        ]))
    }

    /// The file read ahead as the app reads it at start-up, its first part the window's
    /// months (October to December 2026).
    @MainActor
    private func readAhead(_ path: String, _ controller: WindowController) -> ICalendarPrefetch {
        let loader = CalendarLoader(timeZone: currentZone, parseGuard: controller.storage.parseGuard,
                                    scheduler: loadScheduler)
        var options = loader.options(for: path)
        options.firstPart = FirstPart(interval: DateInterval(start: Date(timeIntervalSince1970: 1_790_812_800),
                                                             end: Date(timeIntervalSince1970: 1_798_761_600)))
        return ICalendarPrefetch([(path, options)])
    }

    /// Opens the gate with `answer`: the child reads it and goes on.
    private func open(_ gate: String, answer: String) {
        let handle = FileHandle(forWritingAtPath: gate)
        handle?.write(Data(answer.utf8))
        try? handle?.close()
    }

    private func pythonString(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
