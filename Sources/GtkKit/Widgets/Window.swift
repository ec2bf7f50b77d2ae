import CGtk

/// AdwApplicationWindow: a GNOME window whose whole content (header bar included) is one widget.
@MainActor
public final class Window: Widget {
    public init(application: Application) {
        // GTK owns toplevels; `retaining` takes our own reference next to GTK's.
        super.init(retaining: UnsafeMutableRawPointer(adw_application_window_new(application.cast())))
    }

    private var window: UnsafeMutablePointer<GtkWindow> { cast() }

    public var title: String {
        get { String.fromC(gtk_window_get_title(window)) ?? "" }
        set { gtk_window_set_title(window, newValue) }
    }

    public func setContent(_ content: Widget) {
        adw_application_window_set_content(cast(), content.widget)
    }

    public func setDefaultSize(width: Int32, height: Int32) {
        gtk_window_set_default_size(window, width, height)
    }

    public func present() { gtk_window_present(window) }

    /// Where the window's own coordinates start inside its X11/Wayland surface (client-side
    /// decorations add a margin), so tests can turn widget bounds into pointer positions.
    public var surfaceOffset: (x: Double, y: Double) {
        var x = 0.0, y = 0.0
        gtk_native_get_surface_transform(OpaquePointer(object), &x, &y)
        return (x, y)
    }

    /// Closes the window as the user would (runs "close-request").
    public func close() { gtk_window_close(window) }

    /// Destroys the window now; the Swift wrapper may outlive it but must not be used after.
    public func destroy() { gtk_window_destroy(window) }
}
