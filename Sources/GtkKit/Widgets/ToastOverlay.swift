import CGtk

/// AdwToastOverlay: shows `Toast`s over its child (usually a window's whole content).
@MainActor
public final class ToastOverlay: Widget {
    public init(child: Widget? = nil) {
        super.init(retaining: UnsafeMutableRawPointer(adw_toast_overlay_new()))
        if let child { setChild(child) }
    }

    public func setChild(_ child: Widget?) { adw_toast_overlay_set_child(opaque, child?.widget) }

    /// Shows `toast` (after the current one, unless it is high priority). The overlay takes a
    /// reference of its own (add_toast is transfer full) and drops it once the toast is gone.
    public func add(_ toast: Toast) {
        g_object_ref(toast.object)
        adw_toast_overlay_add_toast(opaque, toast.opaque)
    }
}
