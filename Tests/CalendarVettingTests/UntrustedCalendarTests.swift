import CalendarVetting
import Foundation
import ICalendar
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
        XCTAssertTrue(vetted.problems[0].hasPrefix("“Someday” (no-start): "), vetted.problems[0])
        XCTAssertTrue(vetted.problems[0].contains("no DTSTART"), vetted.problems[0])
        XCTAssertTrue(vetted.problems[1].hasPrefix("“Broken length” (bad-duration): "), vetted.problems[1])
        XCTAssertTrue(vetted.problems[1].contains("DURATION"), vetted.problems[1])
        // What is kept is the file's own text for it.
        XCTAssertTrue(vetted.document.text.contains("NEW-IANA-PROPERTY:whatever\n"), vetted.document.text)
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
        XCTAssertEqual(vetted.problems, ["the time zone “Empty/Zone”: it has no STANDARD or DAYLIGHT part",
                                         "the time zone “Bad/Zone”: libical cannot read some of its values"])
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
