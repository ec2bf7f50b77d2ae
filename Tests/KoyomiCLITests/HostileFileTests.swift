import CalendarVetting
@testable import FileSafety
import Foundation
@testable import KoyomiCLI
import TestSupport
import XCTest

/// Files and systems that are not what Koyomi expects (issue 22): each ends with a clear
/// message or a correct answer, in bounded time, and never touches a calendar it must not.
final class HostileFileTests: CLITestCase {
    /// Old Mac exports end lines with CR alone: read like CRLF and LF, and an added plan keeps
    /// the file's own line ends (it was an empty calendar with exit 0).
    func testCarriageReturnOnlyLineEndsAreReadAndKept() throws {
        try FileManager.default.createDirectory(at: calendarsFolder, withIntermediateDirectories: true)
        let path = calendarsFolder.appendingPathComponent("old-mac.ics").path
        let original = "BEGIN:VCALENDAR\rVERSION:2.0\rPRODID:-//Old//EN\rX-WR-CALNAME:Old Mac\r"
            + "BEGIN:VEVENT\rUID:a\rDTSTAMP:20261101T000000Z\rDTSTART:20261110T090000Z\r"
            + "DTEND:20261110T100000Z\rSUMMARY:From a Mac\rEND:VEVENT\rEND:VCALENDAR\r"
        try Data(original.utf8).write(to: URL(fileURLWithPath: path))

        let listed = run("list", "--date", "2026-11-10")
        XCTAssertEqual(listed.status, 0, listed.error)
        XCTAssertEqual(listed.output, "2026-11-10  10:00–11:00  From a Mac  [Old Mac]\n")

        let added = run("add", "--title", "Added", "--start", "2026-11-10T14:00")
        XCTAssertEqual(added.status, 0, added.error)
        XCTAssertEqual(run("list", "--date", "2026-11-10").output,
                       "2026-11-10  10:00–11:00  From a Mac  [Old Mac]\n2026-11-10  14:00–15:00  Added  [Old Mac]\n",
                       "the new plan is seen too")
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertFalse(saved.contains("\n"), "the file keeps its CR line ends")
        XCTAssertTrue(saved.hasPrefix(String(original.dropLast("END:VCALENDAR\r".count))),
                      "every original line is kept as it was")
    }

