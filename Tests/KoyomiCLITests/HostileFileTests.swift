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
}
