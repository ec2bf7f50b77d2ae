@testable import CalendarEditing
import CalendarModel
@testable import CalendarVetting
@testable import FileSafety
import Foundation
@testable import ICalendarReading
import Synchronization
import TestSupport
import XCTest

/// The user's own calendars (issue 22): a version Koyomi has not parsed before is parsed by
/// `koyomi --parse-ics` under limits, and only versions that passed (or that Koyomi saved over
/// one that passed) are parsed in-process. A child that cannot be started stands for "the
/// child was asked": a trusted version still opens then, an untrusted one does not.
final class ParseGuardTests: XCTestCase {
    private var folder: URL!
    private var trust: ParseTrust!

    override func setUpWithError() throws {
        folder = try SaveTestSupport.folder("koyomi-parse-guard")
        trust = ParseTrust(folder: folder.appendingPathComponent("cache").path)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private var koyomi: String {
        get throws { try builtKoyomi }
    }

    private func options(child: String, limits: UntrustedCalendar.Limits? = nil) -> ICalendarLoadOptions {
        var options = TestSupport.options()
        options.cacheFolder = nil
        options.parseDelegate = ParseGuard(childExecutable: child, trust: trust, limits: limits)
        return options
    }

    private func copy(_ fixture: String) throws -> String {
        let path = folder.appendingPathComponent(fixture).path
        try FileManager.default.copyItem(atPath: TestSupport.fixturePath(fixture), toPath: path)
        return path
    }

    /// What a reader shows of a file: each plan's title and start, and the warnings.
    private func seen(_ file: ICalendarFile) -> [String] {
        file.plans(overlapping: TestSupport.days("2026-01-01", "2028-01-01"))
            .map { "\($0.id) \($0.title) \($0.timing)" }.sorted() + file.warnings
    }

    func testAVersionNotReadBeforeIsParsedByTheChildAndReadsAsInProcess() throws {
        // recurrence.ics has overrides, which the child's answer cannot carry (it then only
        // vouches for the file); basics.ics and zones.ics come back whole.
        for fixture in ["basics.ics", "zones.ics", "recurrence.ics", "skipped.ics"] {
            let path = try copy(fixture)
            var plain = TestSupport.options()
            plain.cacheFolder = nil
            let expected = seen(try ICalendarFile.load(path: path, options: plain))
            XCTAssertTrue(ParseGuard(childExecutable: try koyomi, trust: trust).isNeeded(for: path, timeZone: TestSupport.utc))
            let guarded = try ICalendarFile.load(path: path, options: options(child: try koyomi))
            XCTAssertEqual(seen(guarded), expected, fixture)
            XCTAssertFalse(expected.isEmpty, fixture)

            // Trusted now: read here, with no child to ask.
            XCTAssertTrue(trust.trusts(path: path), fixture)
            let again = try ICalendarFile.load(path: path, options: options(child: "/nonexistent/koyomi"))
            XCTAssertEqual(seen(again), expected, fixture)
        }
    }

    func testAVersionAnotherProgramWroteIsAskedAboutAgain() throws {
        let path = try copy("basics.ics")
        _ = try ICalendarFile.load(path: path, options: options(child: try koyomi))
        XCTAssertTrue(trust.trusts(path: path))

        let text = try String(contentsOfFile: path, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "END:VCALENDAR", with: "X-OTHER:1\r\nEND:VCALENDAR").utf8)
            .write(to: URL(fileURLWithPath: path))
        XCTAssertFalse(trust.trusts(path: path))
        XCTAssertThrowsError(try ICalendarFile.load(path: path, options: options(child: "/nonexistent/koyomi"))) { error in
            let problem = (error as? ICalendarError)?.problem ?? ""
            XCTAssertTrue(problem.hasPrefix("could not be checked"), problem)
        }
        XCTAssertNoThrow(try ICalendarFile.load(path: path, options: options(child: try koyomi)))
        XCTAssertTrue(trust.trusts(path: path))
    }

