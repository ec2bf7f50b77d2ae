import CGtk

/// GtkPopover: a bubble with any child, shown next to the widget that opens it (usually a
/// `MenuButton`, which then owns it).
@MainActor
public final class Popover: Widget {
    public init(child: Widget? = nil) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_popover_new()))
        if let child { setChild(child) }
    }

    /// Replaces the content; GTK keeps the child alive while it is set.
    public func setChild(_ child: Widget?) {
        gtk_popover_set_child(cast(), child?.widget)
    }

    public func popup() { gtk_popover_popup(cast()) }
    public func popdown() { gtk_popover_popdown(cast()) }

    /// Whether the popover is showing.
    public var isOpen: Bool { isVisible }

    public var hasArrow: Bool {
        get { gtk_popover_get_has_arrow(cast()) != 0 }
        set { gtk_popover_set_has_arrow(cast(), newValue ? 1 : 0) }
    }

    /// Called whenever the popover hides (Escape, a click outside, `popdown()`).
    @discardableResult
    public func onClosed(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onSignal("closed", handler)
    }
}
