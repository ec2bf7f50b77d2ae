import CalendarModel
import Foundation

/// A compact binary copy of a parsed file, so reopening an unchanged calendar skips the
/// parse. The .ics stays the only source of truth: a cache is used only when everything in
/// its key still matches the file (path, device, inode, size, modification time to the
/// nanosecond, the user's time zone, the format version and a hash of the file's first and
/// last 4 KB) and its payload checksum holds; stale, foreign, truncated or garbage caches
/// are ignored and rewritten by the next parse. Writes are atomic (temporary file + rename)
/// and failures are silent: the cache only ever saves time.
struct ReopenCache {
    /// What must match for a cache to stand for the file.
    struct Key: Equatable {
        var path: String
        var identity: FileIdentity
        var timeZone: String
        var contentHash: UInt64
    }

    static let formatVersion: UInt64 = 3
    private static let magic = Array("KOYOMI-REOPEN\n".utf8)
    /// How much of each end of the file the key hashes.
    static let edgeSize = 4096

    let folder: String
    let minimumSize: Int

    /// `$XDG_CACHE_HOME/koyomi`, else `~/.cache/koyomi`; nil when neither is known.
    static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") { return base + "/koyomi" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.cache/koyomi"
    }

    /// The key of the file as it is now; nil when it cannot be read or is too small to cache.
    func key(path: String, timeZone: TimeZone) -> Key? {
        guard let identity = FileIdentity.of(path: path), identity.size >= minimumSize,
              let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        do {
            let head = try handle.read(upToCount: Self.edgeSize) ?? Data()
            let tailStart = max(0, identity.size - Int64(Self.edgeSize))
            try handle.seek(toOffset: UInt64(tailStart))
            let tail = try handle.read(upToCount: Self.edgeSize) ?? Data()
            var hash = Self.fnv(head)
            hash = Self.fnv(tail, seed: hash)
            return Key(path: path, identity: identity, timeZone: timeZone.identifier, contentHash: hash)
        } catch {
            return nil
        }
    }

    /// The cached parse for `key`, or nil when there is none that matches exactly.
    func read(key: Key, calendarID: CalendarID, userZone: TimeZone) -> (ParsedCalendar, TimeZoneTable)? {
        guard let data = FileManager.default.contents(atPath: file(for: key.path)) else { return nil }
        return data.withUnsafeBytes { raw -> (ParsedCalendar, TimeZoneTable)? in
            var reader = CacheReader(raw)
            guard let magic = reader.raw(Self.magic.count), magic.elementsEqual(Self.magic),
                  reader.unsigned() == Self.formatVersion, let stored = Self.readKey(&reader), stored == key,
                  let length = reader.unsigned(), let checksum = reader.unsigned(),
                  let payload = reader.raw(Int(clamping: length)), reader.isAtEnd,
                  Fingerprint.of(payload) == checksum else { return nil }
            var body = CacheReader(payload)
            guard let result = body.parsed(calendarID: calendarID, userZone: userZone), body.isAtEnd else { return nil }
            return result
        }
    }

    /// Stores `parsed` under `key`; does nothing when it cannot be stored faithfully.
    func write(_ parsed: ParsedCalendar, key: Key) {
        var payload = CacheWriter()
        guard payload.parsed(parsed) else { return }
        var out = CacheWriter()
        out.append(Self.magic)
        out.unsigned(Self.formatVersion)
        out.string(key.path)
        out.unsigned(key.identity.device)
        out.unsigned(key.identity.inode)
        out.int(Int(key.identity.size))
        out.int(Int(key.identity.modifiedSeconds))
        out.int(Int(key.identity.modifiedNanoseconds))
        out.string(key.timeZone)
        out.unsigned(key.contentHash)
        out.unsigned(UInt64(payload.bytes.count))
        out.unsigned(payload.bytes.withUnsafeBytes { Fingerprint.of($0) })
        // Header and payload go to a temporary file one after the other and it is renamed into
        // place: no joined copy of a cache of megabytes, and never a half-written cache.
        let target = file(for: key.path)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            let (temporary, fd) = try TempFiles.create(in: folder, for: (target as NSString).lastPathComponent)
            var written = true
            do {
                try FileBytes.writeAll(out.bytes, to: fd, path: temporary)
                try FileBytes.writeAll(payload.bytes, to: fd, path: temporary)
            } catch {
                written = false
            }
            if close(fd) != 0 || !written || rename(temporary, target) != 0 { unlink(temporary) }
        } catch {
            // Best effort: without a cache the next open parses again.
        }
    }

    /// One cache file per path, named by the path's hash (the path itself is in the key).
    func file(for path: String) -> String {
        folder + "/" + String(Self.fnv(Data(path.utf8)), radix: 16) + ".reopen"
    }

    private static func readKey(_ reader: inout CacheReader) -> Key? {
        guard let path = reader.string(), let device = reader.unsigned(), let inode = reader.unsigned(),
              let size = reader.int(), let seconds = reader.int(), let nanoseconds = reader.int(),
              let zone = reader.string(), let hash = reader.unsigned() else { return nil }
        var identity = stat()
        identity.st_dev = .init(truncatingIfNeeded: device)
        identity.st_ino = .init(truncatingIfNeeded: inode)
        identity.st_size = .init(truncatingIfNeeded: size)
        identity.st_mtim = timespec(tv_sec: .init(truncatingIfNeeded: seconds), tv_nsec: .init(truncatingIfNeeded: nanoseconds))
        return Key(path: path, identity: FileIdentity(identity), timeZone: zone, contentHash: hash)
    }

    /// FNV-1a, 64 bits (`Fingerprint`): enough to notice a changed file or a damaged cache
    /// (not an adversary). Region by region, as raw bytes.
    static func fnv<Bytes: DataProtocol>(_ bytes: Bytes, seed: UInt64 = Fingerprint.empty) -> UInt64 {
        bytes.regions.reduce(seed) { hash, region in region.withUnsafeBytes { Fingerprint.of($0, continuing: hash) } }
    }
}

/// A fresh parse waiting to be stored in the reopen cache (see `ICalendarFile.loadLeavingCacheWrite`).
/// It is stored only if the file still has the identity it had when reading began, so a file
/// changed meanwhile is parsed again next time. Performed once, on any thread.
public struct ReopenCacheWrite: @unchecked Sendable {
    let cache: ReopenCache
    let key: ReopenCache.Key
    let timeZone: TimeZone
    // Plain values (strings, dates, libical's rule structs without pointers): safe to hand over.
    let parsed: ParsedCalendar

    /// Performs `writes` on a low-priority thread of their own and returns at once.
    public static func performInBackground(_ writes: [ReopenCacheWrite]) {
        guard !writes.isEmpty else { return }
        pending.enter()
        ParallelChunks.detach {
            writes.forEach { $0.perform() }
            pending.leave()
        }
    }

    /// Waits (at most `timeout` seconds) for the writes `performInBackground` started: a window
    /// closed right after opening must not exit halfway, or the next start parses again.
    public static func waitForBackgroundWrites(timeout: TimeInterval) {
        _ = pending.wait(timeout: .now() + timeout)
    }

    private static let pending = DispatchGroup()

    public func perform() {
        guard cache.key(path: key.path, timeZone: timeZone) == key else { return }
        cache.write(parsed, key: key)
    }
}
