import Foundation

/// Why a save did not happen. The file on disk is unchanged in every case.
public enum SaveError: Error, Equatable, CustomStringConvertible {
    /// Another program changed (or removed, or created) the file since it was read:
    /// reload and apply the edit again rather than overwrite its change.
    case changedOnDisk(path: String)
    /// A system call failed (`errno` as returned).
    case system(path: String, operation: String, errno: Int32)

    public var description: String {
        switch self {
        case let .changedOnDisk(path):
            "\(path): changed on disk by another program since it was read; not overwritten"
        case let .system(path, operation, code):
            "\(path): \(operation) failed: \(String(cString: strerror(code)))"
        }
    }
}
