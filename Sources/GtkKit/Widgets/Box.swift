import CGtk

/// GtkBox: children in a row or a column.
@MainActor
public final class Box: Widget {
    public init(_ orientation: Orientation, spacing: Int32 = 0) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_box_new(orientation.gtk, spacing)))
    }

    private var box: OpaquePointer { opaque }

    public func append(_ child: Widget) { gtk_box_append(cast(), child.widget) }
    public func prepend(_ child: Widget) { gtk_box_prepend(cast(), child.widget) }
    public func remove(_ child: Widget) { gtk_box_remove(cast(), child.widget) }

    /// Adds `child` just before `sibling` (one of this box's children).
    public func insert(_ child: Widget, before sibling: Widget) {
        gtk_box_insert_child_after(cast(), child.widget, gtk_widget_get_prev_sibling(sibling.widget))
    }

    public var isHomogeneous: Bool {
        get { gtk_box_get_homogeneous(cast()) != 0 }
        set { gtk_box_set_homogeneous(cast(), newValue ? 1 : 0) }
    }
}
