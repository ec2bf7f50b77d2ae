import FileSafety

/// Why the accounts file could not be read or changed. The file on disk is unchanged in
/// every case.
public enum AccountStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is not a Koyomi accounts file (not JSON, cut short, a field missing).
    /// `AccountStore.setBrokenFileAside(now:)` keeps it under another name so a fresh list
    /// can start.
    case broken(path: String, reason: String)
    /// Written by a newer Koyomi: left alone rather than rewritten in an older format.
    case newerFormat(path: String, version: Int)
    case unknownAccount(id: String)
    case duplicateAccount(id: String)
    /// Reading, writing or moving the file failed.
    case file(SaveError)
    /// Another program kept changing the file while it was being updated.
    case busy(path: String)

    public var description: String {
        switch self {
        case let .broken(path, reason):
            "\(path): the accounts list cannot be read (\(reason))"
        case let .newerFormat(path, version):
            "\(path): written by a newer Koyomi (format \(version)); left unchanged"
        case let .unknownAccount(id):
            "no account with id \(id)"
        case let .duplicateAccount(id):
            "an account with id \(id) already exists"
        case let .file(error):
            error.description
        case let .busy(path):
            "\(path): changed by another program again and again while saving; try again"
        }
    }
}
