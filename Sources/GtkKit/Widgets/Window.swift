import CGtk

/// AdwApplicationWindow: a GNOME window whose whole content (header bar included) is one widget.
@MainActor
public final class Window: Widget {
    public init(application: Application) {
        // GTK owns toplevels; `retaining` takes our own reference next to GTK's.
        super.init(retaining: UnsafeMutableRawPointer(adw_application_window_new(application.cast())))
        realized = onSignal("realize") { [weak self] in self?.runFrameWorkWhenLaidOut() }
    }

    private var realized: SignalConnection?
    private var laidOut: SignalConnection?

    /// GTK allocates the window in its frame clock's "layout" phase (the surface's handler,
    /// connected as the window is realized, before this one). Work asked for from inside that
    /// allocation (`MainLoop.beforeNextFrame`: a new size to answer) runs right after it, so
    /// the frame is painted with the answer, not a frame later.
    private func runFrameWorkWhenLaidOut() {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return }
        laidOut?.disconnect()
        laidOut = FrameClock(borrowing: clock).onSignal("layout") { MainLoop.runFrameWork() }
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

    /// Installs a GtkShortcutsWindow described in GtkBuilder XML (GTK 4.8 has no API to build
    /// one in code) as this window's help overlay, opened by Ctrl+? ("win.show-help-overlay").
    /// Strings marked translatable are looked up in `translationDomain`.
    public func setHelpOverlay(builderXML: String, objectID: String, translationDomain: String?) {
        let builder = gtk_builder_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        gtk_builder_set_translation_domain(builder, translationDomain)
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_string(builder, builderXML, -1, &error) != 0 else {
            // The XML is ours and fixed; a failure is a programming error caught by the tests.
            if let error { g_error_free(error) }
            return
        }
        // The builder owns the object; the window takes its own reference.
        guard let overlay = gtk_builder_get_object(builder, objectID) else { return }
        gtk_application_window_set_help_overlay(cast(), OpaquePointer(overlay))
    }

    /// `setHelpOverlay`, built the first time it is asked for ("win.show-help-overlay": its
    /// shortcut or a menu item) instead of now: parsing a shortcuts window's XML took ~12 ms
    /// of a window's start-up. This action stays the window's (GTK adds its own only when
    /// there is none) and shows the overlay as GTK's would.
    public func setHelpOverlayWhenAsked(builderXML: String, objectID: String, translationDomain: String?) {
        addAction("show-help-overlay") { [weak self] in
            guard let self else { return }
            if !self.hasHelpOverlay {
                self.setHelpOverlay(builderXML: builderXML, objectID: objectID, translationDomain: translationDomain)
            }
            guard let overlay = gtk_application_window_get_help_overlay(self.cast()) else { return }
            gtk_widget_show(UnsafeMutableRawPointer(overlay).assumingMemoryBound(to: GtkWidget.self))
        }
    }

    /// Whether a help overlay is installed (built) yet.
    public var hasHelpOverlay: Bool { gtk_application_window_get_help_overlay(cast()) != nil }

    /// Whether the help overlay was installed and is showing right now.
    public var isHelpOverlayVisible: Bool {
        guard let overlay = gtk_application_window_get_help_overlay(cast()) else { return false }
        return gtk_widget_get_visible(UnsafeMutableRawPointer(overlay).assumingMemoryBound(to: GtkWidget.self)) != 0
    }

    /// Runs a window action such as "win.show-help-overlay", as its shortcut would.
    public func activateAction(_ name: String) {
        _ = gtk_widget_activate_action_variant(widget, name, nil)
    }

    /// Where the window's own coordinates start inside its X11/Wayland surface (client-side
    /// decorations add a margin), so tests can turn widget bounds into pointer positions.
    public var surfaceOffset: (x: Double, y: Double) {
        var x = 0.0, y = 0.0
        gtk_native_get_surface_transform(OpaquePointer(object), &x, &y)
        return (x, y)
    }

    /// Closes the window as the user would (runs "close-request").
    public func close() { gtk_window_close(window) }

    /// Closing only hides the window (its contents stay, ready to be presented again): for an
    /// application that keeps running in the background.
    public var hidesOnClose: Bool {
        get { gtk_window_get_hide_on_close(window) != 0 }
        set { gtk_window_set_hide_on_close(window, newValue ? 1 : 0) }
    }

    /// Destroys the window now; the Swift wrapper may outlive it but must not be used after.
    public func destroy() { gtk_window_destroy(window) }
}
