import CGtk
import Foundation

/// Watches one file for changes made by other programs (GFileMonitor).
///
/// It watches the file's *folder* and keeps only what concerns the file's name, because safe
/// writers (Koyomi's own saves, editors, sync tools) replace a file by renaming a temporary
/// one over it: a monitor on the file itself would stay on the old, unlinked inode and miss
/// every later change. A symlink is resolved when the monitor starts, so the real file is
/// watched. Events arrive on the main loop; GLib coalesces bursts of writes (rate limit).
@MainActor
public final class FileMonitor: GObjectRef {
    /// What happened to the watched path.
    public enum Event: Equatable, Sendable {
        /// The contents are being written (may come several times for one save).
        case changed
        /// A series of writes is over (GLib's "changes done" hint): a good moment to reload.
        case changesDone
        /// A file appeared at the path.
        case created
        /// The file at the path was deleted.
        case deleted
        /// Another file was renamed onto the path (an atomic save) or moved into the folder there.
        case replaced
        /// The file was renamed away, or moved out of the folder: nothing is at the path now.
        case movedAway
        /// Permissions, owner or times changed; the contents did not.
        case attributesChanged
    }

    /// Why a monitor could not be set up, with GLib's message.
    public struct Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// The path watched (symlinks resolved).
    public let path: String
    private let name: String
    private var connection: SignalConnection?

    /// Starts watching `path`. The file need not exist yet; its folder should (GLib watches a
    /// missing folder only by polling). Throws when GLib cannot monitor at all.
    /// `followingSymlink: false` watches the link itself (/etc/localtime, which is replaced
    /// to change the system's time zone).
    public init(path: String, followingSymlink: Bool = true, onEvent handler: @escaping @MainActor (Event) -> Void) throws(Error) {
        let resolved = followingSymlink ? URL(fileURLWithPath: path).resolvingSymlinksInPath().path : path
        let folder = (resolved as NSString).deletingLastPathComponent
        let directory = g_file_new_for_path(folder.isEmpty ? "/" : folder)
        defer { g_object_unref(UnsafeMutableRawPointer(directory)) }
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = g_file_monitor_directory(directory, G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
            let message = error.flatMap { String.fromC($0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw Error(message: "\(folder): \(message)")
        }
        self.path = resolved
        self.name = (resolved as NSString).lastPathComponent
        super.init(adoptingFull: UnsafeMutableRawPointer(monitor))
        connection = onChanged { [name] file, other, kind in
            if let event = Self.event(kind, file: file, other: other, name: name) { handler(event) }
        }
    }

    isolated deinit {
        // Stops the kernel watch now, not whenever GLib drops its last reference.
        connection?.disconnect()
        g_file_monitor_cancel(cast())
    }

    /// What a folder event means for the file called `name`; nil when it is about another file.
    nonisolated static func event(_ kind: GFileMonitorEvent, file: String?, other: String?, name: String) -> Event? {
        switch kind {
        case G_FILE_MONITOR_EVENT_RENAMED:
            // Within the folder: `file` is the old name, `other` the new one.
            if other == name { return .replaced }
            return file == name ? .movedAway : nil
        case G_FILE_MONITOR_EVENT_MOVED_IN where file == name: return .replaced
        case G_FILE_MONITOR_EVENT_MOVED_OUT where file == name: return .movedAway
        case G_FILE_MONITOR_EVENT_CHANGED where file == name: return .changed
        case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT where file == name: return .changesDone
        case G_FILE_MONITOR_EVENT_CREATED where file == name: return .created
        case G_FILE_MONITOR_EVENT_DELETED where file == name: return .deleted
        case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED where file == name: return .attributesChanged
        default: return nil
        }
    }

    /// "changed" hands two GFiles and the event kind; only their base names leave here.
    private func onChanged(_ handler: @escaping @MainActor (String?, String?, GFileMonitorEvent) -> Void)
        -> SignalConnection {
        typealias Body = @MainActor (String?, String?, GFileMonitorEvent) -> Void
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?, GFileMonitorEvent, gpointer?) -> Void = {
            _, file, other, kind, data in
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
            let fileName = FileMonitor.baseName(file)
            let otherName = FileMonitor.baseName(other)
            MainActor.assumeIsolated { box.body(fileName, otherName, kind) }
        }
        return connect("changed", trampoline: unsafeBitCast(trampoline, to: GCallback.self), body: handler as Body)
    }

    /// A borrowed GFile's base name (g_file_get_basename returns a copy we free).
    private nonisolated static func baseName(_ file: gpointer?) -> String? {
        guard let file, let name = g_file_get_basename(OpaquePointer(file)) else { return nil }
        defer { g_free(name) }
        return String.fromC(name)
    }
}
