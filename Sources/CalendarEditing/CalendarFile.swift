import FileSafety
import Foundation

/// One editable `.ics` on disk: its document and the identity of the version it was read
/// from. Every change goes through `modify`, which never overwrites another program's save:
/// it reloads and applies the edit again to the new content instead.
///
/// Used from one thread at a time (the window's main thread, or one command).
public final class CalendarFile {
    /// The path as given (a symlink stays a symlink: saves replace its target).
    public let path: String
    /// The content as last read or saved.
    public private(set) var document: CalendarDocument
    /// The version `document` was read from or saved as.
    public private(set) var identity: FileIdentity
    private let timeZone: TimeZone
    private let writer: AtomicFileWriter
    /// Carries the trust (CalendarVetting's `ParseTrust`) from the version read to the version
    /// saved; nil when an edit may bring content from outside (a sync's download), which must
    /// be checked again.
    private let trust: (any TrustedVersions)?

    /// How often `modify` re-applies an edit when other writers keep changing the file.
    static let retries = 2

    /// Reads the file. Throws `ICalendarError` (not a calendar) or `SaveError` (cannot read).
    /// - Parameter writer: the app passes `AtomicFileWriter(backups: BackupStore.standard(…))`.
    /// - Parameter trust: where a save made over a trusted version is stamped trusted too.
    public init(path: String, timeZone: TimeZone, writer: AtomicFileWriter, trust: (any TrustedVersions)? = nil) throws {
        self.path = path
        self.timeZone = timeZone
        self.writer = writer
        self.trust = trust
        (document, identity) = try CalendarDocument.load(path: path, timeZone: timeZone)
    }

    /// Whether the file on disk is no longer the version read (changed, replaced or gone).
    public func hasChangedOnDisk() -> Bool {
        FileIdentity.of(path: path) != identity
    }

    /// Reads the file again (the window calls this when its file monitor fires).
    public func reload() throws {
        (document, identity) = try CalendarDocument.load(path: path, timeZone: timeZone)
    }

    /// Applies `body` to the current content and saves atomically.
    ///
    /// Reloads first when the file changed on disk. When another program saves between our
    /// read and our rename (`SaveError.changedOnDisk`), the file is reloaded and `body` runs
    /// again on the new content (up to `retries` times), so their change is kept and ours is
    /// added to it. When the edit no longer applies (its event was removed meanwhile), the
    /// error `body` throws is passed on and nothing is written. An edit that changes nothing
    /// writes nothing.
    ///
    /// The re-read, the edit and the save happen under the folder's lock, so another Koyomi
    /// (the window, a sync, a script) can never save in between: their edits and ours simply
    /// queue. Only a program that does not take the lock can still race us, and then the
    /// edit is applied again on its content.
    @discardableResult
    public func modify<T>(_ body: (inout CalendarDocument) throws -> T) throws -> T {
        let held = try writer.lock(forSaving: path)
        if hasChangedOnDisk() { try reload() }
        for attempt in 0...Self.retries {
            var edited = document
            let result = try body(&edited)
            if edited == document { return result }
            // Koyomi's own edit on a version it parsed safely before stays safe to parse here.
            let wasTrusted = trust?.trusts(path: path) ?? false
            if let saved = try save(edited, holding: held, isLastAttempt: attempt == Self.retries) {
                if wasTrusted { trust?.trust(path: path, ifStill: saved) }
                identity = saved
                document = edited
                return result
            }
            try reload()
        }
        // Not reached: the last attempt either saves or throws.
        throw SaveError.changedOnDisk(path: path)
    }

    /// The new identity; nil when another program changed the file (retry on its content).
    private func save(_ edited: CalendarDocument, holding held: FolderLock,
                      isLastAttempt: Bool) throws(SaveError) -> FileIdentity? {
        do {
            return try writer.write(edited.data, to: path, expecting: identity, holding: held)
        } catch {
            guard case .changedOnDisk = error, !isLastAttempt else { throw error }
            return nil
        }
    }
}
