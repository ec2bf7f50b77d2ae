import Foundation

/// Temporary files for atomic saves: hidden, next to the target (same file system, so the
/// rename is atomic), named after it so leftovers of a killed save can be found and removed.
enum TempFiles {
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
