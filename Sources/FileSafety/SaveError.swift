import Foundation

/// Why a save did not happen. The file on disk is unchanged in every case.
public enum SaveError: Error, Equatable, CustomStringConvertible {
    /// Another program changed (or removed, or created) the file since it was read:
    /// reload and apply the edit again rather than overwrite its change.
    case changedOnDisk(path: String)
    /// A system call failed (`errno` as returned).
    case system(path: String, operation: String, errno: Int32)
    /// The path names something that is not a regular file (a named pipe, a device, a socket):
    /// reading it could wait for ever or never end, so it is not read.
    case notAFile(path: String, kind: String)
    /// The file's mode (or owner) does not let this user write it; it is left as it is.
    case readOnly(path: String)
    /// Another writer held the folder's lock for `seconds` (a stuck Koyomi); nothing written.
    case busy(path: String, seconds: Int)
    /// The file is larger than a calendar can be (`limit` bytes); it is not read whole.
    case tooLarge(path: String, limit: Int)

    public var description: String {
        switch self {
        case let .changedOnDisk(path):
            "\(path): changed on disk by another program since it was read; not overwritten"
        case let .system(path, operation, code):
            "\(path): \(operation) failed: \(Self.reason(code, operation: operation))"
        case let .readOnly(path):
            "\(path): is read-only (you may not write to it); nothing was written"
        case let .busy(path, seconds):
            "\(path): another Koyomi has been saving here for \(seconds) s and still holds the folder's lock; "
                + "nothing was written (if no Koyomi is running, a stuck one may be: close it)"
        case let .notAFile(path, kind):
            "\(path): is \(kind), not a file"
        case let .tooLarge(path, limit):
            "\(path): is larger than \(limit >> 20) MiB, more than any calendar needs; not read"
        }
    }

    /// The cause in words: the system's own sentence, made plain where it misleads.
    static func reason(_ code: Int32, operation: String) -> String {
        switch code {
        case ENOTDIR where operation == "create folder": "a file is in the way where that folder should be"
        case ENOSPC: "the disk is full (no space or no free inodes left)"
        case EDQUOT: "the disk quota is used up"
        case EROFS: "the disk is read-only"
        case EFBIG: "the file would be larger than the system allows (file size limit)"
        default: String(cString: strerror(code))
        }
    }
}
