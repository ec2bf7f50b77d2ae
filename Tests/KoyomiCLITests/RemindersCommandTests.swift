import Foundation
@testable import KoyomiCLI
import TestSupport
import XCTest

/// `koyomi reminders`: what comes due from now (2026-11-10 12:00 in Berlin), soonest first.
final class RemindersCommandTests: CLITestCase {
    private func alarm(_ trigger: String) -> String {
        "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:\(trigger)\r\nEND:VALARM\r\n"
    }

    private func writeAlarms() throws {
        try writeCalendar("work.ics", name: "Work", events:
            Self.event("review", "Review", start: ":20261110T140000Z", end: ":20261110T150000Z", extra: alarm("-PT15M"))
            + Self.event("past", "Already over", start: ":20261110T080000Z", end: ":20261110T090000Z", extra: alarm("-PT15M"))
            + Self.event("standup", "Standup", start: ";TZID=Europe/Berlin:20261111T093000",
                         end: ";TZID=Europe/Berlin:20261111T094500",
                         extra: "RRULE:FREQ=WEEKLY;COUNT=3\r\n" + alarm("-PT5M")))
        try writeCalendar("home.ics", name: "Home", events:
            Self.event("trip", "Trip", start: ";VALUE=DATE:20261113", end: ";VALUE=DATE:20261115", extra: alarm("-PT6H")))
    }

    func testTheNextWeeksRemindersSoonestFirst() throws {
        try writeAlarms()
        let result = run("reminders")
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(result.output, """
        2026-11-10 14:45  Review  2026-11-10 15:00–16:00  [Work]
        2026-11-11 09:25  Standup  2026-11-11 09:30–09:45  [Work]
        2026-11-12 18:00  Trip  2026-11-13 all day, 2026-11-13–2026-11-14  [Home]

        """)
        let longer = run("reminders", "--days", "14", "--calendar", "Work")
        XCTAssertEqual(longer.output.split(separator: "\n").map { String($0.prefix(16)) },
                       ["2026-11-10 14:45", "2026-11-11 09:25", "2026-11-18 09:25"])
    }

    func testJSONNamesTheDueTimeAndThePlan() throws {
        try writeAlarms()
        let result = run("reminders", "--days", "1", "--json")
        XCTAssertEqual(result.status, 0, result.error)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.count, 2, "a day from now: the review today and tomorrow morning's standup")
        XCTAssertEqual(rows.first?["due"] as? String, "2026-11-10T14:45:00+01:00")
        XCTAssertEqual(rows.first?["snoozed"] as? Bool, false)
        let plan = try XCTUnwrap(rows.first?["plan"] as? [String: Any])
        XCTAssertEqual(plan["uid"] as? String, "review")
        XCTAssertEqual(plan["calendar"] as? String, "Work")
    }

    func testBadArgumentsAreSaidInWords() {
        for days in ["0", "400", "soon"] {
            let result = run("reminders", "--days", days)
            XCTAssertEqual(result.status, 2)
            XCTAssertEqual(result.error, "koyomi reminders: --days expects a whole number of days from 1 to 366, got “\(days)”\n")
        }
        XCTAssertTrue(run("reminders", "--help").output.hasPrefix("Usage: koyomi reminders"))
    }
}
