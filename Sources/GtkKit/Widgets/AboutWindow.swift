import CGtk

/// AdwAboutWindow: the standard GNOME "About" window.
@MainActor
public final class AboutWindow: Widget {
    public init(parent: Window, name: String, version: String, developer: String, iconName: String,
                license: GtkLicense = GTK_LICENSE_MIT_X11, comments: String) {
        super.init(retaining: UnsafeMutableRawPointer(adw_about_window_new()))
        let about: OpaquePointer = opaque
        adw_about_window_set_application_name(about, name)
        adw_about_window_set_version(about, version)
        adw_about_window_set_developer_name(about, developer)
        adw_about_window_set_application_icon(about, iconName)
        adw_about_window_set_license_type(about, license)
        adw_about_window_set_comments(about, comments)
        gtk_window_set_transient_for(cast(), parent.cast())
        gtk_window_set_modal(cast(), 1)
    }

    public func present() { gtk_window_present(cast()) }
    public func close() { gtk_window_close(cast()) }
}
