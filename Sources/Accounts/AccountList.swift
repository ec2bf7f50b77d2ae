import FileSafety

/// The accounts file's content: a format number first, so a later Koyomi can tell its own
/// files from ours.
struct AccountList: VersionedList, Equatable {
    static let currentVersion = 1
    static var empty: AccountList { AccountList(version: currentVersion, accounts: []) }

    var version: Int
    var accounts: [Account]
}
