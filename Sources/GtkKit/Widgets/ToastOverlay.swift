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
        nameToastButtons()
    }

    /// Gives the toasts' buttons their label, mnemonic left out, as their screen-reader name:
    /// GTK 4.8 names a button with a mnemonic by its raw label and, through the label's
    /// labelled-by relation, by the label's text again ("_Undo Undo"). The toasts on screen are
    /// the overlay's children beside its main one.
    private func nameToastButtons() {
        let main = adw_toast_overlay_get_child(opaque)
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if current != main { Self.nameButtons(in: current) }
            child = gtk_widget_get_next_sibling(current)
        }
    }

    private static func nameButtons(in node: UnsafeMutablePointer<GtkWidget>) {
        if koyomi_is_button(node) != 0, let label = String.fromC(gtk_button_get_label(UnsafeMutableRawPointer(node).assumingMemoryBound(to: GtkButton.self))) {
            koyomi_accessible_set_string(node, GTK_ACCESSIBLE_PROPERTY_LABEL, Mnemonic.spoken(label))
            // The mnemonic's label names it too, through this relation: it would be said twice.
            gtk_accessible_reset_relation(OpaquePointer(node), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        }
        var child = gtk_widget_get_first_child(node)
        while let current = child {
            nameButtons(in: current)
            child = gtk_widget_get_next_sibling(current)
        }
    }
}
