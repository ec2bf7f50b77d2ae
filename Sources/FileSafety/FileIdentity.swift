import Foundation

/// What identifies one version of a file on disk: device, inode, size and modification time
/// to the nanosecond. A save compares it with the identity read, to notice other writers.
public struct FileIdentity: Hashable, Sendable, CustomStringConvertible {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modifiedSeconds: Int64
    public var modifiedNanoseconds: Int64

    public init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
    }

    /// What a file of mode `mode` is, in words, when it is not a regular file ("a named pipe");
    /// nil for a regular file.
    public static func kindIfNotRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    /// The identity of the file at `path` (following symlinks), or nil when there is none.
    public static func of(path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(info)
    }

    public var description: String {
        "dev \(device) ino \(inode) size \(size) mtime \(modifiedSeconds).\(modifiedNanoseconds)"
    }
}
