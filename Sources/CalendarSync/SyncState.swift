import FileSafety
import Foundation

/// What the last sync of one calendar saw, kept beside the calendars in
/// `$XDG_DATA_HOME/koyomi/sync/` (never inside the .ics): the collection, the server's sync
/// token, and per plan (UID) where the server keeps it, its ETag exactly as received, and a
/// fingerprint of the plan's text in the local file at that moment. A plan whose text no
/// longer matches its fingerprint was changed here since; one missing from the file was
/// deleted here; one missing from `resources` was made here. That is the offline queue: it
/// survives a crash or a kill because it is derived from the file itself.
public struct SyncState: Codable, Equatable, Sendable {
    public struct Resource: Codable, Equatable, Sendable {
        public var href: String
        /// Nil when the server did not send one with the upload (read again on the next listing).
        public var etag: String?
        public var fingerprint: String
    }

    public var collection: URL
    public var syncToken: String?
    public var resources: [String: Resource] = [:]
    /// Plans changed on both sides (or deleted on one), waiting for the user's choice.
    public var conflicts: [SyncConflict] = []

    public init(collection: URL) {
        self.collection = collection
    }

    /// The UID the server keeps at `href`.
    /// Every known resource's UID by its href, for many lookups at once.
    func uidsByHref() -> [String: String] {
        Dictionary(resources.map { ($0.value.href, $0.key) }) { first, _ in first }
    }

    /// Reads the state at `path`; a missing file is a first sync. A file that cannot be read
    /// is an error, never silently a first sync (that would upload everything again).
    public static func load(path: String, collection: URL) throws -> SyncState {
        guard FileManager.default.fileExists(atPath: path) else { return SyncState(collection: collection) }
        let data = try AtomicFileWriter.read(path: path).data
        do {
            let state = try JSONDecoder().decode(SyncState.self, from: data)
            guard state.collection == collection else {
                throw SyncError.stateMismatch(path: path, collection: state.collection)
            }
            // What a push cut off after its last whole save had recorded.
            var replayed = state
            SyncJournal.entries(at: SyncJournal.path(forState: path)).forEach { replayed.apply($0) }
            return replayed
        } catch let error as SyncError {
            throw error
        } catch {
            throw SyncError.unreadableState(path: path, reason: "\(error)")
        }
    }

    /// Writes atomically (temporary file, fsync, rename), so a kill leaves the old or the new;
    /// the journal of the changes since the last whole save is then spent.
    public func save(path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(self)
        try Folders.create(URL(fileURLWithPath: (path as NSString).deletingLastPathComponent))
        let current = FileIdentity.of(path: path)
        try AtomicFileWriter().write(data, to: path, expecting: current)
        unlink(SyncJournal.path(forState: path))
    }
}
