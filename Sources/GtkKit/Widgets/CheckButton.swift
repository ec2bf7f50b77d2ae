import CGtk

/// GtkCheckButton: a check box with an optional label beside it. Without a label, give it an
/// accessible label.
@MainActor
public final class CheckButton: Widget {
    public init(label: String? = nil, isActive: Bool = false) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_check_button_new_with_label(label)))
        self.isActive = isActive
    }

    /// Setting it emits "toggled" when the value really changes, as a user's click does.
    public var isActive: Bool {
        get { gtk_check_button_get_active(cast()) != 0 }
        set { gtk_check_button_set_active(cast(), newValue ? 1 : 0) }
    }

    public var label: String? {
        get { String.fromC(gtk_check_button_get_label(cast())) }
        set { gtk_check_button_set_label(cast(), newValue) }
    }

    /// Called with the new state whenever it changes, by the user or through `isActive`.
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalConnection {
        onSignal("toggled") { [weak self] in
            guard let self else { return }
            handler(self.isActive)
        }
    }

    /// Joins `other`'s group: the buttons become radio buttons, one of them checked at a time.
    public func setGroup(_ other: CheckButton) {
        gtk_check_button_set_group(cast(), other.cast())
    }

    /// Flips the state as a click would (for tests and keyboard shortcuts).
    public func toggle() { isActive.toggle() }
}
