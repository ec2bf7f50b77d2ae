/// The steps of an atomic save, in order, for the kill tests' hook.
public enum SaveStep: String, Sendable, CaseIterable {
    /// Halfway through writing the temporary file.
    case write
    /// All bytes written, before the temporary file is fsynced.
    case fsync
    /// Synced, before the rename over the target.
    case rename
    /// Renamed, before the folder is fsynced.
    case folderSync
}
