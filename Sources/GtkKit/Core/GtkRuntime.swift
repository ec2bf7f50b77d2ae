import CGtk

/// Process-wide GTK set-up for code that runs without `Application.run()` (tests, tools).
@MainActor
public enum GtkRuntime {
    private static var initialized = false

    /// Lays out new widgets right-to-left (as GTK does by itself for Arabic or Hebrew
    /// translations) or left-to-right.
    public static var isRightToLeftByDefault: Bool {
        get { gtk_widget_get_default_direction() == GTK_TEXT_DIR_RTL }
        set { gtk_widget_set_default_direction(newValue ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR) }
    }

    /// The desktop's double-click time in milliseconds: two presses closer than this (and
    /// near each other) are one double click. Tests lengthen it, so a loaded machine's
    /// delay between the two clicks of a double click cannot split it.
    public static var doubleClickMilliseconds: Int {
        get { Int(koyomi_object_get_int(UnsafeMutableRawPointer(gtk_settings_get_default()), "gtk-double-click-time")) }
        set { koyomi_object_set_int(UnsafeMutableRawPointer(gtk_settings_get_default()), "gtk-double-click-time", Int32(newValue)) }
    }

    /// Initializes GTK and libadwaita once; false when there is no display to open.
    /// `name`: the program's name (GLib's prgname), which is also what screen readers call it
    /// over AT-SPI; a program that does not run an `Application` with its arguments has none,
    /// and is "Unnamed" there.
    @discardableResult
    public static func initialize(name: String? = nil) -> Bool {
        // Also after GTK is up (a caller without a name may have come first): GTK gives the
        // name to AT-SPI when asked.
        if let name, g_get_prgname() == nil { g_set_prgname(name) }
        if initialized { return true }
        guard gtk_init_check() != 0 else { return false }
        adw_init()
        initialized = true
        return true
    }
}
