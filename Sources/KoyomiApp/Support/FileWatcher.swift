import CalendarModel
import FileSafety
import GtkKit

/// Notices when another program changes (or removes) an open calendar's file, so the window
/// reads it again instead of showing, and later saving over, an old version.
///
/// Each file remembers the identity (inode, size, mtime) of the version the window last read
/// or wrote; an event whose file still has that identity is the window's own save and is
/// ignored. Bursts of events (a save is several) become one check a moment later.
@MainActor
final class FileWatcher {
    /// The file changed on disk, or is gone (`exists == false`).
    var onChange: ((CalendarID, _ exists: Bool) -> Void)?
    private var monitors: [CalendarID: FileMonitor] = [:]
    private var known: [CalendarID: FileIdentity] = [:]
    private var pending: [CalendarID: MainLoopSource] = [:]
    private var paths: [CalendarID: String] = [:]
    /// How long a burst of events may last before the file is looked at.
    static let settleMilliseconds: UInt32 = 120

    /// Starts watching (once per calendar) and remembers the version on disk now: call it
    /// right before the file is read, so a change during the read is noticed afterwards.
    func watch(_ id: CalendarID, path: String) {
        paths[id] = path
        known[id] = FileIdentity.of(path: path)
        guard monitors[id] == nil else { return }
        monitors[id] = try? FileMonitor(path: path) { [weak self] event in
            guard event != .attributesChanged else { return }
            self?.schedule(id)
        }
    }

    /// The window itself wrote this version (an edit): not a change to react to.
    func noteSaved(_ id: CalendarID) {
        if let path = paths[id] { known[id] = FileIdentity.of(path: path) }
    }

    func unwatch(_ id: CalendarID) {
        monitors[id] = nil
        known[id] = nil
        paths[id] = nil
        pending.removeValue(forKey: id)?.cancel()
    }

    /// Whether a check is waiting for a burst of events to settle (tests wait for none).
    var isSettling: Bool { !pending.isEmpty }

    private func schedule(_ id: CalendarID) {
        pending[id]?.cancel()
        pending[id] = MainLoop.every(milliseconds: Self.settleMilliseconds) { [weak self] in
            self?.check(id)
            return false
        }
    }

    private func check(_ id: CalendarID) {
        pending[id] = nil
        guard let path = paths[id] else { return }
        let now = FileIdentity.of(path: path)
        guard now != known[id] else { return }
        known[id] = now
        onChange?(id, now != nil)
    }
}
