import CGtk

/// GtkSwitch: an on/off control. Give it an accessible label (a switch shows no text).
@MainActor
public final class Switch: Widget {
    public init(isOn: Bool = false) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_switch_new()))
        self.isOn = isOn
    }

    /// Setting it emits the same change notification as a user's flip.
    public var isOn: Bool {
        get { gtk_switch_get_active(opaque) != 0 }
        set { gtk_switch_set_active(opaque, newValue ? 1 : 0) }
    }

    /// Called with the new position whenever it changes, by the user or through `isOn`
    /// (GTK only notifies real changes, so setting the current value calls nothing).
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalConnection {
        onNotify("active") { [weak self] in
            guard let self else { return }
            handler(self.isOn)
        }
    }
}
