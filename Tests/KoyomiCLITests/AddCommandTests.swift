@testable import FileSafety
import Foundation
@testable import KoyomiCLI
import XCTest

final class AddCommandTests: CLITestCase {
    private var personalPath: String { calendarsFolder.appendingPathComponent("personal.ics").path }

    func testFirstRunCreatesPersonalAndThePlanRoundTripsThroughList() throws {
        let added = run("add", "--title", "Standup", "--start", "2026-11-10T09:30", "--end", "2026-11-10T09:45")
        XCTAssertEqual(added.status, 0, added.error)
        let uid = added.output.trimmingCharacters(in: .newlines)
        XCTAssertTrue(uid.hasSuffix("@koyomi"), uid)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: calendarsFolder.path), ["personal.ics"])
        let text = try String(contentsOfFile: personalPath, encoding: .utf8)
        XCTAssertTrue(text.contains("X-WR-CALNAME:Personal\r\n"))
        XCTAssertTrue(text.contains("COLOR:#3584e4\r\n"))
        XCTAssertTrue(text.contains("DTSTART;TZID=Europe/Berlin:20261110T093000\r\n"), text)
        XCTAssertTrue(text.contains("TZID:Europe/Berlin\r\n"), "the VTIMEZONE goes with it")

        XCTAssertEqual(run("list", "--date", "2026-11-10").output, "2026-11-10  09:30–09:45  Standup  [Personal]\n")
        let json = run("list", "--date", "2026-11-10", "--json").output
        XCTAssertTrue(json.contains("\"uid\" : \"\(uid)\""), json)
    }

    func testDateOnlyMakesAnAllDayPlanWithAnInclusiveEnd() throws {
        XCTAssertEqual(run("add", "--title", "Trip", "--start", "2026-11-09", "--end", "2026-11-11", "--all-day").status, 0)
        XCTAssertEqual(run("add", "--title", "Holiday", "--start", "2026-11-20").status, 0)
        let text = try String(contentsOfFile: personalPath, encoding: .utf8)
        XCTAssertTrue(text.contains("DTSTART;VALUE=DATE:20261109\r\nDTEND;VALUE=DATE:20261112\r\n"), text)
        XCTAssertTrue(text.contains("DTSTART;VALUE=DATE:20261120\r\nDTEND;VALUE=DATE:20261121\r\n"), text)
        XCTAssertEqual(run("list", "--date", "2026-11-11").output, "2026-11-11  all day, 2026-11-09–2026-11-11  Trip  [Personal]\n")
    }

    /// `--remind` (repeatable) writes display alarms that `reminders` (and other calendars) read.
    func testRemindersAreWrittenAsAlarmsAndListed() throws {
        let added = run("add", "--title", "Dentist", "--start", "2026-11-12T09:30", "--remind", "15m", "--remind", "1d",
                        "--remind", "0")
        XCTAssertEqual(added.status, 0, added.error)
        let text = try String(contentsOfFile: personalPath, encoding: .utf8)
        for trigger in ["-PT15M", "-P1D", "PT0S"] {
            XCTAssertTrue(text.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:\(trigger)\r\nDESCRIPTION:Dentist\r\nEND:VALARM\r\n"),
                          text)
        }
        XCTAssertEqual(run("reminders").output, """
        2026-11-11 09:30  Dentist  2026-11-12 09:30–10:30  [Personal]
        2026-11-12 09:15  Dentist  2026-11-12 09:30–10:30  [Personal]
        2026-11-12 09:30  Dentist  2026-11-12 09:30–10:30  [Personal]

        """)
        for bad in ["soon", "15", "-5m", "5y", "30d"] {
            let refused = run("add", "--title", "X", "--start", "2026-11-11T09:30", "--remind", bad)
            XCTAssertEqual(refused.status, 2, bad)
            XCTAssertTrue(refused.error.contains("--remind expects how long before the start"), refused.error)
        }
    }

    func testTimedPlanLastsAnHourByDefault() throws {
        XCTAssertEqual(run("add", "--title", "Call", "--start", "2026-11-10T16:00").status, 0)
        XCTAssertEqual(run("list", "--date", "2026-11-10").output, "2026-11-10  16:00–17:00  Call  [Personal]\n")
    }

    func testUTCUserWritesPlainUTC() throws {
        let utc = CLIContext(environment: context.environment, now: now, timeZone: TimeZone(identifier: "UTC")!)
        XCTAssertEqual(KoyomiCLI.run(["add", "--title", "Call", "--start", "2026-11-10T16:00"], context: utc).status, 0)
        let text = try String(contentsOfFile: personalPath, encoding: .utf8)
        XCTAssertTrue(text.contains("DTSTART:20261110T160000Z\r\n"), text)
        XCTAssertFalse(text.contains("VTIMEZONE"))
    }

    func testAddsToTheNamedOrFirstCalendarAndKeepsABackup() throws {
        let home = try writeCalendar("a-home.ics", name: "Home")
        let work = try writeCalendar("b-work.ics", name: "Work")
        let homeBefore = try Data(contentsOf: URL(fileURLWithPath: home))
        let workBefore = try Data(contentsOf: URL(fileURLWithPath: work))
        XCTAssertEqual(run("add", "--title", "Review", "--start", "2026-11-10T08:00", "--calendar", "Work").status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: home)), homeBefore)
        XCTAssertEqual(run("add", "--title", "Laundry", "--start", "2026-11-10").status, 0)
        XCTAssertEqual(run("list", "--date", "2026-11-10").output,
                       "2026-11-10  all day  Laundry  [Home]\n2026-11-10  08:00–09:00  Review  [Work]\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: personalPath), "Personal only on first run")
        let backups = BackupStore.standard(environment: context.environment).backups(of: work)
        XCTAssertEqual(backups.count, 1)
        XCTAssertEqual(try Data(contentsOf: backups[0]), workBefore)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: calendarsFolder.path).sorted(),
                       ["a-home.ics", "b-work.ics"], "nothing but calendars in calendars/")
    }

    func testBadInputWritesNothing() throws {
        try writeCalendar("work.ics", name: "Work", events:
            Self.event("standup", "Standup", start: ":20261110T083000Z", end: ":20261110T084500Z"))
        let before = snapshot()
        let cases: [([String], String)] = [
            (["--title", "X", "--start", "2026-02-30"], "2026-02-30"),
            (["--title", "X", "--start", "2026-11-10T24:00"], "24:00"),
            (["--title", "X", "--start", "2026-11-10T9:30"], "9:30"),
            (["--title", "X", "--start", "2026-11-10T10:00", "--end", "2026-11-10T09:00"], "--end is before --start"),
            (["--title", "X", "--start", "2026-11-12", "--end", "2026-11-10"], "is before --start"),
            (["--title", "X", "--start", "2026-11-10T10:00", "--all-day"], "--all-day"),
            (["--title", "X", "--start", "2026-11-10", "--end", "2026-11-10T10:00"], "--end has a time"),
            (["--title", "X", "--start", "2026-11-10T10:00", "--end", "2026-11-11"], "--end has none"),
            (["--title", "X", "--start", "2026-03-29T02:30"], "does not exist"),
            (["--title", "  ", "--start", "2026-11-10"], "--title must not be empty"),
            (["--start", "2026-11-10"], "--title is required"),
            (["--title", "X"], "--start is required"),
            (["--title", "X", "--start", "2026-11-10", "--calendar", "Gym"], "no calendar named “Gym”"),
            (["--title", "X", "--start", "2026-11-10", "--colour", "red"], "unknown option “--colour”"),
            // Free words describe the plan instead of --title; words that are all date leave no title.
            (["tomorrow at 9"], "“tomorrow at 9” leaves nothing for a title"),
            (["Lunch tomorrow", "--end", "2026-11-11T10:00"], "--end needs --start"),
            // issue 35: a range of days that ends before it starts is said, not turned round.
            (["Conference Dec 28–24"], "“Dec 28–24” ends before it starts"),
        ]
        for (arguments, message) in cases {
            assertUsageError(KoyomiCLI.run(["add"] + arguments, context: context), mentions: message)
        }
        XCTAssertEqual(snapshot(), before)
    }

    func testUnknownCalendarOnFirstRunCreatesNothing() {
        assertUsageError(run("add", "--title", "X", "--start", "2026-11-10", "--calendar", "Work"), mentions: "“Work”")
        XCTAssertEqual(snapshot(), [:])
    }

    func testUnreadableCalendarIsBadInputAndUntouched() throws {
        let path = try writeCalendar("work.ics", name: "Work")
        try Data("BEGIN:VCALENDAR\r\nno end".utf8).write(to: URL(fileURLWithPath: path))
        let before = snapshot()
        let result = run("add", "--title", "X", "--start", "2026-11-10")
        XCTAssertEqual(result.status, 2, result.error)
        XCTAssertTrue(result.error.contains("work.ics"), result.error)
        XCTAssertEqual(snapshot(), before)
    }

    func testAnotherWritersChangeIsNeverOverwritten() throws {
        let path = try writeCalendar("work.ics", name: "Work")
        let theirs = Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:Work\r\nX-THEIRS:1\r\nEND:VCALENDAR\r\n".utf8)
        var racing = context
        // Another program saves between our read and our rename.
        racing.willSave = { step in
            if step == .fsync { try? theirs.write(to: URL(fileURLWithPath: path)) }
        }
        let result = KoyomiCLI.run(["add", "--title", "X", "--start", "2026-11-10"], context: racing)
        XCTAssertEqual(result.status, 1, result.error)
        XCTAssertEqual(result.output, "")
        XCTAssertTrue(result.error.contains("changed on disk"), result.error)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), theirs)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: calendarsFolder.path), ["work.ics"],
                       "no temporary file left behind")
    }

    func testChangedOnDiskIsStatus1() {
        let error = CLIError.saving(.changedOnDisk(path: "/x/work.ics"))
        XCTAssertEqual(error.status, 1)
        XCTAssertTrue(error.message.contains("changed on disk"))
        XCTAssertEqual(CLIError.saving(.system(path: "/x", operation: "rename", errno: EIO)).status, 1)
    }
}

