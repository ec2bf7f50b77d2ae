import CGtk
@testable import GtkKit
import XCTest

/// Another program's save must be noticed however it writes: in place, or (as safe writers
/// do) by renaming a new file over the old one.
final class FileMonitorTests: GtkTestCase {
    private var folder: URL!
    private var path: String { folder.appendingPathComponent("work.ics").path }

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("koyomi-monitor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("BEGIN:VCALENDAR\n".utf8).write(to: URL(fileURLWithPath: path))
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `text` to a temporary file in the same folder and renames it over `target`.
    private static func replaceAtomically(_ target: String, with text: String) throws {
        let temporary = (target as NSString).deletingLastPathComponent + "/.work.ics.tmp"
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        XCTAssertEqual(rename(temporary, target), 0)
    }

    func testARenameOverTheFileIsReportedAgainAndAgain() throws {
        let path = path
        try onMain {
            var events: [FileMonitor.Event] = []
            let monitor = try FileMonitor(path: path) { events.append($0) }
            XCTAssertEqual(monitor.path, URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
            try Self.replaceAtomically(path, with: "BEGIN:VCALENDAR\nX-ONE:1\n")
            XCTAssertTrue(MainLoop.iterate(until: { events.contains(.replaced) }), "got \(events)")
            // A monitor on the old inode would go deaf after the first replace; this one must not.
            events.removeAll()
            try Self.replaceAtomically(path, with: "BEGIN:VCALENDAR\nX-TWO:2\n")
            XCTAssertTrue(MainLoop.iterate(until: { events.contains(.replaced) }), "got \(events)")
            XCTAssertFalse(events.contains(.movedAway), "the temporary file's name is not ours: \(events)")
        }
    }

    func testWritesInPlaceAndDeletionAreReportedButOtherFilesAreNot() throws {
        let (path, folder) = (path, folder!)
        try onMain {
            var events: [FileMonitor.Event] = []
            let monitor = try FileMonitor(path: path) { events.append($0) }
            try Data("unrelated".utf8).write(to: folder.appendingPathComponent("other.ics"))
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            handle.seekToEndOfFile()
            handle.write(Data("X-MORE:1\n".utf8))
            handle.closeFile()
            XCTAssertTrue(MainLoop.iterate(until: { events.contains(.changesDone) }), "got \(events)")
            XCTAssertTrue(events.allSatisfy { [.changed, .changesDone, .attributesChanged].contains($0) },
                          "nothing about other.ics: \(events)")
            try FileManager.default.removeItem(atPath: path)
            XCTAssertTrue(MainLoop.iterate(until: { events.contains(.deleted) }), "got \(events)")
            _ = monitor
        }
    }

    func testASymlinkIsFollowedToTheRealFile() throws {
        let (path, folder) = (path, folder!)
        try onMain {
            let link = folder.appendingPathComponent("link.ics").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
            var events: [FileMonitor.Event] = []
            let monitor = try FileMonitor(path: link) { events.append($0) }
            XCTAssertTrue(monitor.path.hasSuffix("/work.ics"))
            try Self.replaceAtomically(path, with: "BEGIN:VCALENDAR\n")
            XCTAssertTrue(MainLoop.iterate(until: { events.contains(.replaced) }), "got \(events)")
        }
    }

    func testAFileThatDoesNotExistYetIsReportedWhenItAppears() throws {
        let folder = folder!
        try onMain {
            let later = folder.appendingPathComponent("later.ics").path
            var events: [FileMonitor.Event] = []
            let monitor = try FileMonitor(path: later) { events.append($0) }
            try Data("BEGIN:VCALENDAR\n".utf8).write(to: URL(fileURLWithPath: later)) // atomically: false
            XCTAssertTrue(MainLoop.iterate(until: { events.contains(.created) || events.contains(.replaced) }),
                          "got \(events)")
            _ = monitor
        }
    }

    func testFolderEventsAreMappedForTheWatchedNameOnly() {
        let name = "work.ics"
        XCTAssertEqual(FileMonitor.event(G_FILE_MONITOR_EVENT_RENAMED, file: ".tmp", other: name, name: name), .replaced)
        XCTAssertEqual(FileMonitor.event(G_FILE_MONITOR_EVENT_RENAMED, file: name, other: "old.ics", name: name), .movedAway)
        XCTAssertNil(FileMonitor.event(G_FILE_MONITOR_EVENT_RENAMED, file: "a", other: "b", name: name))
        XCTAssertEqual(FileMonitor.event(G_FILE_MONITOR_EVENT_MOVED_IN, file: name, other: nil, name: name), .replaced)
        XCTAssertEqual(FileMonitor.event(G_FILE_MONITOR_EVENT_MOVED_OUT, file: name, other: nil, name: name), .movedAway)
        XCTAssertEqual(FileMonitor.event(G_FILE_MONITOR_EVENT_DELETED, file: name, other: nil, name: name), .deleted)
        XCTAssertNil(FileMonitor.event(G_FILE_MONITOR_EVENT_CHANGED, file: "other.ics", other: nil, name: name))
    }

    func testDroppingTheMonitorStopsEventsAndFreesEverything() throws {
        let path = path
        try onMain {
            weak var weakToken: Token?
            var calls = 0
            var monitor: FileMonitor?
            do {
                let token = Token()
                weakToken = token
                monitor = try FileMonitor(path: path) { _ in _ = token; calls += 1 }
            }
            let probe = WeakObjectProbe(try XCTUnwrap(monitor))
            monitor = nil
            MainLoop.drain()
            XCTAssertFalse(probe.isAlive, "the GFileMonitor is finalized")
            XCTAssertNil(weakToken, "and its handler released")
            try Self.replaceAtomically(path, with: "x")
            _ = MainLoop.iterate(until: { calls > 0 }, timeout: 0.3)
            XCTAssertEqual(calls, 0)
        }
    }
}
