import Foundation

/// Saves whole files so that a crash or `kill -9` at any moment leaves either the old or the
/// new content: write a temporary file in the same folder, fsync it, check nobody else changed
/// the target, rename it over the target, fsync the folder.
///
/// The rename keeps the target's mode and (when allowed) owner; a symlink is followed and its
/// target replaced, leaving the link. Koyomi's writers hold an `flock` on the folder
/// (`FolderLock`) from the identity check to the rename, so two of them never interleave; other
/// programs are noticed by the identity check (`SaveError.changedOnDisk`).
public struct AtomicFileWriter: Sendable {
    /// Where the version being replaced is kept; nil keeps none.
    public var backups: BackupStore?
    /// Called at each step (the kill tests pause the process there).
    public var willPerform: (@Sendable (SaveStep) -> Void)?
    /// How long a save waits for another writer's folder lock.
    public var lockPatience: FolderLock.Patience
    /// Told once when a save has to wait for another writer (the command line says it).
    public var onWaitingForLock: (@Sendable (String) -> Void)?

    public init(backups: BackupStore? = nil, willPerform: (@Sendable (SaveStep) -> Void)? = nil,
                lockPatience: FolderLock.Patience = .standard, onWaitingForLock: (@Sendable (String) -> Void)? = nil) {
        self.backups = backups
        self.willPerform = willPerform
        self.lockPatience = lockPatience
        self.onWaitingForLock = onWaitingForLock
    }

    /// Takes the lock a save of `path` takes, for work that must see no other Koyomi's save
    /// between its read and its write (`CalendarFile.modify`); save with `write(_:to:expecting:holding:)`.
    public func lock(forSaving path: String) throws(SaveError) -> FolderLock {
        try FolderLock(folder: FolderLock.folder(forSaving: path), patience: lockPatience, onWaiting: onWaitingForLock)
    }

    /// The most any calendar file is read: the largest real calendars are a few tens of MiB
    /// (100,000 plans are about 30 MiB).
    public static let maxFileBytes = 256 << 20

    /// Reads a file and the identity of the version read (one `fstat` on the open file).
    /// Only regular files are read (a named pipe would wait for a writer for ever, `/dev/zero`
    /// never ends), and at most `limit` bytes: a larger file, or one growing past it while it
    /// is read, throws `.tooLarge`.
    public static func read(path: String, limit: Int = maxFileBytes) throws(SaveError) -> (data: Data, identity: FileIdentity) {
        // O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting; it has
        // no effect on the regular files that are read.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw SaveError.system(path: path, operation: "open", errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SaveError.system(path: path, operation: "fstat", errno: errno) }
        if let kind = FileIdentity.kindIfNotRegular(info.st_mode) { throw SaveError.notAFile(path: path, kind: kind) }
        if Int(info.st_size) > limit { throw SaveError.tooLarge(path: path, limit: limit) }
        let data = try FileBytes.readAll(fd, path: path, limit: limit)
        return (data, FileIdentity(info))
    }

    /// Whether this user may change the file at `path` (or create it): the file itself must be
    /// writable, not just its folder. A rename would replace a 0444 file, or a root-owned one,
    /// whatever its mode says; Koyomi honours the mode instead (root too: no write bit at all
    /// means the file is meant to stay).
    public static func canReplace(_ path: String) -> Bool {
        let target = resolvingLinks(path)
        var info = stat()
        guard stat(target, &info) == 0 else { return true }
        // Root may write anything; a file nobody may write (0444) is still meant to stay as it is.
        if geteuid() == 0 { return info.st_mode & 0o222 != 0 }
        return access(target, W_OK) == 0
    }

    /// Replaces the file at `path` with `data`.
    ///
    /// - Parameter identity: the version this content was made from; nil means the file must
    ///   not exist yet. A mismatch throws `.changedOnDisk` and writes nothing.
    /// - Returns: the identity of the file just written (pass it to the next save).
    @discardableResult
    public func write(_ data: Data, to path: String, expecting identity: FileIdentity?) throws(SaveError) -> FileIdentity {
        let held = try lock(forSaving: path)
        return try write(data, to: path, expecting: identity, holding: held)
    }

    /// `write`, under a lock already taken with `lock(forSaving:)`.
    @discardableResult
    public func write(_ data: Data, to path: String, expecting identity: FileIdentity?,
                      holding held: FolderLock) throws(SaveError) -> FileIdentity {
        let target = Self.resolvingLinks(path)
        let folder = held.folder
        let name = (target as NSString).lastPathComponent
        TempFiles.removeStale(in: folder, for: name)

        var original = stat()
        let exists = stat(target, &original) == 0
        guard (exists ? FileIdentity(original) : nil) == identity else { throw SaveError.changedOnDisk(path: path) }
        if exists, !Self.canReplace(target) { throw SaveError.readOnly(path: path) }
        if exists, let backups {
            let (old, _) = try Self.read(path: target)
            try backups.keep(old, of: target)
        }

        let (tempPath, fd) = try TempFiles.create(in: folder, for: name)
        var renamed = false
        defer { if !renamed { unlink(tempPath) } }
        // The identity of the file this save writes, from its own descriptor: a rename keeps
        // device, inode, size and modification time, and a program that replaces the file right
        // after the rename must not have its version taken for ours (the next save would then
        // overwrite it unnoticed).
        var written = stat()
        do {
            defer { close(fd) }
            if exists {
                // Mode and owner of the original; chown fails for other users' files unless
                // root, and then the file simply becomes ours (as with any editor).
                fchmod(fd, original.st_mode & 0o7777)
                if original.st_uid != getuid() || original.st_gid != getgid() {
                    _ = fchown(fd, original.st_uid, original.st_gid)
                }
            }
            // Errors name the file being saved, not its temporary copy (which is removed).
            try FileBytes.writeAll(data, to: fd, path: target) { willPerform?(.write) }
            willPerform?(.fsync)
            guard fsync(fd) == 0 else { throw SaveError.system(path: target, operation: "fsync", errno: errno) }
            guard fstat(fd, &written) == 0 else { throw SaveError.system(path: target, operation: "fstat", errno: errno) }
        }
        // The last moment to notice a program that does not take our lock.
        guard FileIdentity.of(path: target) == identity else { throw SaveError.changedOnDisk(path: path) }
        willPerform?(.rename)
        guard rename(tempPath, target) == 0 else { throw SaveError.system(path: target, operation: "rename", errno: errno) }
        renamed = true
        willPerform?(.folderSync)
        guard fsync(held.fd) == 0 else { throw SaveError.system(path: folder, operation: "fsync folder", errno: errno) }
        return FileIdentity(written)
    }

    /// The file a path finally names: symlinks (also chains of them) are followed so the
    /// link itself stays; a path that does not exist yet is used as it is.
    static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
                  let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                return current
            }
            current = destination.hasPrefix("/")
                ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        return current
    }
}
