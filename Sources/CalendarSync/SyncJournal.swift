import FileSafety
import Foundation
import ICalendarReading

/// What a push changed in the sync state since it was last saved whole, one JSON line per
/// change, appended beside the state (`<state>.journal`).
///
/// Saving the whole state after each upload made a push quadratic (at 50,000 plans one save
/// takes a good part of a second). A line costs the same at any size; the state is saved whole
/// once, when the push ends, and `SyncState.load` replays a journal left by a push that was cut
/// off, so every upload it recorded is known (a torn last line is the one upload not recorded:
/// the next sync meets that copy on the server and adopts it). While uploads go on, the lines
/// are flushed to the disk at most once a second (at the next line written after a second),
/// and when the push ends.
final class SyncJournal {
    enum Entry: Codable, Equatable {
        /// Where the server keeps the plan now; nil: it is gone there.
        case resource(uid: String, resource: SyncState.Resource?)
        case conflict(SyncConflict)
    }

    private let path: String
    private let fd: Int32
    private var lastSync = Date()

    static func path(forState statePath: String) -> String { statePath + ".journal" }

    /// Opens the journal of the state at `statePath` for appending (made if missing).
    init(statePath: String) throws {
        path = Self.path(forState: statePath)
        fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SaveError.system(path: path, operation: "open", errno: errno) }
    }

    deinit {
        fsync(fd)
        close(fd)
    }

    func append(_ entry: Entry) throws {
        // One write of the whole line (O_APPEND): a crash leaves it whole or cut, never mixed.
        try FileBytes.writeAll([UInt8](try JSONEncoder().encode(entry)) + [0x0A], to: fd, path: path)
        if Date().timeIntervalSince(lastSync) >= 1 {
            fsync(fd)
            lastSync = Date()
        }
    }

    /// The entries of the journal at `path` in order, up to the first that cannot be read
    /// (a line cut off by a crash); none when there is no journal.
    static func entries(at path: String) -> [Entry] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        var entries: [Entry] = []
        for line in data.split(separator: 0x0A) {
            guard let entry = try? JSONDecoder().decode(Entry.self, from: line) else { break }
            entries.append(entry)
        }
        return entries
    }
}

extension SyncState {
    mutating func apply(_ entry: SyncJournal.Entry) {
        switch entry {
        case let .resource(uid, resource): resources[uid] = resource
        case let .conflict(conflict): recordConflict(conflict)
        }
    }
}
