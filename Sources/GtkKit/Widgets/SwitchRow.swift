import CGtk

/// AdwActionRow with a switch at its end: one on/off setting in a preferences group.
/// Clicking anywhere on the row flips the switch; the switch is labelled with the row's title
/// for screen readers.
@MainActor
public final class SwitchRow: Widget {
    /// The switch itself, for focus and accessibility checks.
    public let toggle: Switch

    public init(title: String, subtitle: String? = nil) {
        toggle = Switch()
        super.init(retaining: UnsafeMutableRawPointer(adw_action_row_new()))
        // libadwaita 1.2 reads row titles as Pango markup by default; ours are plain text,
        // and a translated "&" must not blank the row.
        adw_preferences_row_set_use_markup(cast(), 0)
        adw_preferences_row_set_title(cast(), title)
        if let subtitle { adw_action_row_set_subtitle(cast(), subtitle) }
        toggle.valign = .center
        adw_action_row_add_suffix(cast(), toggle.widget)
        adw_action_row_set_activatable_widget(cast(), toggle.widget)
        toggle.accessibleLabel = title
        toggle.accessibleDescription = subtitle
    }

    public var title: String { String.fromC(adw_preferences_row_get_title(cast())) ?? "" }

    public var isOn: Bool {
        get { toggle.isOn }
        set { toggle.isOn = newValue }
    }

    /// Called with the new position whenever the switch changes (see `Switch.onToggled`).
    @discardableResult
    public func onToggled(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalConnection {
        toggle.onToggled(handler)
    }
}
