import CGtk

/// GtkImage showing a themed icon.
@MainActor
public final class Image: Widget {
    public init(iconName: String) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_image_new_from_icon_name(iconName)))
    }
}
