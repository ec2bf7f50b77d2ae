import Foundation

/// Temporary files for atomic saves: hidden, next to the target (same file system, so the
/// rename is atomic), named after it so leftovers of a killed save can be found and removed.
public enum TempFiles {
    static func prefix(for name: String) -> String { ".\(name).koyomi-" }
    static let suffix = ".tmp"

    static func create(in folder: String, for name: String) throws(SaveError) -> (path: String, fd: Int32) {
        for _ in 0..<100 {
            let token = UUID().uuidString.prefix(8)
            let path = (folder as NSString).appendingPathComponent(prefix(for: name) + token + suffix)
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 { return (path, fd) }
            if errno != EEXIST { throw SaveError.system(path: path, operation: "create temporary file", errno: errno) }
        }
        throw SaveError.system(path: folder, operation: "create temporary file", errno: EEXIST)
    }

    /// Writes `parts` one after the other to a temporary file in `target`'s folder (made if
    /// missing, private) and renames it over `target`: never half a file there, and no joined
    /// copy of large parts. Best effort, for caches: a failure leaves `target` as it was.
    public static func replaceQuietly(_ target: String, with parts: [[UInt8]]) {
        let folder = (target as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            let (temporary, fd) = try create(in: folder, for: (target as NSString).lastPathComponent)
            var written = true
            do {
                for part in parts { try FileBytes.writeAll(part, to: fd, path: temporary) }
            } catch {
                written = false
            }
            if close(fd) != 0 || !written || rename(temporary, target) != 0 { unlink(temporary) }
        } catch {
            // Nothing was written.
        }
    }

    /// Removes temporary files of earlier saves of `name`. Only called under the folder lock,
    /// so any that exist belong to a writer that died.
    static func removeStale(in folder: String, for name: String) {
        for leftover in leftovers(in: folder, for: name) {
            unlink((folder as NSString).appendingPathComponent(leftover))
        }
    }

    static func leftovers(in folder: String, for name: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.filter { $0.hasPrefix(prefix(for: name)) && $0.hasSuffix(suffix) }
    }
}
