import CGtk

/// GtkScrolledWindow around one child; scrolls vertically only.
@MainActor
public final class ScrolledWindow: Widget {
    public init(child: Widget) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_scrolled_window_new()))
        gtk_scrolled_window_set_child(opaque, child.widget)
        gtk_scrolled_window_set_policy(opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    }

    /// Whether GTK draws a frame around the content (the theme's border, in light and dark).
    public var hasFrame: Bool {
        get { gtk_scrolled_window_get_has_frame(opaque) != 0 }
        set { gtk_scrolled_window_set_has_frame(opaque, newValue ? 1 : 0) }
    }

    /// Takes the content's natural height up to `height` pixels, and scrolls beyond it (a
    /// list in a dialog that grows with its rows, up to a point).
    public func setMaxContentHeight(_ height: Int32) {
        gtk_scrolled_window_set_max_content_height(opaque, height)
        gtk_scrolled_window_set_propagate_natural_height(opaque, 1)
    }

    /// The vertical scroll offset (0 = top), clamped by GTK to what the content allows.
    public var verticalOffset: Double {
        get { gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(opaque)) }
        set { gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(opaque), newValue) }
    }

    /// The largest offset the content allows now (content height minus visible height).
    public var maximumVerticalOffset: Double {
        let adjustment = gtk_scrolled_window_get_vadjustment(opaque)
        return max(0, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
    }
}
