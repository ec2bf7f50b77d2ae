/// Why the keyring could not keep, give or forget a password, in words a user can act on.
public enum KeyringError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No Secret Service answers on the session bus (no gnome-keyring, KWallet or other
    /// keyring running, or no session bus at all). Koyomi keeps the password only in memory
    /// and asks again next time; it never writes it to a file instead.
    case unavailable(String)
    /// The keyring is locked and could not be unlocked (the user dismissed the prompt, or
    /// there is no display to show one on).
    case locked
    /// The keyring answered with an error.
    case failed(String)
    /// libsecret, the library Koyomi reaches the keyring through, could not be loaded (it is
    /// opened when first needed, not at start-up); the text is the loader's reason. Koyomi
    /// keeps the password only in memory, as with no keyring.
    case libraryMissing(String)

    public var description: String {
        switch self {
        case let .unavailable(reason):
            "No keyring is running (\(reason)), so the password cannot be kept safely; "
                + "Koyomi will ask for it again next time."
        case .locked:
            "The keyring is locked; unlock it (for example by logging in again) so Koyomi can use the password."
        case let .failed(reason):
            "The keyring could not keep the password: \(reason)"
        case let .libraryMissing(reason):
            "Koyomi cannot reach the keyring: its library libsecret could not be loaded (\(reason)); "
                + "Debian's package libsecret-1-0 provides it. Koyomi will ask for the password again next time."
        }
    }
}
