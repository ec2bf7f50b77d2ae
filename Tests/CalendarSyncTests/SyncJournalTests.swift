@testable import CalendarSync
import Foundation
import XCTest

/// A push records each upload as a journal line instead of saving the whole state each time
/// (issue 15: quadratic at 50,000 plans); a push cut off leaves a journal the next load replays.
final class SyncJournalTests: LocalCalendarTestCase {
    private let collection = URL(string: "http://127.0.0.1:5232/user/work/")!

    private func resource(_ name: String) -> SyncState.Resource {
        SyncState.Resource(href: "/user/work/\(name).ics", etag: "\"\(name)-1\"", fingerprint: "f-\(name)")
    }

    func testACutOffPushIsReplayedAndTheNextWholeSaveSpendsIt() throws {
        let statePath = folder.appendingPathComponent("sync/work.json").path
        var state = SyncState(collection: collection)
        state.resources = ["a": resource("a"), "b": resource("b")]
        try state.save(path: statePath)
        let conflict = SyncConflict(uid: "c", kind: .bothChanged, href: "/user/work/c.ics", serverText: "BEGIN:VCALENDAR",
                                    serverETag: "\"c-2\"", title: "Tea")
        do {
            let journal = try SyncJournal(statePath: statePath)
            try journal.append(.resource(uid: "d", resource: resource("d")))   // created
            try journal.append(.resource(uid: "a", resource: nil))             // deleted there
            try journal.append(.resource(uid: "c", resource: nil))
            try journal.append(.conflict(conflict))
        }
        // The process died in the middle of the next line.
        let journalPath = SyncJournal.path(forState: statePath)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: journalPath))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"resource":{"uid":"e","resou"#.utf8))
        try handle.close()

        let loaded = try SyncState.load(path: statePath, collection: collection)
        XCTAssertEqual(loaded.resources, ["b": resource("b"), "d": resource("d")])
        XCTAssertEqual(loaded.conflicts, [conflict])

        try loaded.save(path: statePath)
        XCTAssertFalse(FileManager.default.fileExists(atPath: journalPath), "a whole save spends the journal")
        XCTAssertEqual(try SyncState.load(path: statePath, collection: collection), loaded)
    }
}
