import CGtk

extension Window {
    /// Adds a window action "win.<name>" that menus and accelerators can trigger.
    public func addAction(_ name: String, _ handler: @escaping @MainActor () -> Void) {
        let action = SimpleAction(name: name)
        action.onPointerSignal("activate") { _ in handler() }
        // The window's action map keeps the action (and so the handler) alive.
        g_action_map_add_action(OpaquePointer(object), OpaquePointer(action.object))
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

/// GSimpleAction: a named action with an "activate" signal.
@MainActor
final class SimpleAction: GObjectRef {
    /// - Parameter takesString: whether the action is activated with a string parameter.
    init(name: String, takesString: Bool = false) {
        let type = takesString ? g_variant_type_new("s") : nil
        defer { if let type { g_variant_type_free(type) } }
        super.init(adoptingFull: UnsafeMutableRawPointer(g_simple_action_new(name, type)))
    }
}
