import Foundation
@testable import KoyomiCLI
import XCTest

/// `koyomi import FILE [--calendar NAME]`, vetted through the real `koyomi --vet-ics` child.
final class ImportCommandTests: CLITestCase {
    private func incoming(_ events: String, name: String = "incoming.ics") throws -> String {
        let url = dataHome.appendingPathComponent(name)
        try Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Other//EN\r\n" + events + "END:VCALENDAR\r\n").utf8).write(to: url)
        return url.path
    }

    private static func event(_ uid: String, _ title: String, sequence: Int = 0, extra: String = "") -> String {
        event(uid, title, start: ":20261110T090000Z", end: ":20261110T100000Z", extra: "SEQUENCE:\(sequence)\r\n" + extra)
    }

    func testImportAddsUpdatesAndSaysWhySomethingWasSkipped() throws {
        try writeCalendar("work.ics", name: "Work", events: Self.event("same", "Same") + Self.event("old", "Old")
                          + Self.event("mine", "Mine", sequence: 5))
        let file = try incoming(Self.event("new", "New") + Self.event("same", "Same") + Self.event("old", "Old v2", sequence: 1)
                                + Self.event("mine", "Mine v0", sequence: 1) + "BEGIN:VTODO\r\nUID:todo\r\nSUMMARY:Milk\r\nEND:VTODO\r\n")
        let result = run("import", file)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.error, "")
        XCTAssertEqual(result.output, """
            Imported into Work: 2 added, 1 updated, 2 skipped
              among them, kept as written though not shown as plans: 1 VTODO
              skipped “Same” (same): already up to date
              skipped “Mine v0” (mine): your copy is newer

            """)
        let listed = run("list", "--date", "2026-11-10").output
        XCTAssertEqual(listed, """
            2026-11-10  10:00–11:00  Mine  [Work]
            2026-11-10  10:00–11:00  New  [Work]
            2026-11-10  10:00–11:00  Old v2  [Work]
            2026-11-10  10:00–11:00  Same  [Work]

            """)
    }

    func testPartlyBrokenFileImportsTheRestAndReportsOnStderr() throws {
        try writeCalendar("work.ics", name: "Work")
        let file = try incoming(Self.event("good", "Good") + "BEGIN:VEVENT\r\nUID:nostart\r\nSUMMARY:Someday\r\nEND:VEVENT\r\n")
        let result = run("import", file)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.output, "Imported into Work: 1 added, 0 updated, 0 skipped\n")
        // The part, the line of the file it begins on, and why, in words.
        XCTAssertEqual(result.error, "koyomi import: \(file): 1 part could not be read and was left out:\n"
            + "  “Someday” (nostart), line \(Self.event("good", "Good").components(separatedBy: "\r\n").count + 3): "
            + "it has no DTSTART\n")
    }

    func testBrokenInputIsStatus2AndChangesNothing() throws {
        try writeCalendar("work.ics", name: "Work", events: Self.event("a", "A"))
        let before = snapshot()
        let unbalanced = try incoming("BEGIN:VEVENT\r\nUID:x\r\nEND:VEVENT\r\nEND:VEVENT\r\n", name: "bad.ics")
        let result = run("import", unbalanced)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.error.hasPrefix("koyomi import: \(unbalanced): "), result.error)
        XCTAssertEqual(result.output, "")

        let nothingReadable = try incoming("BEGIN:VEVENT\r\nUID:n\r\nSUMMARY:No start\r\nEND:VEVENT\r\n", name: "none.ics")
        let none = run("import", nothingReadable)
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.error.contains("no event could be read"), none.error)

        assertUsageError(run("import", dataHome.appendingPathComponent("missing.ics").path), mentions: "does not exist")
        assertUsageError(run("import"), mentions: "which file")
        // Inputs here were written under dataHome: compare only the calendars and backups.
        XCTAssertEqual(snapshot().filter { $0.key.hasPrefix("koyomi") }, before.filter { $0.key.hasPrefix("koyomi") })
    }

    func testImportIntoANamedCalendarAndOnFirstRunIntoPersonal() throws {
        let file = try incoming(Self.event("e", "Event"))
        let first = run("import", file)
        XCTAssertEqual(first.status, 0, first.error)
        XCTAssertEqual(first.output, "Imported into Personal: 1 added, 0 updated, 0 skipped\n")

        try writeCalendar("work.ics", name: "Work")
        XCTAssertEqual(run("import", file, "--calendar", "work").output, "Imported into Work: 1 added, 0 updated, 0 skipped\n")
        assertUsageError(run("import", file, "--calendar", "Nope"), mentions: "no calendar named “Nope”")
    }

    func testAChildOverItsLimitGivesAClearMessage() throws {
        try writeCalendar("work.ics", name: "Work")
        let file = try incoming(Self.event("e", "Event"))
        var limited = context
        limited.vetLimits.memoryBytes = 1 << 20
        let result = KoyomiCLI.run(["import", file], context: limited)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.error, "koyomi import: \(file): needs too much memory\n")
    }

    func testHelp() {
        let help = run("import", "--help")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.hasPrefix("Usage: koyomi import FILE.ics [--calendar NAME]"), help.output)
    }
}
