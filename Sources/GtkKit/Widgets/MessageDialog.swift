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

    /// The response Enter gives (`id`) and the one Escape gives (`closeResponse`), when they differ.
    public func setDefaultResponse(_ id: String, closeResponse: String) {
        adw_message_dialog_set_default_response(cast(), id)
        adw_message_dialog_set_close_response(cast(), closeResponse)
    }

    /// How a response's button looks: a destructive one is red, a suggested one blue.
    public enum Appearance: Sendable { case regular, suggested, destructive }

    public func setAppearance(_ appearance: Appearance, forResponse id: String) {
        let value = switch appearance {
        case .regular: ADW_RESPONSE_DEFAULT
        case .suggested: ADW_RESPONSE_SUGGESTED
        case .destructive: ADW_RESPONSE_DESTRUCTIVE
        }
        adw_message_dialog_set_response_appearance(cast(), id, value)
    }

    /// Called with the chosen response's id (also the close response on Escape); the dialog
    /// closes itself afterwards.
    @discardableResult
    public func onResponse(_ handler: @escaping @MainActor (String) -> Void) -> SignalConnection {
        onPointerSignal("response") { response in
            handler(String.fromC(response?.assumingMemoryBound(to: CChar.self)) ?? "")
        }
    }

    /// A widget under the body (a list to choose from), or none.
    public func setExtraChild(_ child: Widget?) {
        adw_message_dialog_set_extra_child(cast(), child?.widget)
    }

    /// Answers as a click on the response's button would (for keyboard paths and tests).
    public func respond(_ id: String) { adw_message_dialog_response(cast(), id) }

    /// The label of a response's button (as given, mnemonic included); nil when there is no such response.
    public func label(ofResponse id: String) -> String? {
        guard adw_message_dialog_has_response(cast(), id) != 0 else { return nil }
        return String.fromC(adw_message_dialog_get_response_label(cast(), id))
    }

    public var heading: String { String.fromC(adw_message_dialog_get_heading(cast())) ?? "" }
    public var body: String { String.fromC(adw_message_dialog_get_body(cast())) ?? "" }

    public func present() { gtk_window_present(cast()) }
    public func close() { gtk_window_close(cast()) }
}
