import CGtk

/// GtkPaned: two children with a draggable divider.
@MainActor
public final class Paned: Widget {
    public init(_ orientation: Orientation, start: Widget, end: Widget) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_paned_new(orientation.gtk)))
        gtk_paned_set_start_child(opaque, start.widget)
        gtk_paned_set_end_child(opaque, end.widget)
        gtk_paned_set_shrink_start_child(opaque, 0)
        gtk_paned_set_shrink_end_child(opaque, 0)
    }

    /// The divider's distance from the start edge, in pixels.
    public var position: Int32 {
        get { gtk_paned_get_position(opaque) }
        set { gtk_paned_set_position(opaque, newValue) }
    }

    /// The largest divider position the current size allows (GTK 4 has no getter for it).
    public var maxPosition: Int32 { koyomi_object_get_int(object, "max-position") }

    /// The smallest divider position the start child's minimum size allows.
    public var minPosition: Int32 { koyomi_object_get_int(object, "min-position") }

    public var isWide: Bool {
        get { gtk_paned_get_wide_handle(opaque) != 0 }
        set { gtk_paned_set_wide_handle(opaque, newValue ? 1 : 0) }
    }
}
