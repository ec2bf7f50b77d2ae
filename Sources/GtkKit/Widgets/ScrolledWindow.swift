import CGtk

/// GtkScrolledWindow around one child; scrolls vertically only.
@MainActor
public final class ScrolledWindow: Widget {
    public init(child: Widget) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_scrolled_window_new()))
        gtk_scrolled_window_set_child(opaque, child.widget)
        gtk_scrolled_window_set_policy(opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    }
}
