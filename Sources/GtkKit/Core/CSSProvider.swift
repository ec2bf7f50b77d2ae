import CGtk

/// A style sheet applied to the whole display. Reloading replaces its rules in place, which is
/// how generated colour classes grow without stacking providers.
@MainActor
public final class CSSProvider: GObjectRef {
    public init(css: String = "") {
        super.init(adoptingFull: UnsafeMutableRawPointer(gtk_css_provider_new()))
        load(css)
    }

    public func load(_ css: String) {
        // gtk_css_provider_load_from_string is GTK 4.12; 4.8 takes bytes and a length.
        gtk_css_provider_load_from_data(cast(), css, gssize(css.utf8.count))
    }

    /// Applies the sheet to the default display (`application` priority sits above the theme).
    public func install(priority: UInt32 = UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION)) {
        guard let display = gdk_display_get_default() else { return }
        gtk_style_context_add_provider_for_display(display, OpaquePointer(object), priority)
    }

    public func uninstall() {
        guard let display = gdk_display_get_default() else { return }
        gtk_style_context_remove_provider_for_display(display, OpaquePointer(object))
    }
}
