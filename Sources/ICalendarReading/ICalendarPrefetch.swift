import Dispatch
import FileSafety
import Foundation
import Synchronization

/// Calendar files read ahead, before anyone asks for them: the app starts reading its files
/// as it starts up, while GTK connects to the display and the session bus (about 100 ms),
/// and the window's loader then takes each result instead of reading the file again.
///
/// A file read ahead is handed out only for the same path, calendar, time zone, cache folder
/// and parse guard, and only while the file still has the identity it had when the read began:
/// otherwise the taker reads it again, so the window shows what the file holds from the
/// moment it watches it. Each result is handed out once; what nobody takes is freed with
/// the prefetch.
public final class ICalendarPrefetch: Sendable {
    public typealias Loaded = Result<(file: ICalendarFile, cacheWrite: ReopenCacheWrite?), ICalendarError>

    /// One file's read: its options, the identity before reading, and the result when done.
    private final class Entry: @unchecked Sendable {
        let options: ICalendarLoadOptions
        let identity: FileIdentity?
        let done = DispatchSemaphore(value: 0)
        /// Set with `done`, for a look that does not wait (`takeIfRead`).
        let isRead = Atomic(false)
        /// Written once by the reading thread before `done` is signalled; read after waiting.
        var loaded: Loaded?

        init(options: ICalendarLoadOptions, identity: FileIdentity?) {
            self.options = options
            self.identity = identity
        }
    }

    private let entries: Mutex<[String: Entry]>

    /// Starts reading every file at once, each on its own low-priority thread.
    public init(_ files: [(path: String, options: ICalendarLoadOptions)]) {
        var entries: [String: Entry] = [:]
        for (path, options) in files where entries[path] == nil {
            let entry = Entry(options: options, identity: FileIdentity.of(path: path))
            // One file is parsed while the window starts; the others once it has painted.
            // Reading the reopen cache costs little: it starts at once.
            var held = options
            held.holdsLargeParse = !entries.isEmpty
            entries[path] = entry
            ParallelChunks.detach { [held] in
                let options = held
                entry.loaded = Result { () throws(ICalendarError) in
                    try ICalendarFile.loadLeavingCacheWrite(path: path, options: options)
                }
                entry.isRead.store(true, ordering: .releasing)
                entry.done.signal()
            }
        }
        self.entries = Mutex(entries)
    }

    /// The first part the read of `path` hands over (`ICalendarLoadOptions.firstPart`), if it
    /// was asked for one and has not been taken yet.
    public func firstPart(path: String) -> FirstPart? {
        entries.withLock { $0[path]?.options.firstPart }
    }

    /// The read of `path` started with the same calendar, zone and cache folder, waiting for
    /// it to finish; nil when there is none or the file changed since. The file gets the
    /// fallback colour and read-only state of `options`.
    func take(path: String, options: ICalendarLoadOptions) -> Loaded? {
        guard let entry = entries.withLock({ $0.removeValue(forKey: path) }) else { return nil }
        return take(entry, path: path, options: options)
    }

    /// Whether the read of `path` has finished and waits to be taken.
    public func isRead(path: String) -> Bool { readSize(path: path) != nil }

    /// The size of `path` as its finished read found it (0 if it could not be looked at); nil
    /// while it is still being read, or when there is no read of it waiting to be taken.
    public func readSize(path: String) -> Int64? {
        entries.withLock { Self.finished(path, in: $0).map { $0.identity?.size ?? 0 } }
    }

    /// `take(path:options:)` if the read of `path` has finished; nil, leaving it to be taken
    /// later, while it is still being read.
    public func takeIfRead(path: String, options: ICalendarLoadOptions) -> Loaded? {
        guard let entry = entries.withLock({ entries -> Entry? in
            guard Self.finished(path, in: entries) != nil else { return nil }
            return entries.removeValue(forKey: path)
        }) else { return nil }
        return take(entry, path: path, options: options)
    }

    /// The read of `path` if it has finished and waits to be taken.
    private static func finished(_ path: String, in entries: [String: Entry]) -> Entry? {
        guard let entry = entries[path], entry.isRead.load(ordering: .acquiring) else { return nil }
        return entry
    }

    private func take(_ entry: Entry, path: String, options: ICalendarLoadOptions) -> Loaded? {
        guard entry.options.id == options.id, entry.options.timeZone.identifier == options.timeZone.identifier,
              entry.options.cacheFolder == options.cacheFolder,
              sameParseDelegate(entry.options.parseDelegate, options.parseDelegate) else { return nil }
        entry.done.wait()
        guard let loaded = entry.loaded, let identity = entry.identity,
              FileIdentity.of(path: path) == identity else { return nil }
        return loaded.map { loaded in
            loaded.file.relabel(fallbackColor: options.fallbackColor, isReadOnly: options.isReadOnly)
            return loaded
        }
    }
}
