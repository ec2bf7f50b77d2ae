import CGtk

/// Keys bound to actions by name that a focused text field sees first (a GtkShortcutController
/// on the window, in the bubble phase). The application's accelerators run before any widget
/// (capture phase), so they would take Ctrl+Z from a search field that has typing to undo;
/// keys bound here reach the action only when the field lets them through.
@MainActor
public final class ShortcutController: GObjectRef {
    public init(on widget: Widget) {
        // Not floating: `retaining` adds our reference beside the one the widget takes over.
        let controller = gtk_shortcut_controller_new()!
        super.init(retaining: UnsafeMutableRawPointer(controller))
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_BUBBLE)
        gtk_widget_add_controller(widget.widget, controller)
    }

    /// Binds `accelerator` ("<Control>z", GTK's syntax) to the action `action` ("win.undo").
    /// Returns false for an accelerator GTK cannot parse.
    @discardableResult
    public func add(_ accelerator: String, action: String) -> Bool {
        guard let trigger = gtk_shortcut_trigger_parse_string(accelerator) else { return false }
        // The shortcut takes over the trigger and the action; the controller, the shortcut.
        let shortcut = gtk_shortcut_new(trigger, gtk_named_action_new(action))
        gtk_shortcut_controller_add_shortcut(opaque, shortcut)
        return true
    }
}
