import CGtk

/// A widget bound to an action by name (GtkActionable): a click activates the action, the
/// widget is insensitive while the action is disabled, and a toggle button with a target is
/// pressed in exactly while the action's state equals its target.
@MainActor
public protocol Actionable: Widget {}

extension Actionable {
    private var actionable: OpaquePointer { OpaquePointer(widget) }

    /// The detailed action, e.g. "win.next" or "win.view".
    public var actionName: String? {
        get { String.fromC(gtk_actionable_get_action_name(actionable)) }
        set { gtk_actionable_set_action_name(actionable, newValue) }
    }

    /// The string the action is activated with (for "win.view": the view, "week").
    public var actionTarget: String? {
        get {
            guard let value = gtk_actionable_get_action_target_value(actionable),
                  String.fromC(g_variant_get_type_string(value)) == "s" else { return nil }
            return String.fromC(g_variant_get_string(value, nil)) // borrowed: owned by the widget
        }
        // The floating variant is consumed by the widget.
        set { gtk_actionable_set_action_target_value(actionable, newValue.map { g_variant_new_string($0) }) }
    }
}

extension Button: Actionable {}
extension ToggleButton: Actionable {}
