import CGtk

/// GtkSearchEntry: a text field with a search icon and a clear button. Escape emits
/// "stop-search", which a connected `SearchBar` answers by closing.
@MainActor
public final class SearchEntry: Widget {
    public init() {
        super.init(retaining: UnsafeMutableRawPointer(gtk_search_entry_new()))
    }

    public var text: String {
        get { String.fromC(gtk_editable_get_text(opaque)) ?? "" }
        set { gtk_editable_set_text(opaque, newValue) }
    }

    /// The grey hint shown while the field is empty. GTK 4.8 has no setter on the search
    /// entry itself (4.10), so it goes to the GtkText inside.
    public func setPlaceholder(_ text: String) {
        guard let inner = gtk_editable_get_delegate(opaque) else { return }
        gtk_text_set_placeholder_text(UnsafeMutableRawPointer(inner).assumingMemoryBound(to: GtkText.self), text)
    }

    /// Milliseconds "search-changed" waits after a keystroke (GTK's default is 150).
    public func setSearchDelay(milliseconds: UInt32) {
        gtk_search_entry_set_search_delay(opaque, milliseconds)
    }

    /// After the text changed and the search delay passed (also at once when cleared).
    @discardableResult
    public func onSearchChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onSignal("search-changed", handler)
    }

    /// Emits "activate" as Enter would (for tests).
    public func activate() { koyomi_signal_emit_simple(object, "activate") }

    /// Enter pressed in the field.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onSignal("activate", handler)
    }

    /// Escape pressed in the field.
    @discardableResult
    public func onStopSearch(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onSignal("stop-search", handler)
    }

    /// Down arrow / Ctrl+G in the field ("next-match").
    @discardableResult
    public func onNextMatch(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onSignal("next-match", handler)
    }
}