    /// A calendar of `events` one-hour plans, written into the test's folder.
    private func generated(events: Int, name: String) throws -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\n"
        text.reserveCapacity(events * 110)
        for index in 0..<events {
            text += "BEGIN:VEVENT\r\nUID:e\(index)\r\nDTSTART:20261110T100000Z\r\nSUMMARY:Plan \(index)\r\nEND:VEVENT\r\n"
        }
        text += "END:VCALENDAR\r\n"
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testAParseThatTakesTooLongIsStoppedAndNamed() throws {
        // 150,000 events take well over a second of CPU to parse on any machine; the limit is one.
        let path = try generated(events: 150_000, name: "huge.ics")
        let limits = UntrustedCalendar.Limits(cpuSeconds: 1, memoryBytes: 4 << 30, wallClockSeconds: 120,
                                              maxFileBytes: AtomicFileWriter.maxFileBytes)
        XCTAssertThrowsError(try ICalendarFile.load(path: path, options: options(child: try koyomi, limits: limits))) { error in
            XCTAssertEqual((error as? ICalendarError)?.description, "\(path): took too long to read")
        }
        XCTAssertFalse(trust.trusts(path: path), "a file that did not pass stays untrusted")
    }

    /// A calendar whose parse needs more memory than its child may have (here: any more than
    /// it had when it set the limit; 5,000 events need megabytes) is stopped and named.
    func testAParseOverItsMemoryLimitIsStoppedAndNamed() throws {
        let path = try generated(events: 5_000, name: "large.ics")
        let limits = UntrustedCalendar.Limits(cpuSeconds: 10, memoryBytes: 1 << 20, wallClockSeconds: 30,
                                              maxFileBytes: AtomicFileWriter.maxFileBytes)
        XCTAssertThrowsError(try ICalendarFile.load(path: path, options: options(child: try koyomi, limits: limits))) { error in
            XCTAssertEqual((error as? ICalendarError)?.description, "\(path): needs too much memory")
        }
        XCTAssertFalse(trust.trusts(path: path))
    }

    func testAFileTheChildRefusesIsSaidInTheSameWords() throws {
        for fixture in ["notcal.ics", "binary.ics", "unbalanced.ics"] {
            let path = try copy(fixture)
            var plain = TestSupport.options()
            plain.cacheFolder = nil
            let guarded = options(child: try koyomi)
            var expected: ICalendarError?
            XCTAssertThrowsError(try ICalendarFile.load(path: path, options: plain)) { expected = $0 as? ICalendarError }
            XCTAssertThrowsError(try ICalendarFile.load(path: path, options: guarded)) { error in
                XCTAssertEqual(error as? ICalendarError, expected, fixture)
            }
            XCTAssertFalse(trust.trusts(path: path), fixture)
        }
        let missing = folder.appendingPathComponent("missing.ics").path
        XCTAssertThrowsError(try ICalendarFile.load(path: missing, options: options(child: try koyomi))) { error in
            XCTAssertEqual((error as? ICalendarError)?.description, "\(missing): does not exist")
        }
    }

    func testKoyomisOwnSaveKeepsTheTrustButADownloadDoesNot() throws {
        let path = try copy("basics.ics")
        _ = try ICalendarFile.load(path: path, options: options(child: try koyomi))
        let window = try CalendarFile(path: path, timeZone: TestSupport.utc, writer: AtomicFileWriter(), trust: trust)
        try window.modify { document in _ = try document.setCalendarName("Renamed") }
        XCTAssertTrue(trust.trusts(path: path), "an edit of a trusted version")
        XCTAssertEqual(try ICalendarFile.load(path: path, options: options(child: "/nonexistent/koyomi")).calendar.name,
                       "Renamed")

        // A sync writes what a server sent: it carries no trust (nil), so that version is asked about.
        let sync = try CalendarFile(path: path, timeZone: TestSupport.utc, writer: AtomicFileWriter())
        try sync.modify { document in _ = try document.setCalendarName("From the server") }
        XCTAssertFalse(trust.trusts(path: path))

        // And an edit of an untrusted version stays untrusted.
        try window.modify { document in _ = try document.setCalendarName("Renamed again") }
        XCTAssertFalse(trust.trusts(path: path))
    }

