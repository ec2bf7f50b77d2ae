import Foundation

/// The last few versions of each saved file, in a folder of their own
/// (`$XDG_DATA_HOME/koyomi/backups/`), never next to the calendars: a backup there would be
/// read as one more calendar. Names are "<file>-<hash of its full path>.<n>.bak".
public struct BackupStore: Sendable {
    public let directory: URL
    /// How many versions per file are kept.
    public let keep: Int

    public init(directory: URL, keep: Int = 5) {
        self.directory = directory
        self.keep = max(1, keep)
    }

    /// `$XDG_DATA_HOME/koyomi/backups` (default `~/.local/share/koyomi/backups`).
    public static func standard(environment: [String: String], keep: Int = 5) -> BackupStore {
        BackupStore(directory: Folders.data(environment: environment).appendingPathComponent("backups"), keep: keep)
    }

    /// Backups of the file at `path`, oldest first.
    public func backups(of path: String) -> [URL] {
        let stem = self.stem(path)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return entries.compactMap { entry -> (Int, URL)? in
            guard entry.hasPrefix(stem + "."), entry.hasSuffix(".bak"),
                  let number = Int(entry.dropFirst(stem.count + 1).dropLast(4)) else { return nil }
            return (number, directory.appendingPathComponent(entry))
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Stores one more version and drops the oldest beyond `keep`.
    public func keep(_ data: Data, of path: String) throws(SaveError) {
        try Folders.create(directory)
        let existing = backups(of: path)
        let next = (existing.last.flatMap { Int($0.deletingPathExtension().pathExtension) } ?? 0) + 1
        let url = directory.appendingPathComponent("\(stem(path)).\(next).bak")
        try AtomicFileWriter().write(data, to: url.path, expecting: nil)
        for old in (existing + [url]).dropLast(keep) {
            unlink(old.path)
        }
    }

    /// The file's name plus a stable hash (FNV-1a) of its full path, so equal names in
    /// different folders do not mix.
    private func stem(_ path: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in path.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return (path as NSString).lastPathComponent + "-" + String(hash, radix: 16)
    }
}
