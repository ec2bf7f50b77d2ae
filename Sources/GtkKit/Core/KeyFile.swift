import CGtk

/// GLib's key file (`[Group]` headers, then `key=value` lines), typed for Swift.
///
/// Koyomi keeps its settings in one because an uninstalled GSettings schema aborts the app.
/// Comments and keys Koyomi does not know survive a load and save, so saving never drops what
/// a user, or a newer Koyomi, wrote. A missing key or a value of the wrong type reads as nil
/// (or the given default); loading and saving turn GLib's `GError` into a `KeyFile.Error`.
///
/// Group and key names are the program's own constants: they must be non-empty and free of
/// `[`, `]`, `=` and line breaks (GLib rejects such names with a critical warning).
/// Not thread-safe; one instance belongs to one thread at a time.
public final class KeyFile {
    /// Why a file could not be loaded or saved, with GLib's message (which names the file).
    public struct Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
        public enum Kind: Equatable, Sendable {
            /// The file does not exist (a first run, for settings).
            case notFound
            /// The file is not a key file: bad lines, no group, not UTF-8, or not a regular file
            /// at all (GLib reports a folder in the way this way too).
            case malformed
            /// Anything else the file system refused: permissions, a file where a folder should be,
            /// a full disk.
            case io
        }

        public let kind: Kind
        public let message: String
        public var description: String { message }

        public init(kind: Kind, message: String) {
            self.kind = kind
            self.message = message
        }

        /// Takes over a GError (transfer full): classifies it, copies the message, frees it.
        init(consuming error: UnsafeMutablePointer<GError>?, fallback: String) {
            guard let error else {
                self.init(kind: .io, message: fallback)
                return
            }
            defer { g_error_free(error) }
            let domain = error.pointee.domain
            let code = Int(error.pointee.code)
            let kind: Kind = if domain == g_file_error_quark() && code == Int(G_FILE_ERROR_NOENT.rawValue) {
                .notFound
            } else if domain == g_key_file_error_quark() {
                .malformed
            } else {
                .io
            }
            self.init(kind: kind, message: String.fromC(error.pointee.message) ?? fallback)
        }
    }

    /// Owned: created here, freed in `deinit`.
    private let keyFile: OpaquePointer

    /// An empty key file.
    public init() {
        keyFile = g_key_file_new()
    }

    /// Reads `path`, keeping its comments so that a later `save` writes them back.
    public convenience init(contentsOfFile path: String) throws(Error) {
        self.init()
        var error: UnsafeMutablePointer<GError>?
        guard g_key_file_load_from_file(keyFile, path, G_KEY_FILE_KEEP_COMMENTS, &error) != 0 else {
            let failure = Error(consuming: error, fallback: "Could not read the file")
            // GLib's load messages ("No such file or directory") do not say which file.
            throw failure.message.contains(path) ? failure
                : Error(kind: failure.kind, message: "\(path): \(failure.message)")
        }
    }

    /// Parses `text` (for tests and for settings that arrive as text).
    public convenience init(text: String) throws(Error) {
        self.init()
        var error: UnsafeMutablePointer<GError>?
        guard g_key_file_load_from_data(keyFile, text, gsize(text.utf8.count), G_KEY_FILE_KEEP_COMMENTS, &error) != 0 else {
            throw Error(consuming: error, fallback: "Could not parse the key file text")
        }
    }

    deinit {
        g_key_file_free(keyFile)
    }

    // MARK: Reading

    /// The unescaped string value, or nil when the key is missing or not valid UTF-8.
    public func string(_ key: String, in group: String) -> String? {
        guard let value = lookup({ g_key_file_get_string(keyFile, group, key, $0) }) ?? nil else { return nil }
        defer { g_free(value) }
        return String.fromC(value)
    }

    /// The integer value, or nil when the key is missing or its value is not a whole number.
    public func int(_ key: String, in group: String) -> Int? {
        lookup { g_key_file_get_int64(keyFile, group, key, $0) }.map { Int($0) }
    }

    /// The boolean value (`true`/`false`, `1`/`0`), or nil when missing or anything else.
    public func bool(_ key: String, in group: String) -> Bool? {
        lookup { g_key_file_get_boolean(keyFile, group, key, $0) }.map { $0 != 0 }
    }

    public func string(_ key: String, in group: String, default fallback: String) -> String {
        string(key, in: group) ?? fallback
    }

    public func int(_ key: String, in group: String, default fallback: Int) -> Int {
        int(key, in: group) ?? fallback
    }

    public func bool(_ key: String, in group: String, default fallback: Bool) -> Bool {
        bool(key, in: group) ?? fallback
    }

    /// Runs a GLib getter; nil when it reported an error (missing group or key, bad value),
    /// since getters return 0/NULL/FALSE then and only the error tells them from real values.
    private func lookup<T>(_ getter: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T) -> T? {
        var error: UnsafeMutablePointer<GError>?
        let value = getter(&error)
        if let error {
            g_error_free(error)
            return nil
        }
        return value
    }

    // MARK: Writing

    /// Sets a string value; GLib escapes line breaks and leading spaces.
    public func set(_ value: String, for key: String, in group: String) {
        g_key_file_set_string(keyFile, group, key, value)
    }

    public func set(_ value: Int, for key: String, in group: String) {
        g_key_file_set_int64(keyFile, group, key, gint64(value))
    }

    public func set(_ value: Bool, for key: String, in group: String) {
        g_key_file_set_boolean(keyFile, group, key, value ? 1 : 0)
    }

    /// Removes a key if it is there; a missing key is not an error.
    public func removeValue(for key: String, in group: String) {
        g_key_file_remove_key(keyFile, group, key, nil)
    }

    /// The whole file as text, as `save` would write it.
    public var text: String {
        guard let data = g_key_file_to_data(keyFile, nil, nil) else { return "" }
        defer { g_free(data) }
        return String.fromC(data) ?? ""
    }

    /// Writes the file atomically: GLib writes a temporary file next to `path` and renames it
    /// over the old one, so a crash or a full disk never leaves half a file behind.
    /// The folder must exist.
    public func save(to path: String) throws(Error) {
        var error: UnsafeMutablePointer<GError>?
        guard g_key_file_save_to_file(keyFile, path, &error) != 0 else {
            throw Error(consuming: error, fallback: "Could not write \(path)")
        }
    }
}
