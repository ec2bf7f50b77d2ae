import CGtk

/// GSimpleAction: a named verb ("win.next") that buttons, menu items, accelerators and other
/// programs (over D-Bus, `org.gtk.Actions`) all trigger the same way. The action map it is
/// added to keeps it alive; this wrapper holds one reference of its own.
@MainActor
public final class SimpleAction: GObjectRef {
    /// A plain action, or (`takesString`) one activated with a string.
    init(name: String, takesString: Bool = false) {
        let type = takesString ? g_variant_type_new("s") : nil
        defer { if let type { g_variant_type_free(type) } }
        super.init(adoptingFull: UnsafeMutableRawPointer(g_simple_action_new(name, type)))
    }

    /// An action with a string state, activated with the state it asks for ("win.view" with
    /// "week"): GLib turns an activation with a string into a request to change the state.
    init(name: String, state: String) {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        // The floating initial state is consumed by the action.
        super.init(adoptingFull: UnsafeMutableRawPointer(
            g_simple_action_new_stateful(name, type, g_variant_new_string(state))))
    }

    /// Whether the action can be triggered now; a disabled action's accelerator lets its key
    /// through to the focused widget.
    public var isEnabled: Bool {
        get { g_action_get_enabled(opaque) != 0 }
        set { g_simple_action_set_enabled(opaque, newValue ? 1 : 0) }
    }

    /// A stateful action's state; nil for a plain action. Setting it tells every button and
    /// menu item bound to the action (and D-Bus listeners), without asking the handler.
    public var stringState: String? {
        get {
            guard let state = g_action_get_state(opaque) else { return nil }
            defer { g_variant_unref(state) }
            return String.fromC(g_variant_get_string(state, nil))
        }
        set {
            guard let newValue, newValue != stringState else { return }
            g_simple_action_set_state(opaque, g_variant_new_string(newValue))
        }
    }
}
