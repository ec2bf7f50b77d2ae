import CGtk

/// GtkToggleButton: a button that stays pressed in or out (e.g. one weekday of a weekly repeat).
@MainActor
public final class ToggleButton: Widget {
    public init(label: String, isActive: Bool = false) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_toggle_button_new_with_label(label)))
        self.isActive = isActive
    }

    /// An icon toggle; give it a tooltip and an accessible label, since it shows no text.
    public init(iconName: String, isActive: Bool = false) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_toggle_button_new()))
        gtk_button_set_icon_name(cast(), iconName)
        self.isActive = isActive
    }

    private var toggle: UnsafeMutablePointer<GtkToggleButton> { cast() }

    public var label: String? {
        get { String.fromC(gtk_button_get_label(cast())) }
        set { gtk_button_set_label(cast(), newValue) }
    }

    /// Pressed in. Setting it emits "toggled" like a click does (only on a real change).
    public var isActive: Bool {
        get { gtk_toggle_button_get_active(toggle) != 0 }
        set { gtk_toggle_button_set_active(toggle, newValue ? 1 : 0) }
    }

    /// Joins `other`'s group: one button of a group is pressed in at a time (a view switch).
    public func setGroup(_ other: ToggleButton) {
        gtk_toggle_button_set_group(toggle, other.toggle)
    }

    /// Emits "clicked" as a click would: toggles the button, or, bound to an action, activates it.
    public func click() { koyomi_signal_emit_simple(object, "clicked") }

    /// Called with the new state whenever it changes, by the user or through `isActive`.
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalConnection {
        onSignal("toggled") { [weak self] in
            guard let self else { return }
            handler(self.isActive)
        }
    }
}
