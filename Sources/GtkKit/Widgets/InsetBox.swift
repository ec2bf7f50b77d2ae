import CGtk

/// Holds one widget and keeps room free beside it (at the end edge) or under it, for something
/// floating over that room, such as a side or bottom panel. Unlike margins, the insets never
/// raise the box's minimum size: when the window is smaller than child plus insets, the
/// insets give way first, so a layout that changes its insets with the size can always shrink.
@MainActor
public final class InsetBox: Widget {
    public private(set) var insets: (bottom: Int32, end: Int32) = (0, 0)

    public init(child: Widget) {
        super.init(retaining: UnsafeMutableRawPointer(koyomi_inset_box_new()))
        gtk_widget_set_parent(child.widget, widget)
    }

    public func setInsets(bottom: Int32, end: Int32) {
        guard bottom != insets.bottom || end != insets.end else { return }
        insets = (bottom, end)
        koyomi_inset_box_set(widget, bottom, end)
    }
}
