import Foundation

/// What Koyomi's small JSON lists (CalDAV accounts, subscriptions) share beside the atomic
/// save: a private folder, a decoding error said in a few words, and an unreadable file set
/// aside under a name that is never taken twice, so nothing the user had is overwritten.
public enum ListFile {
    /// Creates `folder` (and what is missing above it), readable by the user only.
    public static func createPrivateFolder(_ folder: URL) throws(SaveError) {
        try Folders.create(folder, permissions: 0o700)
    }

    /// A decoding error in a few words ("missing url in subscriptions[1]", "not JSON").
    public static func plainReason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        func place(_ path: [CodingKey]) -> String {
            path.isEmpty ? "the top level" : path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
                .joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case let .keyNotFound(key, context):
            return "missing \(key.stringValue) in \(place(context.codingPath))"
        case let .typeMismatch(_, context), let .valueNotFound(_, context):
            return "wrong value at \(place(context.codingPath))"
        case let .dataCorrupted(context):
            return context.codingPath.isEmpty ? "not JSON" : "bad value at \(place(context.codingPath))"
        @unknown default:
            return "not readable"
        }
    }

    /// Renames the file at `path` to `<name>.broken-<UTC date and time>` (with "-2", "-3"…
    /// when that is taken), never replacing a file. - Returns: the new path.
    public static func setAside(_ path: String, now: Date) throws(SaveError) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let stamp = formatter.string(from: now)
        for number in 1...100 {
            let aside = path + ".broken-" + stamp + (number == 1 ? "" : "-\(number)")
            if try move(path, to: aside) { return aside }
        }
        throw .system(path: (path as NSString).deletingLastPathComponent, operation: "rename", errno: EEXIST)
    }

    /// Moves a file to a name that must not exist yet. - Returns: false when it exists.
    static func move(_ path: String, to target: String) throws(SaveError) -> Bool {
        // link + unlink, because link never replaces an existing file (rename would).
        if link(path, target) == 0 {
            guard unlink(path) == 0 else { throw .system(path: path, operation: "unlink", errno: errno) }
            return true
        }
        switch errno {
        case EEXIST:
            return false
        case EPERM, EOPNOTSUPP, EMLINK:
            // A file system without hard links: check, then rename (a tiny race, only here).
            guard access(target, F_OK) != 0 else { return false }
            guard rename(path, target) == 0 else { throw .system(path: path, operation: "rename", errno: errno) }
            return true
        case let code:
            throw .system(path: target, operation: "link", errno: code)
        }
    }
}
