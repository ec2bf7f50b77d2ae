import CGtk

/// GtkRevealer: shows or hides its child with a slide.
@MainActor
public final class Revealer: Widget {
    public init(child: Widget) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_revealer_new()))
        gtk_revealer_set_child(opaque, child.widget)
        gtk_revealer_set_transition_type(opaque, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN)
    }

    public var isRevealed: Bool {
        get { gtk_revealer_get_reveal_child(opaque) != 0 }
        set { gtk_revealer_set_reveal_child(opaque, newValue ? 1 : 0) }
    }
}
