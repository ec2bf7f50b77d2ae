import Foundation

/// The exclusive `flock` Koyomi's writers take on a folder while they save a file in it (and,
/// in `CalendarFile.modify`, while they re-read and edit it), so two Koyomis never interleave.
/// The kernel drops it when the process dies, so a killed writer blocks nobody; a stuck one
/// would, so taking it waits a bounded time, says why while it waits, then gives up.
public final class FolderLock {
    /// How long a writer waits for another, and when it says it is waiting.
    public struct Patience: Sendable {
        /// Give up (`SaveError.busy`) after this many seconds.
        public var seconds: Double
        /// Call `onWaiting` once after this many seconds without the lock.
        public var sayAfter: Double

        public init(seconds: Double, sayAfter: Double) {
            self.seconds = seconds
            self.sayAfter = sayAfter
        }

        /// A save normally takes milliseconds; 15 s is a stuck writer.
        public static let standard = Patience(seconds: 15, sayAfter: 1)
    }

    public let folder: String
    /// The open folder; the save that holds the lock fsyncs it after its rename.
    let fd: Int32

    /// Takes the lock on `folder`, waiting at most `patience.seconds`.
    /// - Parameter onWaiting: told (once) that another writer holds the lock, with a sentence.
    public init(folder: String, patience: Patience,
                onWaiting: (@Sendable (String) -> Void)? = nil) throws(SaveError) {
        self.folder = folder
        fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw SaveError.system(path: folder, operation: "open folder", errno: errno) }
        let start = Date()
        var said = false
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(fd)
                throw SaveError.system(path: folder, operation: "lock folder", errno: code)
            }
            let waited = Date().timeIntervalSince(start)
            if waited >= patience.seconds {
                close(fd)
                throw SaveError.busy(path: folder, seconds: Int(patience.seconds.rounded()))
            }
            if !said, waited >= patience.sayAfter {
                said = true
                onWaiting?("another Koyomi is saving in \(folder); waiting for it (at most \(Int(patience.seconds.rounded())) s)…")
            }
            // A short nap between tries: the other writer needs the CPU more than we do.
            usleep(20_000)
        }
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }

    /// The folder a save of `path` locks: that of the file a symlink finally names.
    static func folder(forSaving path: String) -> String {
        let target = AtomicFileWriter.resolvingLinks(path)
        let folder = (target as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }
}
