import CalendarEditing
import Foundation
@testable import KoyomiCLI
import XCTest

/// `koyomi export [--calendar NAME] [-o FILE]`.
final class ExportCommandTests: CLITestCase {
    func testOneCalendarIsExportedByteForByte() throws {
        let path = try writeCalendar("work.ics", name: "Work", events: Self.event("a", "A", start: ";VALUE=DATE:20261110",
                                                                                  end: ";VALUE=DATE:20261111", extra: "X-KEEP:\\,as is\r\n"))
        try writeCalendar("home.ics", name: "Home", events: Self.event("h", "H", start: ":20261110T090000Z", end: ":20261110T100000Z"))
        let result = run("export", "--calendar", "Work")
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.output, try String(contentsOfFile: path, encoding: .utf8))
    }

    func testAllCalendarsMergeIntoOne() throws {
        try writeCalendar("work.ics", name: "Work", events: Self.event("a", "A", start: ":20261110T090000Z", end: ":20261110T100000Z"))
        try writeCalendar("home.ics", name: "Home", events: Self.event("h", "H", start: ":20261110T090000Z", end: ":20261110T100000Z"))
        let result = run("export")
        XCTAssertEqual(result.status, 0, result.error)
        let document = try CalendarDocument(text: result.output, timeZone: zone)
        XCTAssertEqual(document.eventUIDs, ["h", "a"], "calendars by file name")
        XCTAssertEqual(result.output.components(separatedBy: "BEGIN:VCALENDAR").count, 2, "one calendar")
    }

    func testOutputFileIsWrittenAndNeverIntoTheCalendarsFolder() throws {
        let work = try writeCalendar("work.ics", name: "Work", events: Self.event("a", "A", start: ":20261110T090000Z",
                                                                                  end: ":20261110T100000Z"))
        let target = dataHome.appendingPathComponent("out.ics").path
        let result = run("export", "-o", target)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.output, "Exported 1 plan from 1 calendar to \(target)\n")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: target)), try Data(contentsOf: URL(fileURLWithPath: work)))
        // Again over the old export: allowed, atomically.
        XCTAssertEqual(run("export", "--output", target).status, 0)

        let before = snapshot()
        let inside = calendarsFolder.appendingPathComponent("copy.ics").path
        assertUsageError(run("export", "-o", inside), mentions: "will not write into your calendars folder")
        // Also not through a symlinked folder.
        let link = dataHome.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: calendarsFolder)
        assertUsageError(run("export", "-o", link.appendingPathComponent("copy.ics").path), mentions: "calendars folder")
        try FileManager.default.removeItem(at: link)
        XCTAssertEqual(snapshot(), before)
    }

    func testNoCalendarsOrUnknownNameIsBadUsage() throws {
        assertUsageError(run("export"), mentions: "no calendars yet")
        try writeCalendar("work.ics", name: "Work")
        assertUsageError(run("export", "--calendar", "Nope"), mentions: "no calendar named “Nope”")
        assertUsageError(run("export", "extra"), mentions: "unexpected argument")
        assertUsageError(run("export", "-o"), mentions: "needs a value")
    }

    func testHelp() {
        let help = run("export", "-h")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.hasPrefix("Usage: koyomi export [--calendar NAME] [-o FILE.ics]"), help.output)
    }
}
