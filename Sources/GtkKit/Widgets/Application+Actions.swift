import CGtk

extension Application {
    /// Adds an application action "app.<name>" taking a string. When another launch of the
    /// program finds this one running, `activateAction` there reaches this handler over D-Bus:
    /// the way a second `koyomi --month 2027-01` tells the open window which month to show.
    public func addAction(_ name: String, stringHandler handler: @escaping @MainActor (String) -> Void) {
        let action = SimpleAction(name: name, takesString: true)
        action.onPointerSignal("activate") { parameter in
            guard let parameter else { return }
            handler(String.fromC(g_variant_get_string(OpaquePointer(parameter), nil)) ?? "")
        }
        // The application's action map keeps the action (and so the handler) alive.
        g_action_map_add_action(OpaquePointer(object), OpaquePointer(action.object))
    }

    /// Adds an application action "app.<name>" that menus and accelerators can trigger.
    public func addAction(_ name: String, _ handler: @escaping @MainActor () -> Void) {
        let action = SimpleAction(name: name)
        action.onPointerSignal("activate") { _ in handler() }
        g_action_map_add_action(OpaquePointer(object), OpaquePointer(action.object))
    }

    /// Activates "app.<name>" with a string, here or (when remote) in the primary instance.
    public func activateAction(_ name: String, string: String) {
        // The floating variant is consumed by the call.
        g_action_group_activate_action(OpaquePointer(object), name, g_variant_new_string(string))
    }
}
