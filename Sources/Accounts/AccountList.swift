/// The accounts file's content: a format number first, so a later Koyomi can tell its own
/// files from ours.
struct AccountList: Codable, Equatable {
    static let currentVersion = 1

    var version: Int
    var accounts: [Account]
}
