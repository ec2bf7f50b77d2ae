import CalendarVetting
import Foundation
import ICalendarReading
import TestSupport
import XCTest

/// Untrusted files are read by a child process (`koyomi --vet-ics`) under limits. The test
/// runner cannot be that child, so the real `koyomi` built next to it is; small shell scripts
/// stand in for children that hang or crash, to check how the parent reports each ending.
final class UntrustedCalendarTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try SaveTestSupport.folder("koyomi-untrusted")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private var koyomi: String {
        get throws { try builtKoyomi }
    }

    private func read(_ path: String, child: String? = nil,
                      limits: UntrustedCalendar.Limits = .standard) throws -> VettedCalendar {
        try UntrustedCalendar.read(path: path, childExecutable: child ?? koyomi, limits: limits)
    }

    /// The error reading `path` gives, or a failure when it reads.
    private func readError(_ path: String, child: String? = nil, limits: UntrustedCalendar.Limits = .standard,
                           file: StaticString = #filePath, line: UInt = #line) throws -> ICalendarError? {
        let child = try child ?? koyomi
        do {
            _ = try UntrustedCalendar.read(path: path, childExecutable: child, limits: limits)
            XCTFail("\(path) was read", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// A stand-in child: a shell script with this body.
    private func script(_ body: String) throws -> String {
        let url = folder.appendingPathComponent("child-\(UUID().uuidString).sh")
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
        chmod(url.path, 0o755)
        return url.path
    }

    private func fixtureCopy(_ text: String, name: String = "in.ics") throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func testAGoodFileComesBackWhole() throws {
        let path = TestSupport.fixturePath("save-google.ics")
        let vetted = try read(path)
        XCTAssertEqual(vetted.problems, [])
        XCTAssertEqual(vetted.document.data, try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testComponentsLibicalRejectsAreLeftOutAndReported() throws {
        let vetted = try read(TestSupport.fixturePath("skipped.ics"))
        XCTAssertEqual(vetted.document.eventUIDs, ["fine"])
        XCTAssertEqual(vetted.problems.count, 2)
        XCTAssertEqual(vetted.problems.first, "“Someday” (no-start), line 4: it has no DTSTART")
        XCTAssertTrue(vetted.problems[1].hasPrefix("“Broken length” (bad-duration), line 8: "), vetted.problems[1])
        XCTAssertTrue(vetted.problems[1].contains("DURATION"), vetted.problems[1])
        // What is kept is the file's own text for it.
        XCTAssertTrue(vetted.document.text.contains("NEW-IANA-PROPERTY:whatever\n"), vetted.document.text)
    }

    /// Issue 35: the reason came from a one-event calendar the child made up, so its line
    /// number was that text's ("on line 8" for an event on line 19) and the event was named
    /// twice. It is the file's line now, and the reason alone, in words.
    func testALeftOutEventIsSaidWithItsLineInTheFileAndWhy() throws {
        let path = try fixtureCopy("BEGIN:VCALENDAR\nPRODID:-//Example Corp//Scheduler//EN\nMETHOD:REQUEST\nVERSION:2.0\n"
            + "BEGIN:VEVENT\nUID:c1@example.org\nDTSTAMP:20261110T190000Z\nDTSTART:20261201T100000Z\n"
            + "ATTENDEE;RSVP=TRUE;CN=\"Sato, Akiko\";DELEGATED-TO=\"mailto:b@example.org\"\n :mailto:akiko@example.org\n"
            + "SUMMARY:Fine\nEND:VEVENT\nEND:VCALENDAR\nBEGIN:VCALENDAR\nVERSION:2.0\nMETHOD:PUBLISH\n"
            + "BEGIN:VEVENT\nUID:c2@example.org\nDTSTAMP:20261110T190000Z\nDTSTART:20261203T100000Z\n"
            + "DTEND:20261203T1100000Z\nSUMMARY:Conference\nEND:VEVENT\nEND:VCALENDAR\n")
        let vetted = try read(path)
        XCTAssertEqual(vetted.document.eventUIDs, ["c1@example.org"])
        XCTAssertEqual(vetted.problems, ["“Conference” (c2@example.org), line 17: its DTEND “20261203T1100000Z” is not a date and time"])
    }

    func testBrokenZonesAreLeftOutWithTheirProblem() throws {
        let good = try SaveTestSupport.document("save-google.ics").componentTexts[0]
        let path = try fixtureCopy("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + good
                                   + "BEGIN:VTIMEZONE\r\nTZID:Empty/Zone\r\nEND:VTIMEZONE\r\n"
                                   + "BEGIN:VTIMEZONE\r\nTZID:Bad/Zone\r\nBEGIN:STANDARD\r\nDTSTART:2026X\r\n"
                                   + "TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
                                   + "BEGIN:VEVENT\r\nUID:e\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261110T090000Z\r\n"
                                   + "SUMMARY:Fine\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        let vetted = try read(path)
        XCTAssertEqual(vetted.document.componentTexts, [good, try XCTUnwrap(vetted.document.componentTexts.last)])
        XCTAssertEqual(vetted.document.componentKinds, ["VTIMEZONE", "VEVENT"])
        // Each named by the line of the file it starts on.
        let empty = 3 + good.components(separatedBy: "\r\n").count - 1
        XCTAssertEqual(vetted.problems, ["the time zone “Empty/Zone”, line \(empty): it has no STANDARD or DAYLIGHT part",
                                         "the time zone “Bad/Zone”, line \(empty + 3): libical cannot read some of its values"])
    }

    func testMalformedFilesGiveAClearErrorNamingTheFile() throws {
        let unbalanced = TestSupport.fixturePath("unbalanced.ics")
        let error = try XCTUnwrap(readError(unbalanced))
        XCTAssertEqual(error.path, unbalanced)
        XCTAssertTrue(error.problem.contains("BEGIN:"), error.problem)

        XCTAssertEqual(try readError(TestSupport.fixturePath("binary.ics"))?.problem, "is a binary file, not iCalendar text")
        XCTAssertEqual(try readError(TestSupport.fixturePath("latin1.ics"))?.problem, "is not UTF-8 text")
        XCTAssertEqual(try readError(folder.appendingPathComponent("missing.ics").path)?.problem, "does not exist")
        XCTAssertEqual(try readError(TestSupport.fixturePath("empty.ics"))?.problem, "is empty")
        let notCalendar = try XCTUnwrap(readError(TestSupport.fixturePath("notcal.ics")))
        XCTAssertTrue(notCalendar.problem.contains("not an iCalendar file"), notCalendar.problem)
    }

    func testAChildOverItsMemoryLimitIsReportedAsNeedingTooMuchMemory() throws {
        var limits = UntrustedCalendar.Limits.standard
        limits.memoryBytes = 1 << 20
        let error = try XCTUnwrap(readError(TestSupport.fixturePath("save-google.ics"), limits: limits))
        XCTAssertEqual(error.description, "\(TestSupport.fixturePath("save-google.ics")): needs too much memory")
    }

    func testAHangingChildIsKilledByTheWallClock() throws {
        var limits = UntrustedCalendar.Limits.standard
        limits.wallClockSeconds = 0.5
        let started = Date()
        let error = try readError(TestSupport.fixturePath("basics.ics"), child: script("exec sleep 30"), limits: limits)
        XCTAssertEqual(error?.problem, "took too long to read")
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "not waiting for the child's own end")
    }

    func testSignalsSayWhatHappened() throws {
        let path = TestSupport.fixturePath("basics.ics")
        XCTAssertEqual(try readError(path, child: script("kill -XCPU $$"))?.problem, "took too long to read")
        XCTAssertEqual(try readError(path, child: script("kill -SEGV $$"))?.problem, "made the iCalendar parser crash (signal 11)")
        XCTAssertEqual(try readError(path, child: script("kill -ABRT $$"))?.problem, "made the iCalendar parser crash (signal 6)")
        XCTAssertEqual(try readError(path, child: script("exit 3"))?.problem, "needs too much memory")
    }

    func testAChildWithoutAProperReportIsAnError() throws {
        let path = TestSupport.fixturePath("basics.ics")
        XCTAssertEqual(try readError(path, child: script("echo hello"))?.problem,
                       "could not be checked (the checking process gave no report)")
        XCTAssertEqual(try readError(path, child: script("exit 7"))?.problem,
                       "could not be checked (the checking process exited with status 7)")
        // A report about other bytes than the parent read (the file changed in between).
        let report = #"{"accepted":[0],"rejected":[],"size":1,"hash":1,"componentCount":1}"#
        XCTAssertEqual(try readError(path, child: script("echo '\(report)'"))?.problem,
                       "changed while it was being read; try again")
        XCTAssertNotNil(try readError(path, child: folder.appendingPathComponent("no-such-program").path))
    }

    func testTooLargeFilesAreRefusedBeforeAnythingReadsThem() throws {
        var limits = UntrustedCalendar.Limits.standard
        limits.maxFileBytes = 100
        let error = try readError(TestSupport.fixturePath("save-google.ics"), child: script("exit 9"), limits: limits)
        XCTAssertTrue(error?.problem.hasPrefix("is too large to import") == true, error?.problem ?? "")
    }

    func testTheChildRefusesBadArguments() {
        XCTAssertEqual(UntrustedCalendar.childMain(arguments: ["--something"]), 2)
    }
}
