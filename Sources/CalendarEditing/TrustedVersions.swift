import FileSafety

/// Which versions of the user's calendar files may be parsed in this process, as much of it as
/// a writer needs: a version Koyomi saves over a trusted one is trusted too. CalendarVetting's
/// `ParseTrust` keeps the stamps; `CalendarFile` and `UserCalendarFolder.createCalendar` are
/// handed one.
public protocol TrustedVersions: Sendable {
    /// Whether the file at `path`, as it is now, is a version Koyomi may parse itself.
    func trusts(path: String) -> Bool

    /// Trusts the file at `path` if it is still the version `identity` (Koyomi just wrote it):
    /// a version another program put there meanwhile is not stamped. Best effort.
    func trust(path: String, ifStill identity: FileIdentity)
}
