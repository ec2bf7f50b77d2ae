import CalendarEditing
import FileSafety
import Foundation
import ICalendarReading

/// Which versions of the user's calendar files Koyomi may parse in its own process.
///
/// A version is trusted once a child process parsed it under limits (`ParseGuard`), or when
/// Koyomi saved it itself over a trusted version (its content is then what was parsed before
/// plus Koyomi's own edit). Anything else — a new file, one another program changed, one a sync
/// filled from a server — goes through the child again. Each file's trusted version is one
/// small stamp beside the reopen cache (the same key: path, device, inode, size, modification
/// time and a hash of both ends); a lost or damaged stamp only costs one more child parse.
public struct ParseTrust: TrustedVersions, Equatable {
    private static let magic = Array("KOYOMI-TRUST\n".utf8)

    /// Where the stamps are kept: the reopen cache's folder.
    public let folder: String

    public init(folder: String) {
        self.folder = folder
    }

    /// Beside the reopen cache (`$XDG_CACHE_HOME/koyomi`, else `~/.cache/koyomi`); nil when
    /// neither is known, and then every parse goes through the child.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> ParseTrust? {
        ReopenCache.defaultFolder(environment: environment).map(ParseTrust.init(folder:))
    }

    /// Whether the file at `path`, as it is now, is a version Koyomi may parse itself.
    public func trusts(path: String) -> Bool {
        trustedIdentity(path: path) != nil
    }

    /// The identity of the file at `path` as it is now when that version is trusted, else nil:
    /// whoever then reads it compares the identity of what it read with this one.
    public func trustedIdentity(path: String) -> FileIdentity? {
        guard let key = Self.key(path: path), stampedKey(path: path) == key else { return nil }
        return key.identity
    }

    /// Trusts the file at `path` if it is still the version `identity` (Koyomi just saved it
    /// over a trusted one): a version another program put there meanwhile is not stamped.
    /// Best effort: without the stamp the next read goes through the child.
    public func trust(path: String, ifStill identity: FileIdentity) {
        guard let key = Self.key(path: path), key.identity == identity else { return }
        trust(key)
    }

    func trust(_ key: ReopenCache.Key) {
        var out = CacheWriter()
        out.append(Self.magic)
        ReopenCache.writeKey(Self.neutral(key), to: &out)
        TempFiles.replaceQuietly(stamp(for: key.path), with: [out.bytes])
    }

    private func stampedKey(path: String) -> ReopenCache.Key? {
        guard let data = FileManager.default.contents(atPath: stamp(for: path)) else { return nil }
        return data.withUnsafeBytes { raw in
            var reader = CacheReader(raw)
            guard let magic = reader.raw(Self.magic.count), magic.elementsEqual(Self.magic),
                  let stored = ReopenCache.readKey(&reader), reader.isAtEnd else { return nil }
            return stored
        }
    }

    /// The file's key as it is now, without a time zone (trust does not depend on one).
    static func key(path: String) -> ReopenCache.Key? {
        ReopenCache.currentKey(path: path, timeZone: TimeZone(identifier: "UTC") ?? .gmt).map(neutral)
    }

    private static func neutral(_ key: ReopenCache.Key) -> ReopenCache.Key {
        ReopenCache.Key(path: key.path, identity: key.identity, timeZone: "", contentHash: key.contentHash)
    }

    private func stamp(for path: String) -> String {
        ReopenCache.file(in: folder, for: path, ending: "trusted")
    }
}
