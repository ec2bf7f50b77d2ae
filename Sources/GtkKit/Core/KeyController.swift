import CGtk

/// A GtkEventControllerKey attached to a widget: sees key presses for the widget and, in the
/// capture phase, for its descendants before they do (so arrow keys can move the selection
/// instead of GTK's focus). The widget owns the controller; this wrapper keeps a reference.
@MainActor
public final class KeyController: GObjectRef {
    public enum Phase: Sendable { case capture, bubble }

    public init(on widget: Widget, phase: Phase = .bubble) {
        // A new controller is not floating: `retaining` adds our reference beside the one
        // gtk_widget_add_controller takes over ("transfer full").
        let controller = gtk_event_controller_key_new()!
        super.init(retaining: UnsafeMutableRawPointer(controller))
        gtk_event_controller_set_propagation_phase(
            controller, phase == .capture ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE)
        gtk_widget_add_controller(widget.widget, controller)
    }

    /// Called for every key press; return true when the key was handled.
    @discardableResult
    public func onKeyPressed(_ handler: @escaping @MainActor (Key, Modifiers) -> Bool) -> SignalConnection {
        typealias Body = @MainActor (Key, Modifiers) -> Bool
        let trampoline: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
            _, keyval, _, state, data in
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
            let key = Key(keyval: keyval)
            let modifiers = Modifiers(state: state)
            return MainActor.assumeIsolated { box.body(key, modifiers) } ? 1 : 0
        }
        return connect("key-pressed", trampoline: unsafeBitCast(trampoline, to: GCallback.self), body: handler as Body)
    }
}
