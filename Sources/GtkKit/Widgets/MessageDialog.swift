import CGtk

/// AdwMessageDialog: a heading, a body and buttons, modal over a window.
@MainActor
public final class MessageDialog: Widget {
    public init(parent: Window, heading: String, body: String) {
        // A new window is owned by GTK; `retaining` adds ours until the wrapper goes.
        super.init(retaining: UnsafeMutableRawPointer(adw_message_dialog_new(parent.cast(), heading, body)))
    }

    /// Adds a button; `id` comes back in `onResponse`. The label may use a mnemonic ("_Close").
    public func addResponse(_ id: String, label: String, isDefault: Bool = false) {
        adw_message_dialog_add_response(cast(), id, label)
        if isDefault {
            adw_message_dialog_set_default_response(cast(), id)
            adw_message_dialog_set_close_response(cast(), id)
        }
    }

    /// Called with the chosen response's id (also the close response on Escape); the dialog
    /// closes itself afterwards.
    @discardableResult
    public func onResponse(_ handler: @escaping @MainActor (String) -> Void) -> SignalConnection {
        onPointerSignal("response") { response in
            handler(String.fromC(response?.assumingMemoryBound(to: CChar.self)) ?? "")
        }
    }

    public var heading: String { String.fromC(adw_message_dialog_get_heading(cast())) ?? "" }
    public var body: String { String.fromC(adw_message_dialog_get_body(cast())) ?? "" }

    public func present() { gtk_window_present(cast()) }
    public func close() { gtk_window_close(cast()) }
}
