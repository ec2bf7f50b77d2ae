import Foundation
import TestSupport
import XCTest

/// `koyomi tasks`, `add --task` and `done` through the real `koyomi` binary, at a pinned
/// instant (Tuesday 2026-11-10 12:00 in Berlin), zone and locale, on files as Thunderbird,
/// Nextcloud Tasks, Apple Reminders and tasks.org write them.
final class TasksCommandTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../ICalendarTests/Fixtures").standardizedFileURL
    private let pinned = ["KOYOMI_NOW": "2026-11-10T11:00:00Z", "TZ": "Europe/Berlin", "LANG": "C.UTF-8"]
    private var dataHome: URL!

    override func setUpWithError() throws {
        dataHome = try TestEnvironment.makeFolder("koyomi-cli-tasks")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dataHome)
    }

    private var calendars: URL { dataHome.appendingPathComponent("koyomi/calendars") }

    private func koyomi(_ arguments: String..., environment: [String: String] = [:]) throws -> ProcessOutput {
        try TestEnvironment.koyomi(arguments, dataHome: dataHome, environment: pinned.merging(environment) { $1 }, timeout: 60)
    }

    /// Copies fixtures into the calendars folder under the given file names.
    private func install(_ files: [String: String]) throws {
        try FileManager.default.createDirectory(at: calendars, withIntermediateDirectories: true)
        for (name, fixture) in files {
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(fixture),
                                             to: calendars.appendingPathComponent(name))
        }
    }

    private func installClients() throws {
        try install(["work.ics": "tasks-thunderbird.ics", "home.ics": "tasks-nextcloud.ics",
                     "plants.ics": "tasks-tasksorg.ics", "mixed.ics": "tasks-mixed.ics", "errands.ics": "tasks-apple.ics"])
        let bills = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nX-WR-CALNAME:Bills\r\n"
            + "BEGIN:VTODO\r\nUID:electricity\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:Pay the electricity bill\r\n"
            + "DUE;VALUE=DATE:20261108\r\nEND:VTODO\r\n"
            + "BEGIN:VTODO\r\nUID:permit\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:Renew the parking permit\r\n"
            + "DUE:20261110T090000Z\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        try Data(bills.utf8).write(to: calendars.appendingPathComponent("bills.ics"))
    }

    /// What python3's `icalendar` (another program's reader) sees of each VTODO of `file`.
    private func readByPython(_ file: URL) throws -> [String] {
        let script = """
        import sys, icalendar
        calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
        for todo in calendar.walk('VTODO'):
            def value(name):
                if name not in todo: return '-'
                decoded = todo.decoded(name)
                return decoded.isoformat() if hasattr(decoded, 'isoformat') else str(decoded)
            print(' '.join([str(todo['UID']), str(todo.get('STATUS', '-')), value('COMPLETED'),
                            str(todo.get('PERCENT-COMPLETE', '-')), value('RECURRENCE-ID'), value('DUE')]))
        """
        // Debian's python3, where python3-icalendar is installed (scripts/setup --test).
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        let result = try TestEnvironment.run(python, ["-c", script, file.path], environment: ["LANG": "C.UTF-8"], timeout: 60)
        XCTAssertEqual(result.status, 0, "python3 icalendar could not read \(file.lastPathComponent): \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    func testOpenTasksByDueEarliestFirstUndatedLastInWords() throws {
        try installClients()
        let listed = try koyomi("tasks")
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(listed.stderr, "")
        XCTAssertEqual(listed.stdout, """
            overdue, due 2026-11-08  Pay the electricity bill  [Bills]
            due 2026-11-10  Water the plants (repeats)  [plants]
            overdue, due 2026-11-10 10:00  Renew the parking permit  [Bills]
            due 2026-11-11 09:00  Pick up dry cleaning  [errands]
            due 2026-11-12 17:00  Submit tax return (in progress, 40% done)  [work]
            due 2026-11-13 12:00  Write the report  [Mixed]
            due 2026-11-20  Book a van (part of “Move house”)  [home]
            due 2026-11-30  Move house  [home]
            no due date  Call the landlord  [home]
            no due date  Read a book  [Mixed]
            no due date  Start the garden plan  [Mixed]

            """)
        let all = try koyomi("tasks", "--all", "--calendar", "Mixed")
        XCTAssertEqual(all.stdout, """
            due 2026-11-13 12:00  Write the report  [Mixed]
            no due date  Read a book  [Mixed]
            no due date  Start the garden plan  [Mixed]
            done 2026-11-05 11:00  Send the invoice  [Mixed]
            cancelled  Book the ski trip  [Mixed]

            """)
        // A file given is read alone.
        let file = try koyomi("tasks", Self.fixtures.appendingPathComponent("tasks-apple.ics").path)
        XCTAssertEqual(file.stdout, "due 2026-11-11 09:00  Pick up dry cleaning  [tasks-apple]\n")
    }

    func testJSONHasExactlyThePromisedKeysAndValues() throws {
        try installClients()
        let result = try koyomi("tasks", "--all", "--json")
        XCTAssertEqual(result.status, 0, result.stderr)
        let array = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let keys: Set = ["uid", "title", "due", "start", "status", "completed", "percent", "priority", "calendar", "parent"]
        for object in array { XCTAssertEqual(Set(object.keys), keys) }
        XCTAssertEqual(array.count, 16)
        func task(_ uid: String, occurrenceDone: Bool = false) throws -> [String: Any] {
            try XCTUnwrap(array.first { $0["uid"] as? String == uid && (!occurrenceDone || $0["status"] as? String == "completed") })
        }
        let tax = try task("8a2f4c1e-3b4d-4f0e-9a51-2c7d1e0b9f11")
        XCTAssertEqual(tax["due"] as? String, "2026-11-12T17:00:00+01:00")
        XCTAssertEqual(tax["start"] as? String, "2026-11-05T09:00:00+01:00")
        XCTAssertEqual(tax["status"] as? String, "in-process")
        XCTAssertEqual(tax["percent"] as? Int, 40)
        XCTAssertEqual(tax["priority"] as? Int, 1)
        XCTAssertTrue(tax["completed"] is NSNull)
        XCTAssertTrue(tax["parent"] is NSNull)
        XCTAssertEqual(tax["calendar"] as? String, "work")
        XCTAssertEqual(tax["title"] as? String, "Submit tax return")
        let passport = try task("b1c3d5e7-0f2a-4c6e-8a0b-1d3f5a7c9e2b")
        XCTAssertEqual(passport["status"] as? String, "completed")
        XCTAssertEqual(passport["completed"] as? String, "2026-11-03T16:42:10+01:00")
        XCTAssertEqual(passport["percent"] as? Int, 100)
        let van = try task("f3a0b6a2-6b1c-4f43-a1de-child1")
        XCTAssertEqual(van["due"] as? String, "2026-11-20")
        XCTAssertEqual(van["status"] as? String, "needs-action")
        XCTAssertEqual(van["parent"] as? String, "f3a0b6a2-6b1c-4f43-a1de-parent")
        XCTAssertTrue(try task("f3a0b6a2-6b1c-4f43-a1de-sibling")["parent"] is NSNull, "RELTYPE=SIBLING names no parent")
        XCTAssertEqual(try task("cancelled@example.com")["status"] as? String, "cancelled")
        XCTAssertEqual(try task("5E8F7C1A-9B2D-4E3F-8A61-0C4D2B7E9F13")["due"] as? String, "2026-11-11T09:00:00+01:00")
        let book = try task("nodates@example.com")
        XCTAssertTrue(book["due"] is NSNull)
        XCTAssertTrue(book["start"] is NSNull)
        XCTAssertEqual(book["status"] as? String, "needs-action")
        XCTAssertEqual(book["priority"] as? Int, 0)
        // Open ones first, by due; undated last among them.
        let open = array.prefix { ["needs-action", "in-process"].contains($0["status"] as? String ?? "") }
        XCTAssertEqual(open.count, 11)
        XCTAssertEqual(open.map { $0["title"] as? String ?? "" }.suffix(3), ["Call the landlord", "Read a book", "Start the garden plan"])
        XCTAssertEqual(try koyomi("tasks", "--json", "--calendar", "Bills", "--all").stdout.contains("\"due\" : \"2026-11-08\""), true)
    }

    func testAddedTaskCheckedOffReadsBackInAnotherProgram() throws {
        let added = try koyomi("add", "--task", "--title", "Call Ann", "--due", "2026-11-12T17:00")
        XCTAssertEqual(added.status, 0, added.stderr)
        let uid = added.stdout.trimmingCharacters(in: .newlines)
        let phrase = try koyomi("add", "--task", "Buy milk tomorrow")
        XCTAssertEqual(phrase.status, 0, phrase.stderr)
        let milk = phrase.stdout.trimmingCharacters(in: .newlines)
        let undated = try koyomi("add", "--task", "Read the manual")
        XCTAssertEqual(undated.status, 0, undated.stderr)
        XCTAssertEqual(try koyomi("tasks").stdout, """
            due 2026-11-11  Buy milk  [Personal]
            due 2026-11-12 17:00  Call Ann  [Personal]
            no due date  Read the manual  [Personal]

            """)
        let file = calendars.appendingPathComponent("personal.ics")
        let before = try String(contentsOf: file, encoding: .utf8)
        let done = try koyomi("done", uid)
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertEqual(done.stdout, "Done: “Call Ann” (\(uid)) in Personal\n")
        let after = try String(contentsOf: file, encoding: .utf8)
        // Only that task's lines changed; the other tasks and the zone are as they were.
        let untouched = { (text: String) in text.components(separatedBy: "BEGIN:VTODO").filter { !$0.contains(uid) } }
        XCTAssertEqual(untouched(after), untouched(before))
        XCTAssertEqual(try readByPython(file), [
            "\(uid) COMPLETED 2026-11-10T11:00:00+00:00 100 - 2026-11-12T17:00:00+01:00",
            "\(milk) NEEDS-ACTION - - - 2026-11-11",
            "\(undated.stdout.trimmingCharacters(in: .newlines)) NEEDS-ACTION - - - -",
        ])
        XCTAssertEqual(try koyomi("tasks").stdout.contains("Call Ann"), false)
        XCTAssertEqual(try koyomi("tasks", "--all").stdout.contains("done 2026-11-10 12:00  Call Ann  [Personal]"), true)
        let again = try koyomi("done", uid)
        XCTAssertEqual(again.stdout, "“Call Ann” (\(uid)) in Personal was done already; nothing was written\n")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), after)
    }

    func testRepeatingTaskCompletesItsEarliestOpenOccurrenceInAnOverride() throws {
        try install(["plants.ics": "tasks-tasksorg.ics"])
        let file = calendars.appendingPathComponent("plants.ics")
        let original = try String(contentsOf: file, encoding: .utf8)
        let done = try koyomi("done", "6190893457340318720")
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertEqual(done.stdout, "Done: “Water the plants” of 2026-11-09 (6190893457340318720) in plants\n")
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix(String(original.dropLast("END:VCALENDAR\r\n".count))), "the master and the old override stay as written")
        XCTAssertEqual(try readByPython(file), [
            "6190893457340318720 - - - - 2026-11-03",
            "6190893457340318720 COMPLETED 2026-11-03T08:15:00+00:00 100 2026-11-02 2026-11-03",
            "6190893457340318720 COMPLETED 2026-11-10T11:00:00+00:00 100 2026-11-09 2026-11-10",
        ])
        let next = try koyomi("tasks", "--json")
        let array = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(next.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(array.map { $0["due"] as? String }, ["2026-11-17"])
        XCTAssertEqual(array.map { $0["start"] as? String }, ["2026-11-16"])
        XCTAssertEqual(try koyomi("done", "6190893457340318720").stdout,
                       "Done: “Water the plants” of 2026-11-16 (6190893457340318720) in plants\n")
        XCTAssertEqual(try readByPython(file).last, "6190893457340318720 COMPLETED 2026-11-10T11:00:00+00:00 100 2026-11-16 2026-11-17")
    }

    func testUnknownUIDExitsTwoAndWritesNothing() throws {
        try installClients()
        let files = { () throws -> [String: Data] in
            var result: [String: Data] = [:]
            let walker = FileManager.default.enumerator(atPath: self.dataHome.appendingPathComponent("koyomi").path)
            while let relative = walker?.nextObject() as? String {
                result[relative] = FileManager.default.contents(atPath: self.dataHome.appendingPathComponent("koyomi/" + relative).path)
                    ?? Data()
            }
            return result
        }
        _ = try koyomi("tasks")
        let before = try files()
        let unknown = try koyomi("done", "nope@example.com")
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stdout, "")
        XCTAssertEqual(unknown.stderr,
                       "koyomi done: no task with UID “nope@example.com”; nothing was written (koyomi tasks --json shows the UIDs)\n")
        // An event's UID is no task's.
        XCTAssertEqual(try koyomi("done", "standup@example.com").status, 2)
        XCTAssertEqual(try koyomi("done", "permit", "--calendar", "work").status, 2)
        XCTAssertEqual(try koyomi("done").status, 2)
        XCTAssertEqual(try files(), before)
    }

    func testImportCarriesTasksAndJournalsAndExportKeepsThem() throws {
        let mixed = Self.fixtures.appendingPathComponent("tasks-mixed.ics")
        let imported = try koyomi("import", mixed.path)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertEqual(imported.stdout, """
            Imported into Personal: 7 added, 0 updated, 0 skipped
              among them, kept as written though not shown as plans: 1 VJOURNAL, 5 VTODO

            """)
        let series = try koyomi("import", Self.fixtures.appendingPathComponent("tasks-tasksorg.ics").path)
        XCTAssertEqual(series.stdout, """
            Imported into Personal: 1 added, 0 updated, 0 skipped
              among them, kept as written though not shown as plans: 1 VTODO

            """)
        XCTAssertEqual(try koyomi("tasks").stdout, """
            due 2026-11-10  Water the plants (repeats)  [Personal]
            due 2026-11-13 12:00  Write the report  [Personal]
            no due date  Read a book  [Personal]
            no due date  Start the garden plan  [Personal]

            """)
        let again = try koyomi("import", mixed.path)
        XCTAssertTrue(again.stdout.hasPrefix("Imported into Personal: 0 added, 0 updated, 7 skipped\n"), again.stdout)
        // Export gives every component back as the file had it.
        let exported = try koyomi("export")
        XCTAssertEqual(exported.status, 0, exported.stderr)
        let original = try String(contentsOf: mixed, encoding: .utf8)
        for kind in ["VEVENT", "VTODO", "VJOURNAL"] {
            for block in original.components(separatedBy: "BEGIN:\(kind)\r\n").dropFirst() {
                let component = "BEGIN:\(kind)\r\n" + block.components(separatedBy: "END:\(kind)\r\n")[0] + "END:\(kind)\r\n"
                XCTAssertTrue(exported.stdout.contains(component), component)
            }
        }
    }

    func testHelpAndJapaneseWords() throws {
        let help = try koyomi("tasks", "--help")
        XCTAssertTrue(help.stdout.hasPrefix("Usage: koyomi tasks [--all] [--calendar NAME] [--json]"), help.stdout)
        XCTAssertTrue(try koyomi("done", "--help").stdout.hasPrefix("Usage: koyomi done UID [--calendar NAME]"))
        XCTAssertTrue(try koyomi("add", "--help").stdout.contains("koyomi add --task --title TITLE [--due YYYY-MM-DD[THH:MM]]"))
        XCTAssertEqual(try koyomi("add", "--task", "--title", "X", "--start", "2026-11-12").status, 2)
        try installClients()
        let japanese = try koyomi("tasks", "--calendar", "Bills", environment: ["LANGUAGE": "ja"])
        XCTAssertEqual(japanese.stdout, """
            期限切れ（期限 2026-11-08）  Pay the electricity bill  [Bills]
            期限切れ（期限 2026-11-10 10:00）  Renew the parking permit  [Bills]

            """)
    }
}
