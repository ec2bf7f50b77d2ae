import Foundation

/// Creating Koyomi's folders (calendars, backups, sync, caches) with what is missing above
/// them, one `mkdir` at a time, so a failure names the very folder that could not be made and
/// the real reason (no space, no inodes, read-only disk, a file in the way) instead of
/// Foundation's generic error.
public enum Folders {
    /// `$XDG_CONFIG_HOME` (absolute values only, as the XDG spec says), else `$HOME/.config`:
    /// where settings and the autostart entry live.
    public static func configHome(environment: [String: String]) -> URL {
        if let value = environment["XDG_CONFIG_HOME"], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config")
    }

    /// `$XDG_DATA_HOME/koyomi` (absolute values only, as the XDG spec says), else
    /// `$HOME/.local/share/koyomi`: where calendars, backups, sync state and reminders live.
    public static func data(environment: [String: String]) -> URL {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        return URL(fileURLWithPath: data).appendingPathComponent("koyomi")
    }

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
