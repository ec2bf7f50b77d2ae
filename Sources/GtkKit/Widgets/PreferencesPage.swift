import CGtk

/// AdwPreferencesPage: one scrollable page of preference groups.
@MainActor
public final class PreferencesPage: Widget {
    /// The groups added so far, in order.
    public private(set) var groups: [PreferencesGroup] = []

    public init(title: String, iconName: String? = nil) {
        super.init(retaining: UnsafeMutableRawPointer(adw_preferences_page_new()))
        adw_preferences_page_set_title(cast(), title)
        if let iconName { adw_preferences_page_set_icon_name(cast(), iconName) }
    }

    public var title: String { String.fromC(adw_preferences_page_get_title(cast())) ?? "" }

    /// Adds a group; the page keeps it alive. Add every group before the page goes into a
    /// `PreferencesWindow` (see `PreferencesWindow.add`).
    public func add(_ group: PreferencesGroup) {
        adw_preferences_page_add(cast(), group.cast())
        groups.append(group)
    }
}
