import CGtk

/// AdwPreferencesWindow (libadwaita 1.2): a modal settings window over the main window.
///
/// It is transient for its parent (kept above it and centred on it) and destroyed with it.
/// Closing it destroys it; `onClosed` tells the owner to drop its wrappers then.
/// Not for re-use: after it closed, make a new one.
@MainActor
public final class PreferencesWindow: Widget {
    public init(transientFor parent: Window?) {
        // GTK owns toplevels; `retaining` takes our own reference next to GTK's, as in Window.
        super.init(retaining: UnsafeMutableRawPointer(adw_preferences_window_new()))
        gtk_window_set_modal(window, 1)
        gtk_window_set_destroy_with_parent(window, 1)
        if let parent { gtk_window_set_transient_for(window, parent.cast()) }
        // A handful of settings: a search field would only add a control to tab through.
        adw_preferences_window_set_search_enabled(cast(), 0)
    }

    private var window: UnsafeMutablePointer<GtkWindow> { cast() }

    public var title: String {
        get { String.fromC(gtk_window_get_title(window)) ?? "" }
        set { gtk_window_set_title(window, newValue) }
    }

    public var isModal: Bool { gtk_window_get_modal(window) != 0 }

    /// Whether the window is transient for `parent` (stays above it, blocks it while modal).
    public func isTransient(for parent: Window) -> Bool {
        gtk_window_get_transient_for(window) == parent.cast(GtkWindow.self)
    }

    /// Adds a page with all its groups (add groups to the page first).
    public func add(_ page: PreferencesPage) {
        // libadwaita 1.2 leaks one reference to each visible group of a page added here: the
        // window's search model maps groups to rows with adw_preferences_group_get_rows as a
        // GtkMapListModel function, which must release the item it is handed and does not
        // (adw_preferences_page_get_rows). Unbalanced, every group and all its rows would
        // outlive the window. Give back exactly the references that appeared during this call,
        // and only on 1.2, where this was measured; see PreferencesWindowTests' leak test.
        let before = page.groups.map(\.referenceCount)
        adw_preferences_window_add(cast(), page.cast())
        guard adw_get_major_version() == 1, adw_get_minor_version() == 2 else { return }
        for (group, count) in zip(page.groups, before) where group.referenceCount == count + 1 {
            g_object_unref(group.object)
        }
    }

    public func present() { gtk_window_present(window) }

    /// Closes the window as the user would (Escape, the close button).
    public func close() { gtk_window_close(window) }

    /// Called when the window leaves the screen for good: closed by the user or in code
    /// (which destroys it, as it does not hide on close), or destroyed with its parent.
    /// Uses "unrealize", the last step of gtk_window_destroy in GTK 4.8 (which emits neither
    /// "hide" nor, while this wrapper holds its reference, "destroy"); a toplevel that is only
    /// hidden stays realized.
    @discardableResult
    public func onClosed(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onSignal("unrealize", handler)
    }
}

private extension PreferencesGroup {
    /// The GObject's reference count, read on GTK's thread (for the 1.2 leak above only).
    var referenceCount: UInt32 { object.pointee.ref_count }
}