    /// Another program (one that takes no lock) puts its own version in place right after
    /// Koyomi's save: that version is not stamped as Koyomi's, and is checked when read.
    func testAVersionAnotherProgramPutInPlaceDuringASaveIsNotTrusted() throws {
        let path = try copy("basics.ics")
        _ = try ICalendarFile.load(path: path, options: options(child: try koyomi))
        let theirs = Data(try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: "END:VCALENDAR", with: "X-THEIRS:1\r\nEND:VCALENDAR").utf8)
        let pending = Mutex(true)
        let writer = AtomicFileWriter(willPerform: { step in
            // After Koyomi's first rename: theirs replaces it, as an editor's save would.
            guard step == .folderSync, pending.withLock({ first in defer { first = false }; return first }) else { return }
            try? theirs.write(to: URL(fileURLWithPath: path), options: .atomic)
        })
        let file = try CalendarFile(path: path, timeZone: TestSupport.utc, writer: writer, trust: trust)
        try file.modify { document in _ = try document.setCalendarName("Mine") }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), theirs, "their version is the one there")
        XCTAssertFalse(trust.trusts(path: path), "and it is not taken for Koyomi's own")
        XCTAssertThrowsError(try ICalendarFile.load(path: path, options: options(child: "/nonexistent/koyomi")))

        // Nor is it taken for the version Koyomi saved: the next edit is made on theirs.
        XCTAssertTrue(file.hasChangedOnDisk())
        try file.modify { document in _ = try document.setCalendarName("Mine again") }
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(saved.contains("X-THEIRS:1"), "their line is kept")
        XCTAssertTrue(saved.contains("X-WR-CALNAME:Mine again"), saved)
    }

    // MARK: First parts (issue 21)

    /// A large file not read before: the child writes the visible months' plans out before it
    /// parses the rest, and the parent hands them over while it waits for the whole.
    func testTheChildHandsOverTheFirstMonthsBeforeTheWholeFile() throws {
        let path = folder.appendingPathComponent("large.ics").path
        try LargeCalendarText.text(with: [LargeCalendarText.event(uid: "weekly", lines: "DTSTART:20240102T090000Z\r\n"
                + "RRULE:FREQ=WEEKLY\r\nSUMMARY:Weekly")])
            .write(toFile: path, atomically: true, encoding: .utf8)
        let months = TestSupport.days("2026-10-01", "2027-01-01")
        var options = options(child: try koyomi)
        let first = FirstPart(interval: months)
        options.firstPart = first
        let whole = try ICalendarFile.load(path: path, options: options)
        let part = try XCTUnwrap(first.wait(), "the child's first part was handed over")
        XCTAssertTrue(trust.trusts(path: path), "the whole parse passed")
        let shown = { (file: ICalendarFile) in file.plans(overlapping: months).map { "\($0.id) \($0.timing)" }.sorted() }
        XCTAssertEqual(shown(part), shown(whole))
        XCTAssertEqual(shown(whole).count, 60 + 13, "20 plans a month and the weekly series")
        XCTAssertEqual(part.plans(overlapping: TestSupport.days("2027-02-01", "2027-03-01")), [])
        XCTAssertTrue(part.calendar.isLoading)
    }

    /// The frame around the first part: read only when whole, and taken off what follows.
    func testFirstPartFrameIsReadWholeOrNotAtAll() {
        let image: [UInt8] = Array("first part's image".utf8)
        let rest = Data("KOYOMI-REOPEN rest".utf8)
        let output = Data(FirstPartFrame.frame(image)) + rest
        XCTAssertEqual(FirstPartFrame.image(atStartOf: output), Data(image))
        XCTAssertEqual(FirstPartFrame.rest(of: output), rest)
        let cut = output.prefix(output.count - rest.count - 1)
        XCTAssertNil(FirstPartFrame.image(atStartOf: cut), "not whole yet")
        XCTAssertEqual(FirstPartFrame.rest(of: cut), cut)
        XCTAssertNil(FirstPartFrame.image(atStartOf: rest), "no frame")
        XCTAssertEqual(FirstPartFrame.rest(of: rest), rest)
        let (interval, after) = FirstPartFrame.interval(in: ArraySlice(FirstPartFrame.arguments(TestSupport.days("2026-10-01", "2027-01-01"))
                                                                     + ["--cpu", "5"]))
        XCTAssertEqual(interval, TestSupport.days("2026-10-01", "2027-01-01"))
        XCTAssertEqual(Array(after), ["--cpu", "5"])
    }
}
