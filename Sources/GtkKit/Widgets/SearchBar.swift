import CGtk

/// GtkSearchBar: a bar that slides in under the header to hold a search entry.
@MainActor
public final class SearchBar: Widget {
    /// `entry` is the bar's child and is connected to it, so Escape in it closes the bar.
    public init(entry: SearchEntry) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_search_bar_new()))
        gtk_search_bar_set_child(opaque, entry.widget)
        gtk_search_bar_connect_entry(opaque, OpaquePointer(entry.object))
    }

    /// Whether the bar is open.
    public var isSearchMode: Bool {
        get { gtk_search_bar_get_search_mode(opaque) != 0 }
        set { gtk_search_bar_set_search_mode(opaque, newValue ? 1 : 0) }
    }

    public var showsCloseButton: Bool {
        get { gtk_search_bar_get_show_close_button(opaque) != 0 }
        set { gtk_search_bar_set_show_close_button(opaque, newValue ? 1 : 0) }
    }

    /// Called whenever the bar opens or closes, whoever did it (a key, Escape, the code).
    @discardableResult
    public func onSearchModeChanged(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalConnection {
        onNotify("search-mode-enabled") { [weak self] in
            guard let self else { return }
            handler(self.isSearchMode)
        }
    }
}
