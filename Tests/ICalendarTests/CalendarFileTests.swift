import CalendarEditing
import CalendarModel
@testable import FileSafety
import Foundation
import XCTest

/// One calendar file edited while other programs write it too: nobody's change is lost.
final class CalendarFileTests: XCTestCase {
    private var folder: URL!
    private var path: String { folder.appendingPathComponent("work.ics").path }
    private let now = SaveTestSupport.now
    private let draft = PlanDraft(title: "Ours", timing: .allDay(start: TestSupport.day("2026-11-20"), end: TestSupport.day("2026-11-21")))

    override func setUpWithError() throws {
        folder = try SaveTestSupport.folder("koyomi-calendar-file")
        try write(Self.calendar(Self.event("a", "First")))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private static func calendar(_ events: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//T//EN\r\nX-WR-CALNAME:Work\r\n" + events + "END:VCALENDAR\r\n"
    }

    private static func event(_ uid: String, _ title: String) -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;VALUE=DATE:20261110\r\nSUMMARY:\(title)\r\nEND:VEVENT\r\n"
    }

    private func write(_ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }
    private func onDisk() throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func testModifySavesAtomicallyAndKeepsTheNewIdentity() throws {
        let file = try CalendarFile(path: path, timeZone: TestSupport.utc, writer: AtomicFileWriter())
        let id = try file.modify { try $0.addEvent(draft, now: now, uid: "ours") }
        XCTAssertEqual(id.uid, "ours")
        XCTAssertEqual(try onDisk(), file.document.text)
        XCTAssertFalse(file.hasChangedOnDisk())
        try file.modify { try $0.deleteEvent(uid: "a") }
        XCTAssertEqual(file.document.eventUIDs, ["ours"])
        XCTAssertEqual(try CalendarDocument(text: onDisk(), timeZone: TestSupport.utc).eventUIDs, ["ours"])
    }

    func testAChangeMadeWhileOpenIsReloadedAndTheEditAppliedToIt() throws {
        let file = try CalendarFile(path: path, timeZone: TestSupport.utc, writer: AtomicFileWriter())
        try write(Self.calendar(Self.event("a", "First") + Self.event("b", "Theirs")))
        XCTAssertTrue(file.hasChangedOnDisk())
        try file.modify { try $0.addEvent(draft, now: now, uid: "ours") }
        XCTAssertEqual(try CalendarDocument(text: onDisk(), timeZone: TestSupport.utc).eventUIDs, ["a", "b", "ours"])
    }

    func testAWriterRacingTheSaveIsKeptAndTheEditReapplied() throws {
        let theirs = Self.calendar(Self.event("a", "First") + Self.event("b", "Theirs"))
        let url = URL(fileURLWithPath: path)
        let raced = LockedFlag()
        // Another program saves between our identity check and our rename, once.
        let writer = AtomicFileWriter(willPerform: { step in
            if step == .fsync, raced.setOnce() { try? Data(theirs.utf8).write(to: url) }
        })
        let file = try CalendarFile(path: path, timeZone: TestSupport.utc, writer: writer)
        try file.modify { try $0.addEvent(draft, now: now, uid: "ours") }
        let saved = try onDisk()
        XCTAssertEqual(try CalendarDocument(text: saved, timeZone: TestSupport.utc).eventUIDs, ["a", "b", "ours"])
        XCTAssertTrue(saved.hasPrefix(String(theirs.dropLast("END:VCALENDAR\r\n".count))), "their text kept as written")
        XCTAssertEqual(file.document.text, saved)
    }

    func testAWriterThatNeverStopsGetsAnErrorNotAnOverwrite() throws {
        let theirs = Data(Self.calendar(Self.event("b", "Theirs")).utf8)
        let url = URL(fileURLWithPath: path)
        let writer = AtomicFileWriter(willPerform: { step in
            if step == .fsync { try? theirs.write(to: url) }
        })
        let file = try CalendarFile(path: path, timeZone: TestSupport.utc, writer: writer)
        XCTAssertThrowsError(try file.modify { try $0.addEvent(draft, now: now) }) { error in
            XCTAssertEqual(error as? SaveError, .changedOnDisk(path: path))
        }
        XCTAssertEqual(try Data(contentsOf: url), theirs)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["work.ics"], "no temporary files left")
    }

    func testAnEditThatNoLongerAppliesThrowsAndWritesNothing() throws {
        let file = try CalendarFile(path: path, timeZone: TestSupport.utc, writer: AtomicFileWriter())
        let theirs = Self.calendar(Self.event("b", "Theirs"))
        try write(theirs)
        XCTAssertThrowsError(try file.modify { try $0.updateEvent(uid: "a", [.title("Renamed")], now: now) })
        XCTAssertEqual(try onDisk(), theirs)
    }

    func testAnEditThatChangesNothingWritesNothing() throws {
        let backups = BackupStore(directory: folder.appendingPathComponent("backups"))
        let file = try CalendarFile(path: path, timeZone: TestSupport.utc, writer: AtomicFileWriter(backups: backups))
        let before = FileIdentity.of(path: path)
        let same = file.document
        let summary = try file.modify { $0.importEvents(from: same, now: now) }
        XCTAssertEqual(summary.description, "0 added, 0 updated, 1 skipped")
        XCTAssertEqual(FileIdentity.of(path: path), before)
        XCTAssertEqual(backups.backups(of: path), [])
    }

    func testAGoneFileIsNoticedAndAnEditThenFails() throws {
        let file = try CalendarFile(path: path, timeZone: TestSupport.utc, writer: AtomicFileWriter())
        try FileManager.default.removeItem(atPath: path)
        XCTAssertTrue(file.hasChangedOnDisk())
        XCTAssertThrowsError(try file.modify { try $0.addEvent(draft, now: now) })
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "a removed calendar is not brought back")
    }

    func testReloadReadsTheNewContent() throws {
        let file = try CalendarFile(path: path, timeZone: TestSupport.utc, writer: AtomicFileWriter())
        try write(Self.calendar(Self.event("z", "New")))
        try file.reload()
        XCTAssertEqual(file.document.eventUIDs, ["z"])
        XCTAssertFalse(file.hasChangedOnDisk())
    }
}

/// True exactly once, from any thread.
private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false

    func setOnce() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if done { return false }
        done = true
        return true
    }
}
