import CGtk

extension Window {
    /// Adds a window action "win.<name>" that buttons, menus and accelerators can trigger.
    @discardableResult
    public func addAction(_ name: String, _ handler: @escaping @MainActor () -> Void) -> SimpleAction {
        let action = SimpleAction(name: name)
        action.onPointerSignal("activate") { _ in handler() }
        // The window's action map keeps the action (and so the handler) alive.
        g_action_map_add_action(OpaquePointer(object), OpaquePointer(action.object))
        return action
    }

    /// Adds a window action "win.<name>" with a string state, e.g. the view shown. Activating
    /// it with a string (a toggle button or menu item's target, an accelerator such as
    /// "win.view::week", a D-Bus `Activate`) asks `onRequest`, which decides; the state
    /// changes only when the app sets `stringState` on the returned action.
    @discardableResult
    public func addStatefulAction(_ name: String, state: String,
                                  onRequest: @escaping @MainActor (String) -> Void) -> SimpleAction {
        let action = SimpleAction(name: name, state: state)
        action.onPointerSignal("change-state") { value in
            guard let value else { return }
            onRequest(String.fromC(g_variant_get_string(OpaquePointer(value), nil)) ?? "")
        }
        g_action_map_add_action(OpaquePointer(object), OpaquePointer(action.object))
        return action
    }

    /// Activates "win.<name>" through the window's action group, as a D-Bus `Activate` does
    /// (`name` without the "win." prefix); with `string`, as a target would.
    public func activateAction(_ name: String, string: String?) {
        // The floating parameter is consumed by the call.
        g_action_group_activate_action(OpaquePointer(object), name, string.map { g_variant_new_string($0) })
    }

    /// The string state of "win.<name>", as the action group reports it (nil: none or no such action).
    public func actionState(_ name: String) -> String? {
        guard let state = g_action_group_get_action_state(OpaquePointer(object), name) else { return nil }
        defer { g_variant_unref(state) }
        return String.fromC(g_variant_get_string(state, nil))
    }

    /// Whether "win.<name>" exists and is enabled.
    public func isActionEnabled(_ name: String) -> Bool {
        g_action_group_has_action(OpaquePointer(object), name) != 0
            && g_action_group_get_action_enabled(OpaquePointer(object), name) != 0
    }

    /// The size the window has (or will open with), kept up to date by GTK as it is resized.
    public var defaultSize: (width: Int32, height: Int32) {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(cast(), &width, &height)
        return (width, height)
    }

    public var isMaximized: Bool { gtk_window_is_maximized(cast()) != 0 }

    public func maximize() { gtk_window_maximize(cast()) }
}
