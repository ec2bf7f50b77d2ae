import Foundation
@testable import KoyomiCLI
import XCTest

final class RemoveCommandTests: CLITestCase {
    func testRemovesEveryOccurrenceAndOverrideAndKeepsTheRest() throws {
        let path = try writeCalendar("work.ics", name: "Work", events:
            Self.event("swim", "Swim", start: ":20261102T170000Z", end: ":20261102T180000Z", extra: "RRULE:FREQ=WEEKLY;COUNT=3\r\n")
            + Self.event("swim", "Swim (moved)", start: ":20261110T170000Z", end: ":20261110T180000Z",
                         extra: "RECURRENCE-ID:20261109T170000Z\r\n")
            + Self.event("standup", "Standup", start: ":20261110T083000Z", end: ":20261110T084500Z")
            + "BEGIN:VTODO\r\nUID:todo\r\nX-ODD:kept\\,as is\r\nEND:VTODO\r\n")
        let result = run("remove", "swim")
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.output, "Removed “Swim” (swim) from Work\n")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertFalse(text.contains("UID:swim"))
        XCTAssertTrue(text.contains("BEGIN:VTODO\r\nUID:todo\r\nX-ODD:kept\\,as is\r\nEND:VTODO\r\n"))
        XCTAssertEqual(run("list", "--month", "2026-11").output, "2026-11-10  09:30–09:45  Standup  [Work]\n")
    }

    func testAddedPlanCanBeRemoved() {
        let uid = run("add", "--title", "Call", "--start", "2026-11-10T16:00").output.trimmingCharacters(in: .newlines)
        XCTAssertEqual(run("remove", uid, "--calendar", "Personal").output, "Removed “Call” (\(uid)) from Personal\n")
        XCTAssertEqual(run("list", "--date", "2026-11-10").output, "")
    }

    func testBadInputWritesNothing() throws {
        try writeCalendar("work.ics", name: "Work", events:
            Self.event("standup", "Standup", start: ":20261110T083000Z", end: ":20261110T084500Z"))
        try writeCalendar("home.ics", name: "Home", events:
            Self.event("shared", "Shared", start: ";VALUE=DATE:20261110", end: ";VALUE=DATE:20261111"))
        try writeCalendar("zwork.ics", name: "Other", events:
            Self.event("shared", "Shared", start: ";VALUE=DATE:20261110", end: ";VALUE=DATE:20261111"))
        let before = snapshot()
        assertUsageError(run("remove", "nope"), mentions: "no plan with UID “nope”")
        assertUsageError(run("remove", "standup", "--calendar", "Home"), mentions: "in “Home”")
        assertUsageError(run("remove", "standup", "--calendar", "Gym"), mentions: "no calendar named “Gym”")
        assertUsageError(run("remove"), mentions: "UID")
        assertUsageError(run("remove", "a", "b"), mentions: "unexpected argument “b”")
        assertUsageError(run("remove", "shared"), mentions: "several calendars")
        XCTAssertEqual(snapshot(), before)
        XCTAssertEqual(run("remove", "shared", "--calendar", "Other").status, 0)
    }

    func testUnknownCommandAndHelp() {
        XCTAssertEqual(run("remove", "--help").status, 0)
        XCTAssertTrue(run("add", "-h").output.hasPrefix("Usage: koyomi add"))
        XCTAssertEqual(KoyomiCLI.run(["export"], context: context).status, 2)
    }
}
