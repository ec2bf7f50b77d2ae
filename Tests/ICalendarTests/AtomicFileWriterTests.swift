@testable import FileSafety
import Foundation
import XCTest

final class AtomicFileWriterTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try SaveTestSupport.folder()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func file(_ name: String, _ content: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(content.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func contents(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    func testReplacesContentKeepsModeAndLeavesNoTemporaryFile() throws {
        let path = try file("cal.ics", "old")
        chmod(path, 0o640)
        let (_, identity) = try AtomicFileWriter.read(path: path)
        let written = try AtomicFileWriter().write(Data("new".utf8), to: path, expecting: identity)
        XCTAssertEqual(try contents(path), "new")
        XCTAssertEqual(FileIdentity.of(path: path), written)
        XCTAssertNotEqual(written.inode, identity.inode, "a new file was renamed over the old one")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, 0o640)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["cal.ics"])
    }

    func testSymlinkIsFollowedAndKept() throws {
        let real = try file("real.ics", "old")
        let link = folder.appendingPathComponent("link.ics").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.ics")
        let (_, identity) = try AtomicFileWriter.read(path: link)
        try AtomicFileWriter().write(Data("new".utf8), to: link, expecting: identity)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "real.ics")
        XCTAssertEqual(try contents(real), "new")
    }

    func testAChangeByAnotherWriterIsNotOverwritten() throws {
        let path = try file("cal.ics", "old")
        let (_, identity) = try AtomicFileWriter.read(path: path)
        // Same size, so only the inode or the nanosecond mtime can tell.
        try Data("OLD".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try AtomicFileWriter().write(Data("new".utf8), to: path, expecting: identity)) { error in
            XCTAssertEqual(error as? SaveError, .changedOnDisk(path: path))
        }
        XCTAssertEqual(try contents(path), "OLD")
    }

    func testSameSizeRewriteInPlaceIsNoticedByMtime() throws {
        let path = try file("cal.ics", "old")
        let (_, identity) = try AtomicFileWriter.read(path: path)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.write(Data("OLD".utf8))
        handle.closeFile()
        // Pin the mtime one nanosecond later, so a coarse clock cannot hide the change.
        var times = [timespec(tv_sec: Int(identity.modifiedSeconds), tv_nsec: Int(identity.modifiedNanoseconds) + 1),
                     timespec(tv_sec: Int(identity.modifiedSeconds), tv_nsec: Int(identity.modifiedNanoseconds) + 1)]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
        XCTAssertThrowsError(try AtomicFileWriter().write(Data("new".utf8), to: path, expecting: identity))
        XCTAssertEqual(try contents(path), "OLD")
    }

    func testNewFileMustNotExistYet() throws {
        let path = folder.appendingPathComponent("new.ics").path
        try AtomicFileWriter().write(Data("first".utf8), to: path, expecting: nil)
        XCTAssertEqual(try contents(path), "first")
        XCTAssertThrowsError(try AtomicFileWriter().write(Data("second".utf8), to: path, expecting: nil))
        XCTAssertEqual(try contents(path), "first")
    }

    func testDeletedFileIsAChangeToo() throws {
        let path = try file("cal.ics", "old")
        let (_, identity) = try AtomicFileWriter.read(path: path)
        try FileManager.default.removeItem(atPath: path)
        XCTAssertThrowsError(try AtomicFileWriter().write(Data("new".utf8), to: path, expecting: identity))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testBackupsKeepTheLastVersionsOutsideTheCalendarFolder() throws {
        let calendars = folder.appendingPathComponent("calendars")
        try FileManager.default.createDirectory(at: calendars, withIntermediateDirectories: true)
        let path = calendars.appendingPathComponent("Personal.ics").path
        let store = BackupStore(directory: folder.appendingPathComponent("data/koyomi/backups"), keep: 3)
        let writer = AtomicFileWriter(backups: store)
        var identity = try writer.write(Data("v0".utf8), to: path, expecting: nil)
        for version in 1...5 {
            identity = try writer.write(Data("v\(version)".utf8), to: path, expecting: identity)
        }
        XCTAssertEqual(try contents(path), "v5")
        XCTAssertEqual(try store.backups(of: path).map { try contents($0.path) }, ["v2", "v3", "v4"])
        XCTAssertTrue(store.backups(of: path).allSatisfy { $0.pathExtension == "bak" })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: calendars.path), ["Personal.ics"])
    }

    func testStandardBackupFolderFollowsXDG() {
        XCTAssertEqual(BackupStore.standard(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/u"]).directory.path,
                       "/x/data/koyomi/backups")
        XCTAssertEqual(BackupStore.standard(environment: ["HOME": "/home/u"]).directory.path,
                       "/home/u/.local/share/koyomi/backups")
    }

    func testStepsRunInOrder() throws {
        let path = try file("cal.ics", "old")
        let (_, identity) = try AtomicFileWriter.read(path: path)
        let steps = StepLog()
        try AtomicFileWriter(willPerform: { steps.append($0) }).write(Data("new".utf8), to: path, expecting: identity)
        XCTAssertEqual(steps.all, SaveStep.allCases)
    }
}

/// Collects the steps a save reports (the hook is @Sendable).
final class StepLog: @unchecked Sendable {
    private let lock = NSLock()
    private var steps: [SaveStep] = []

    func append(_ step: SaveStep) { lock.withLock { steps.append(step) } }
    var all: [SaveStep] { lock.withLock { steps } }
}
