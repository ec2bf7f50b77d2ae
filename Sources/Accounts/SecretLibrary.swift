import CSecret

/// libsecret, opened the first time a password is kept, read or forgotten instead of linked
/// (CSecret/shim.h says why).
struct SecretLibrary: @unchecked Sendable { // the table is filled before it is shared, and never changed
    /// The functions Koyomi calls, resolved from the loaded library.
    let api: UnsafePointer<koyomi_secret_api>

    /// The library, or why it could not be loaded. Swift runs a static's initializer once, on
    /// first use, with any other thread that arrives meanwhile waiting for it (swift_once, which
    /// is pthread_once's job).
    static let shared: Result<SecretLibrary, KeyringError> = load(KOYOMI_SECRET_LIBRARY)

    /// Opens `file` and resolves its functions; a failure says, in words, what is missing.
    static func load(_ file: String) -> Result<SecretLibrary, KeyringError> {
        let table = UnsafeMutablePointer<koyomi_secret_api>.allocate(capacity: 1)
        if let problem = koyomi_secret_load(table, file) {
            table.deallocate()
            return .failure(.libraryMissing(String(cString: problem)))
        }
        return .success(SecretLibrary(api: UnsafePointer(table)))
    }
}