    /// A named pipe, a device and a folder are refused at once, in words, whatever the command
    /// (an import of a FIFO used to wait for ever, of /dev/zero to read until memory ran out).
    func testSpecialFilesAreRefusedAtOnce() throws {
        let fifo = dataHome.appendingPathComponent("pipe.ics").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let cases: [([String], String)] = [
            (["import", fifo], "koyomi import: \(fifo): is a named pipe, not a file\n"),
            (["list", "--month", "2026-11", fifo], "koyomi list: \(fifo): is a named pipe, not a file\n"),
            (["import", "/dev/zero"], "koyomi import: /dev/zero: is a character device, not a file\n"),
            (["import", dataHome.path], "koyomi import: \(dataHome.path): is a folder, not a file\n"),
        ]
        for (arguments, message) in cases {
            let result = try TestEnvironment.koyomi(arguments, dataHome: dataHome, timeout: 60)
            XCTAssertFalse(result.timedOut, "\(arguments) did not end")
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr, message)
        }
        let personal = calendarsFolder.appendingPathComponent("personal.ics")
        let text = (try? String(contentsOf: personal, encoding: .utf8)) ?? ""
        XCTAssertFalse(text.contains("BEGIN:VEVENT"), "nothing was imported")
    }

    /// A calendar the user may not write (mode 0444) is read-only: no add replaces it, and new
    /// plans go to one they may write (it used to be replaced, mode and all, with exit 0).
    func testWriteProtectedCalendarsAreNeverReplaced() throws {
        let locked = try writeCalendar("a-locked.ics", name: "Locked",
                                       events: Self.event("keep", "Kept", start: ":20261110T090000Z", end: ":20261110T100000Z"))
        XCTAssertEqual(chmod(locked, 0o444), 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: locked))

        let refused = run("add", "--title", "No", "--start", "2026-11-10T14:00", "--calendar", "Locked")
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.error, "koyomi add: \(locked): is read-only (you may not write to it); nothing was written\n")
        let alone = run("add", "--title", "No", "--start", "2026-11-10T14:00")
        XCTAssertEqual(alone.status, 2, "the only calendar is read-only")
        XCTAssertTrue(alone.error.contains("is read-only"), alone.error)

        let open = try writeCalendar("b-open.ics", name: "Open")
        let added = run("add", "--title", "Yes", "--start", "2026-11-10T14:00")
        XCTAssertEqual(added.status, 0, added.error)
        XCTAssertTrue(try String(contentsOfFile: open, encoding: .utf8).contains("SUMMARY:Yes"), "the writable one took it")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: locked)), before, "the read-only one is untouched")
        var info = stat()
        XCTAssertEqual(stat(locked, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o444, "and keeps its mode")

        // The writer refuses on its own too, whatever called it.
        let writer = AtomicFileWriter()
        XCTAssertThrowsError(try writer.write(Data("x".utf8), to: locked, expecting: FileIdentity.of(path: locked))) {
            XCTAssertEqual($0 as? SaveError, .readOnly(path: locked))
        }
    }

    /// Storage errors name the folder and the real cause in words (a plain file where the backups
    /// folder should be said "Permission denied"; a HOME that cannot hold .local gave a raw
    /// Foundation error).
    func testStorageErrorsNameThePathAndTheRealCause() throws {
        try writeCalendar("work.ics", name: "Work")
        let backups = dataHome.appendingPathComponent("koyomi/backups")
        try Data("not a folder".utf8).write(to: backups)
        let before = snapshot()
        let blocked = run("add", "--title", "T", "--start", "2026-11-10T14:00")
        XCTAssertEqual(blocked.status, 1)
        XCTAssertEqual(blocked.error, "koyomi add: \(backups.path): create folder failed: "
                       + "a file is in the way where that folder should be\n")
        XCTAssertEqual(snapshot(), before, "nothing was written")

        let home = dataHome.appendingPathComponent("home-is-a-file")
        try Data().write(to: home)
        var context = self.context
        context.environment = ["HOME": home.path]
        let noHome = KoyomiCLI.run(["add", "--title", "T", "--start", "2026-11-10T14:00"], context: context)
        XCTAssertEqual(noHome.status, 1)
        XCTAssertEqual(noHome.error, "koyomi add: cannot create “Personal” in \(home.path)/.local/share/koyomi/calendars: "
                       + "\(home.path): create folder failed: a file is in the way where that folder should be\n")
    }

    /// Over the file size limit (`ulimit -f`) a save fails in words and leaves no temporary
    /// file behind (SIGXFSZ used to kill the process silently, half a backup left over).
    func testTheFileSizeLimitIsSaidAndLeavesNothingBehind() throws {
        let path = try writeCalendar("work.ics", name: "Work", events: (0..<100).map {
            Self.event("e\($0)", "Event \($0)", start: ":20261110T090000Z", end: ":20261110T100000Z")
        }.joined())
        let before = snapshot()
        let script = "ulimit -f 8; exec \"$0\" add --title T --start 2026-11-10T14:00"
        let result = try TestEnvironment.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script, TestEnvironment.koyomiBinary.path],
                                             environment: TestEnvironment.childEnvironment(["XDG_DATA_HOME": dataHome.path]),
                                             timeout: 60)
        XCTAssertFalse(result.wasSignalled, "ended by signal \(result.status)")
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix(": write failed: the file would be larger than the system allows (file size limit)\n"),
                      result.stderr)
        XCTAssertFalse(result.stderr.contains(".tmp"), "the message names the file, not a temporary one")
        var after = snapshot()
        XCTAssertEqual(after.removeValue(forKey: "koyomi/backups"), Data(), "at most an empty backups folder")
        XCTAssertEqual(after, before, "no temporary file, no partial backup, the calendar as it was")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }

    /// Google Calendar exports dates with a stray "Z" ("RDATE:20131210Z"): read as the date it
    /// clearly is, with a warning, and the text kept as written (the whole export was refused).
    /// The second event's EXDATE is folded across lines, so the "Z" sits on a continuation line.
    func testADateWithAStrayZIsReadAsThatDateAndKept() throws {
        let path = try writeCalendar("google.ics", name: "Google", events: """
            BEGIN:VEVENT\r\nUID:g1\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;VALUE=DATE:20261102\r\n\
            DTEND;VALUE=DATE:20261103\r\nRRULE:FREQ=WEEKLY;COUNT=2\r\nRDATE:20261111Z\r\nSUMMARY:Yoga\r\nEND:VEVENT\r\n\
            BEGIN:VEVENT\r\nUID:g2\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;VALUE=DATE:20261103\r\n\
            DTEND;VALUE=DATE:20261104\r\nRRULE:FREQ=WEEKLY;COUNT=3\r\nEXDATE:202611\r\n 10Z\r\nSUMMARY:Swim\r\nEND:VEVENT\r\n
            """)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let listed = run("list", "--month", "2026-11")
        XCTAssertEqual(listed.status, 0, listed.error)
        XCTAssertEqual(listed.output, """
            2026-11-02  all day  Yoga  [Google]
            2026-11-03  all day  Swim  [Google]
            2026-11-09  all day  Yoga  [Google]
            2026-11-11  all day  Yoga  [Google]
            2026-11-17  all day  Swim  [Google]

            """, "the RDATE adds November 11, the folded EXDATE takes November 10 away")
        XCTAssertEqual(listed.error, """
            koyomi list: \(path): event "Yoga" on line 11: its RDATE “20261111Z” has a stray Z after a date; read as November 11, 2026
            koyomi list: \(path): event "Swim" on line 20: its EXDATE “20261110Z” has a stray Z after a date; read as November 10, 2026

            """)
        XCTAssertEqual(run("add", "--title", "New", "--start", "2026-11-20", "--calendar", "Google").status, 0)
        let after = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(after.hasPrefix(String(decoding: before.dropLast("END:VCALENDAR\r\n".utf8.count), as: UTF8.self)),
                      "the text is kept as it was written")
    }

    /// One 10 MiB value and one line of 200,000 parameters (issue 22: minutes each, libical's
    /// scanning being quadratic): read cut, in bounded time, said, and kept whole on save.
    func testOverlongLinesAreReadCutAndKeptWhole() throws {
        let long = String(repeating: "x", count: 10 << 20)
        let parameters = (0..<200_000).map { ";X-P\($0)=v" }.joined()
        let path = try writeCalendar("long.ics", name: "Long", events:
            Self.event("long", "Long", start: ":20261110T090000Z", end: ":20261110T100000Z", extra: "DESCRIPTION:\(long)\r\n")
            + Self.event("many", "Many", start: ":20261110T110000Z", end: ":20261110T120000Z", extra: "X-MANY\(parameters):v\r\n"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let listed = try TestEnvironment.koyomi(["list", "--date", "2026-11-10"], dataHome: dataHome,
                                                 environment: ["TZ": "Europe/Berlin"], timeout: 60)
        XCTAssertFalse(listed.timedOut, "reading took more than a minute")
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(listed.stdout, "2026-11-10  10:00–11:00  Long  [Long]\n2026-11-10  12:00–13:00  Many  [Long]\n")
        XCTAssertEqual(listed.stderr, """
            koyomi list: \(path): line 11: its DESCRIPTION has a value of 10 MiB, of which the first 1 MiB are read \
            (the file keeps all of it)
            koyomi list: \(path): line 19: its X-MANY has 200000 parameters, of which the first 100 are read \
            (the file keeps all of it)

            """)
        let added = try TestEnvironment.koyomi(["add", "--title", "New", "--start", "2026-11-12T10:00"], dataHome: dataHome,
                                                environment: ["TZ": "Europe/Berlin"], timeout: 60)
        XCTAssertEqual(added.status, 0, added.stderr)
        let after = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(after.prefix(before.count - "END:VCALENDAR\r\n".utf8.count),
                       before.prefix(before.count - "END:VCALENDAR\r\n".utf8.count), "every original byte is kept")
    }

    /// The user's own calendars get the protection imports get (issue 22): a version Koyomi
    /// has not read before is parsed by a child under limits, and only a version that passed,
    /// or that Koyomi saved over one that passed, is parsed in Koyomi's own process.
    func testAVersionNotReadBeforeIsParsedUnderLimits() throws {
        let path = try writeCalendar("mine.ics", name: "Mine", events:
            Self.event("a", "Tea", start: ":20261110T090000Z", end: ":20261110T100000Z"))
        let trust = ParseTrust(folder: cacheHome.appendingPathComponent("koyomi").path)
        XCTAssertFalse(trust.trusts(path: path))
        XCTAssertEqual(run("list", "--date", "2026-11-10").output, "2026-11-10  10:00–11:00  Tea  [Mine]\n")
        XCTAssertTrue(trust.trusts(path: path), "the child read it: this version is known now")

        XCTAssertEqual(run("add", "--title", "Lunch", "--start", "2026-11-10T12:30").status, 0)
        XCTAssertTrue(trust.trusts(path: path), "Koyomi's own save over a known version")

        // Another program's version is unknown again, and read through the child.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "END:VCALENDAR\r\n", with: Self.event("b", "Walk", start: ":20261110T150000Z",
                                                                                      end: ":20261110T160000Z")
                                               + "END:VCALENDAR\r\n").utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertFalse(trust.trusts(path: path))
        var broken = context
        broken.childExecutable = "/nonexistent/koyomi"
        let refused = KoyomiCLI.run(["list", "--date", "2026-11-10"], context: broken)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.error.contains("\(path): could not be checked"), refused.error)
        XCTAssertEqual(run("list", "--date", "2026-11-10").output,
                       "2026-11-10  10:00–11:00  Tea  [Mine]\n2026-11-10  12:30–13:30  Lunch  [Mine]\n"
                       + "2026-11-10  16:00–17:00  Walk  [Mine]\n")
        XCTAssertTrue(trust.trusts(path: path))
    }

    /// A stuck Koyomi holding the folder's lock: the add waits a bounded time, says why while
    /// it waits, then fails with status 2 and writes nothing (it used to wait for ever, silently).
    func testAHeldLockIsWaitedForBoundedAndSaid() throws {
        try writeCalendar("work.ics", name: "Work")
        let before = snapshot()
        let folder = open(calendarsFolder.path, O_RDONLY | O_DIRECTORY)
        XCTAssertGreaterThanOrEqual(folder, 0)
        defer { close(folder) }
        XCTAssertEqual(flock(folder, LOCK_EX), 0, "the test plays the stuck Koyomi")

        let said = LockedLines()
        var context = self.context
        context.lockPatience = FolderLock.Patience(seconds: 1.5, sayAfter: 0.2)
        context.sayWhileWaiting = { said.append($0) }
        let result = KoyomiCLI.run(["add", "--title", "Waits", "--start", "2026-11-10T14:00"], context: context)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.error, "koyomi add: \(calendarsFolder.path): another Koyomi has been saving here for 2 s and "
                       + "still holds the folder's lock; nothing was written (if no Koyomi is running, a stuck one may be: close it)\n")
        XCTAssertEqual(said.lines, ["another Koyomi is saving in \(calendarsFolder.path); waiting for it (at most 2 s)…"])
        XCTAssertEqual(snapshot(), before, "nothing was written")
    }

    /// Four programs adding to one calendar at once (12 plans each): every add lands (they used to be refused
    /// 11–29% of the time with "changed on disk by another program", that program being Koyomi).
    func testParallelWritersAllLand() throws {
        // Big enough that reading and saving take a while, as a real year of plans does.
        try writeCalendar("work.ics", name: "Work", events: (0..<3000).map {
            Self.event("old-\($0)", "Old \($0)", start: ":20250101T090000Z", end: ":20250101T100000Z")
        }.joined())
        let failures = LockedLines()
        let dataHome: URL = self.dataHome
        DispatchQueue.concurrentPerform(iterations: 4) { writer in
            for index in 0..<12 {
                let result = try? TestEnvironment.koyomi(
                    ["add", "--title", "W\(writer)-\(index)", "--start", "2026-11-10T09:00"],
                    dataHome: dataHome, environment: ["TZ": "Europe/Berlin"], timeout: 60)
                if result?.status != 0 { failures.append(result?.stderr ?? "could not start") }
            }
        }
        XCTAssertEqual(failures.lines, [], "every add landed")
        let listed = run("list", "--date", "2026-11-10").output.split(separator: "\n")
        XCTAssertEqual(listed.count, 48, "all 48 plans are in the file")
    }
}

/// Lines collected from several threads.
private final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []
    var lines: [String] { lock.withLock { collected } }
    func append(_ line: String) { lock.withLock { collected.append(line) } }
}
