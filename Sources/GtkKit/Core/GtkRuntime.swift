import CGtk

/// Process-wide GTK set-up for code that runs without `Application.run()` (tests, tools).
@MainActor
public enum GtkRuntime {
    private static var initialized = false

    /// Initializes GTK and libadwaita once; false when there is no display to open.
    @discardableResult
    public static func initialize() -> Bool {
        if initialized { return true }
        guard gtk_init_check() != 0 else { return false }
        adw_init()
        initialized = true
        return true
    }
}
