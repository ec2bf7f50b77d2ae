import CGtk

/// AdwToast: a short message at the bottom of a `ToastOverlay`, optionally with one button
/// ("Undo"). Keep the wrapper while its handlers matter; the overlay holds the toast on screen.
@MainActor
public final class Toast: GObjectRef {
    public init(title: String) {
        // AdwToast is a plain GObject (not floating): `new` hands us the one reference.
        super.init(adoptingFull: UnsafeMutableRawPointer(adw_toast_new(title)))
    }

    private var toast: OpaquePointer { opaque }

    public var title: String {
        get { String.fromC(adw_toast_get_title(toast)) ?? "" }
        set { adw_toast_set_title(toast, newValue) }
    }

    /// The button's label (may use a mnemonic, "_Undo"); nil shows no button.
    public var buttonLabel: String? {
        get { String.fromC(adw_toast_get_button_label(toast)) }
        set { adw_toast_set_button_label(toast, newValue) }
    }

    /// Seconds on screen before it goes by itself; 0 keeps it until dismissed.
    public var timeout: UInt32 {
        get { adw_toast_get_timeout(toast) }
        set { adw_toast_set_timeout(toast, newValue) }
    }

    /// Whether it pushes the current toast away at once instead of queueing behind it.
    public var isHighPriority: Bool {
        get { adw_toast_get_priority(toast) == ADW_TOAST_PRIORITY_HIGH }
        set { adw_toast_set_priority(toast, newValue ? ADW_TOAST_PRIORITY_HIGH : ADW_TOAST_PRIORITY_NORMAL) }
    }

    /// Takes it off the screen (emits "dismissed").
    public func dismiss() { adw_toast_dismiss(toast) }

    /// The button was pressed (the toast then goes away by itself).
    @discardableResult
    public func onButtonClicked(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onSignal("button-clicked", handler)
    }

    /// It left the screen: timed out, closed, dismissed or replaced.
    @discardableResult
    public func onDismissed(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onSignal("dismissed", handler)
    }

    /// Emits "button-clicked" as a press would (for tests).
    public func clickButton() { koyomi_signal_emit_simple(object, "button-clicked") }
}
