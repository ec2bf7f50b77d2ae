import CGtk

extension Widget {
    /// A tooltip worked out only when the pointer rests on the widget ("query-tooltip"): for
    /// widgets refilled on every page, where setting each one's text would cost every page.
    /// `text` returning nil shows none. Returns the connection (kept by the caller, or not:
    /// GTK drops it with the widget).
    @discardableResult
    public func provideTooltip(_ text: @escaping @MainActor () -> String?) -> SignalConnection {
        gtk_widget_set_has_tooltip(widget, 1)
        typealias Body = @MainActor () -> String?
        let trampoline: @convention(c) (gpointer?, gint, gint, gboolean, gpointer?, gpointer?) -> gboolean = {
            _, _, _, _, tooltip, data in
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
            guard let text = MainActor.assumeIsolated({ box.body() }), let tooltip else { return 0 }
            gtk_tooltip_set_text(OpaquePointer(tooltip), text)
            return 1
        }
        return connect("query-tooltip", trampoline: unsafeBitCast(trampoline, to: GCallback.self), body: text as Body)
    }
}
