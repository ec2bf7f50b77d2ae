import CalendarModel
import FileSafety
import Foundation

/// A compact binary copy of a parsed file, so reopening an unchanged calendar skips the
/// parse. The .ics stays the only source of truth: a cache is used only when everything in
/// its key still matches the file (path, device, inode, size, modification time to the
/// nanosecond, the user's time zone, the format version and a hash of the file's first and
/// last 4 KB) and its payload checksum holds; stale, foreign, truncated or garbage caches
/// are ignored and rewritten by the next parse. Writes are atomic (temporary file + rename)
/// and failures are silent: the cache only ever saves time.
package struct ReopenCache {
    /// What must match for a cache to stand for the file.
    package struct Key: Equatable {
        package var path: String
        package var identity: FileIdentity
        package var timeZone: String
        package var contentHash: UInt64

        package init(path: String, identity: FileIdentity, timeZone: String, contentHash: UInt64) {
            self.path = path
            self.identity = identity
            self.timeZone = timeZone
            self.contentHash = contentHash
        }
    }

    static let formatVersion: UInt64 = 3
    private static let magic = Array("KOYOMI-REOPEN\n".utf8)
    /// How much of each end of the file the key hashes.
    static let edgeSize = 4096

    let folder: String
    let minimumSize: Int

    /// `$XDG_CACHE_HOME/koyomi`, else `~/.cache/koyomi`; nil when neither is known.
    package static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") { return base + "/koyomi" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.cache/koyomi"
    }

    /// The key of the file as it is now; nil when it cannot be read or is too small to cache.
    func key(path: String, timeZone: TimeZone) -> Key? {
        // A stat first: a small file (most calendars) is not opened and read for nothing.
        guard let size = FileIdentity.of(path: path)?.size, size >= minimumSize,
              let key = Self.currentKey(path: path, timeZone: timeZone), key.identity.size >= minimumSize else { return nil }
        return key
    }

    /// The key of the file as it is now, whatever its size; nil when it cannot be read or is
    /// not a regular file (opened without waiting: a named pipe must not hold the caller).
    package static func currentKey(path: String, timeZone: TimeZone) -> Key? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, FileIdentity.kindIfNotRegular(info.st_mode) == nil else { return nil }
        let identity = FileIdentity(info)
        func bytes(at offset: Int64) -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: Self.edgeSize)
            let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, Self.edgeSize, off_t(offset)) }
            return count < 0 ? nil : Array(buffer.prefix(count))
        }
        guard let head = bytes(at: 0), let tail = bytes(at: max(0, identity.size - Int64(Self.edgeSize))) else { return nil }
        return Key(path: path, identity: identity, timeZone: timeZone.identifier, contentHash: Self.fnv(tail, seed: Self.fnv(head)))
    }

    /// The cached parse for `key`, or nil when there is none that matches exactly.
    func read(key: Key, calendarID: CalendarID, userZone: TimeZone) -> (ParsedCalendar, TimeZoneTable)? {
        guard let data = FileManager.default.contents(atPath: file(for: key.path)),
              let (stored, parsed, zones) = Self.decode(data, calendarID: calendarID, userZone: userZone),
              stored == key else { return nil }
        return (parsed, zones)
    }

    /// A whole cache image read back: the key it was made for and the parse; nil when the
    /// bytes are not one (foreign, truncated, another format, a checksum that fails).
    package static func decode(_ data: Data, calendarID: CalendarID,
                               userZone: TimeZone) -> (Key, ParsedCalendar, TimeZoneTable)? {
        data.withUnsafeBytes { raw -> (Key, ParsedCalendar, TimeZoneTable)? in
            var reader = CacheReader(raw)
            guard let magic = reader.raw(Self.magic.count), magic.elementsEqual(Self.magic),
                  reader.unsigned() == Self.formatVersion, let stored = Self.readKey(&reader),
                  let length = reader.unsigned(), let checksum = reader.unsigned(),
                  let payload = reader.raw(Int(clamping: length)), reader.isAtEnd,
                  Fingerprint.of(payload) == checksum else { return nil }
            var body = CacheReader(payload)
            guard let (parsed, zones) = body.parsed(calendarID: calendarID, userZone: userZone), body.isAtEnd else { return nil }
            return (stored, parsed, zones)
        }
    }

    /// A cache image of `parsed` under `key`, as a header and a payload to be written one
    /// after the other; nil when the parse cannot be stored faithfully.
    package static func encode(_ parsed: ParsedCalendar, key: Key) -> (header: [UInt8], payload: [UInt8])? {
        var payload = CacheWriter()
        guard payload.parsed(parsed) else { return nil }
        var out = CacheWriter()
        out.append(Self.magic)
        out.unsigned(Self.formatVersion)
        writeKey(key, to: &out)
        out.unsigned(UInt64(payload.bytes.count))
        out.unsigned(payload.bytes.withUnsafeBytes { Fingerprint.of($0) })
        return (out.bytes, payload.bytes)
    }

    /// Stores `parsed` under `key`; does nothing when it cannot be stored faithfully.
    func write(_ parsed: ParsedCalendar, key: Key) {
        guard let (header, payload) = Self.encode(parsed, key: key) else { return }
        // Best effort: without a cache the next open parses again.
        TempFiles.replaceQuietly(file(for: key.path), with: [header, payload])
    }

    /// One cache file per path, named by the path's hash (the path itself is in the key).
    func file(for path: String) -> String {
        Self.file(in: folder, for: path, ending: "reopen")
    }

    /// `folder/<hash of path>.<ending>`: the cache's files and their neighbours
    /// (CalendarVetting's `ParseTrust`).
    package static func file(in folder: String, for path: String, ending: String) -> String {
        folder + "/" + String(fnv(Data(path.utf8)), radix: 16) + "." + ending
    }

    package static func writeKey(_ key: Key, to out: inout CacheWriter) {
        out.string(key.path)
        out.unsigned(key.identity.device)
        out.unsigned(key.identity.inode)
        out.int(Int(key.identity.size))
        out.int(Int(key.identity.modifiedSeconds))
        out.int(Int(key.identity.modifiedNanoseconds))
        out.string(key.timeZone)
        out.unsigned(key.contentHash)
    }

    package static func readKey(_ reader: inout CacheReader) -> Key? {
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

    public func perform() {
        guard cache.key(path: key.path, timeZone: timeZone) == key else { return }
        cache.write(parsed, key: key)
    }
}
