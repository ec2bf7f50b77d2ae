import CGtk

/// AdwComboRow over a fixed list of strings: pick one of several choices in a preferences
/// group. The row is the control (it opens the list), so it carries the accessible label.
@MainActor
public final class ComboRow: Widget {
    /// The choices, in the order shown.
    public let items: [String]

    public init(title: String, items: [String]) {
        self.items = items
        super.init(retaining: UnsafeMutableRawPointer(adw_combo_row_new()))
        adw_preferences_row_set_use_markup(cast(), 0) // plain text, as in SwitchRow
        adw_preferences_row_set_title(cast(), title)
        // A new GtkStringList is ours (transfer full, not floating); the row takes its own
        // reference in set_model, so ours goes right after.
        let list = gtk_string_list_new(nil)
        for item in items { gtk_string_list_append(list, item) }
        adw_combo_row_set_model(cast(), list)
        g_object_unref(UnsafeMutableRawPointer(list))
        accessibleLabel = title
    }

    public var title: String { String.fromC(adw_preferences_row_get_title(cast())) ?? "" }

    /// The index of the chosen item in `items`; nil when none is. Setting an index outside
    /// `items` is ignored. Setting it emits the same notification as a user's choice.
    public var selectedIndex: Int? {
        get {
            let index = Int(adw_combo_row_get_selected(cast()))
            return items.indices.contains(index) ? index : nil
        }
        set {
            guard let newValue, items.indices.contains(newValue) else { return }
            adw_combo_row_set_selected(cast(), guint(newValue))
        }
    }

    /// Called with the new `selectedIndex` whenever the choice changes, by the user or in code
    /// (only real changes notify).
    @discardableResult
    public func onSelected(_ handler: @escaping @MainActor (Int?) -> Void) -> SignalConnection {
        onNotify("selected") { [weak self] in
            guard let self else { return }
            handler(self.selectedIndex)
        }
    }
}
