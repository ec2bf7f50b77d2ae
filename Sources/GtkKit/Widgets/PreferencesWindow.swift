import CGtk

/// A modal settings window over the main window: an AdwWindow with a header bar and
/// preferences pages, as AdwPreferencesWindow looks.
///
/// Not AdwPreferencesWindow itself: in libadwaita 1.2 its search model (built even with search
/// disabled) keeps a reference to every group it is shown (adw_preferences_page_get_rows maps
/// groups with adw_preferences_group_get_rows, which never releases its argument), so each
/// opening would leak the page's groups and rows. A plain window has no such model.
///
/// It is transient for its parent (kept above it and centred on it) and destroyed with it.
/// Closing it destroys it; `onClosed` tells the owner to drop its wrappers then.
/// Not for re-use: after it closed, make a new one.
@MainActor
public final class PreferencesWindow: Widget {
    private let pages = Box(.vertical)
    private var keys: KeyController?

    public init(transientFor parent: Window?) {
        // GTK owns toplevels; `retaining` takes our own reference next to GTK's, as in Window.
        super.init(retaining: UnsafeMutableRawPointer(adw_window_new()))
        gtk_window_set_modal(window, 1)
        gtk_window_set_destroy_with_parent(window, 1)
        gtk_window_set_default_size(window, 560, 420)
        if let parent { gtk_window_set_transient_for(window, parent.cast()) }
        let content = Box(.vertical)
        content.append(HeaderBar())
        pages.vexpand = true
        content.append(pages)
        adw_window_set_content(cast(), content.widget)
        // Escape closes it, as it does AdwPreferencesWindow.
        keys = KeyController(on: self)
        keys?.onKeyPressed { [weak self] key, modifiers in
            guard key == .escape, modifiers.isEmpty else { return false }
            self?.close()
            return true
        }
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

    /// Adds a page (one page shows; Koyomi has one).
    public func add(_ page: PreferencesPage) {
        page.vexpand = true
        pages.append(page)
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