/// `add` and `remove` edit through `CalendarFile`: a change by another program between our
/// read and our rename is kept, and our edit is applied on top of it.
final class AddCommandRaceTests: CLITestCase {
    func testAnotherWritersSingleChangeIsKeptAndThePlanAddedToIt() throws {
        let path = try writeCalendar("work.ics", name: "Work")
        let theirs = Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME:Work\r\n"
                           + Self.event("theirs", "Theirs", start: ";VALUE=DATE:20261110", end: ";VALUE=DATE:20261111")
                           + "END:VCALENDAR\r\n").utf8)
        let once = OnceFlag()
        var racing = context
        racing.willSave = { step in
            if step == .fsync, once.take() { try? theirs.write(to: URL(fileURLWithPath: path)) }
        }
        let result = KoyomiCLI.run(["add", "--title", "Ours", "--start", "2026-11-10"], context: racing)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertEqual(run("list", "--date", "2026-11-10").output,
                       "2026-11-10  all day  Ours  [Work]\n2026-11-10  all day  Theirs  [Work]\n")
    }
}

private final class OnceFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var taken = false

    func take() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        defer { taken = true }
        return !taken
    }
}

/// issue 20: plans described in plain words.
final class AddInWordsTests: CLITestCase {
    /// issue 20: `add "Lunch with Ann tomorrow 12:30"`, with --dry-run showing what it would add.
    func testAPlanInPlainWordsIsAddedAndADryRunWritesNothing() throws {
        let preview = run("add", "Standup every weekday 9:30 @ Room 4", "--remind", "5m", "--dry-run")
        XCTAssertEqual(preview.status, 0, preview.error)
        XCTAssertEqual(snapshot(), [:], "a dry run writes nothing")
        // Now is Tuesday 2026-11-10 12:00 in Berlin: 9:30 has passed, so from Wednesday.
        for expected in [#""title" : "Standup""#, #""start" : "2026-11-11T09:30:00+01:00""#, #""location" : "Room 4""#,
                         #""repeat" : "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR""#, #""remindersBefore" : ["#,
                         #""understood" : ["#, #""every weekday""#] {
            XCTAssertTrue(preview.output.contains(expected), "\(expected) in \(preview.output)")
        }

        let added = run("add", "Lunch with Ann tomorrow 12:30")
        XCTAssertEqual(added.status, 0, added.error)
        XCTAssertEqual(run("list", "--date", "2026-11-11").output, "2026-11-11  12:30–13:30  Lunch with Ann  [Personal]\n")
        // Flags win over words.
        XCTAssertEqual(run("add", "Dinner tomorrow 19:00", "--title", "Dinner with Ben", "--start", "2026-11-12T20:00").status, 0)
        XCTAssertEqual(run("list", "--date", "2026-11-12").output, "2026-11-12  20:00–21:00  Dinner with Ben  [Personal]\n")
    }

    /// issue 35: "Conference 2026-12-24 to 2026-12-28" is one all-day plan over the five days
    /// (DTEND the day after the last), not a time "12-28".
    func testARangeOfDaysInWordsIsOneAllDayPlan() throws {
        let added = run("add", "Conference 2026-12-24 to 2026-12-28")
        XCTAssertEqual(added.status, 0, added.error)
        let text = try String(contentsOf: calendarsFolder.appendingPathComponent("personal.ics"), encoding: .utf8)
        XCTAssertTrue(text.contains("SUMMARY:Conference\r\n"), text)
        XCTAssertTrue(text.contains("DTSTART;VALUE=DATE:20261224\r\nDTEND;VALUE=DATE:20261229\r\n"), text)
        XCTAssertEqual(run("list", "--date", "2026-12-28").output,
                       "2026-12-28  all day, 2026-12-24–2026-12-28  Conference  [Personal]\n")
    }
}
