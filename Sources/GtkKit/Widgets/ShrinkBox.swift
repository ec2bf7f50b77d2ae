import CGtk

/// Holds one widget that may be given less width than it asks for: the box itself asks for
/// none (and would like the child's natural width), the child keeps its own minimum and is
/// clipped. For rows that must not set a window's least width: a day cell's decorations and
/// the header's buttons in a phone-sized window.
@MainActor
public final class ShrinkBox: Widget {
    /// `shrinksHeight`: the box asks for no height either (the child is clipped at the bottom).
    public init(child: Widget, shrinksHeight: Bool = false) {
        super.init(retaining: UnsafeMutableRawPointer(koyomi_shrink_box_new()))
        if shrinksHeight { koyomi_shrink_box_shrink_height(widget) }
        gtk_widget_set_parent(child.widget, widget)
    }
}
