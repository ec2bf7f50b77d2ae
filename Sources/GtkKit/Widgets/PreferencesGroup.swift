import CGtk

/// AdwPreferencesGroup: a titled box of rows on a preferences page.
@MainActor
public final class PreferencesGroup: Widget {
    public init(title: String, description: String? = nil) {
        super.init(retaining: UnsafeMutableRawPointer(adw_preferences_group_new()))
        adw_preferences_group_set_title(cast(), title)
        if let description { adw_preferences_group_set_description(cast(), description) }
    }

    public var title: String { String.fromC(adw_preferences_group_get_title(cast())) ?? "" }

    /// Adds a row (a `SwitchRow`, a `ComboRow`, …); the group keeps it alive.
    public func add(_ row: Widget) {
        adw_preferences_group_add(cast(), row.widget)
    }
}
