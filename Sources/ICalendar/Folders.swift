import Foundation

/// Creating Koyomi's folders (calendars, backups, sync, caches) with what is missing above
/// them, one `mkdir` at a time, so a failure names the very folder that could not be made and
/// the real reason (no space, no inodes, read-only disk, a file in the way) instead of
/// Foundation's generic error.
public enum Folders {
    /// Creates `folder` and its missing parents with `permissions` (existing ones are kept).
    public static func create(_ folder: URL, permissions: mode_t = 0o755) throws(SaveError) {
        var missing: [String] = []
        var current = folder.standardizedFileURL.path
        while !current.isEmpty, current != "/" {
            var info = stat()
            if stat(current, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw SaveError.system(path: current, operation: "create folder", errno: ENOTDIR)
                }
                break
            }
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        for path in missing.reversed() where mkdir(path, permissions) != 0 {
            let code = errno
            var info = stat()
            // Another process made it meanwhile: as good as ours.
            if code == EEXIST, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { continue }
            throw SaveError.system(path: path, operation: "create folder", errno: code == EEXIST ? ENOTDIR : code)
        }
    }
}
