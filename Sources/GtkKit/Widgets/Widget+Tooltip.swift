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
            MainActor.assumeIsolated { Widget.show(text, in: OpaquePointer(tooltip)) }
            return 1
        }
        return connect("query-tooltip", trampoline: unsafeBitCast(trampoline, to: GCallback.self), body: text as Body)
    }

    /// Shows `text` in `tooltip` on as few lines as it takes. GTK 4.8's own tooltip label may be
    /// as wide as the text has characters, counted in the font's average (Latin) width: a
    /// Japanese text, each character about twice that wide, wrapped after two or three
    /// ("新しい" / "予定"). This label wraps only past 50 such characters, as GTK's does for
    /// longer texts. GTK asks again at every move of the pointer: the tooltip keeps its one
    /// label, which is set again as it is (GTK then leaves it in place).
    static func show(_ text: String, in tooltip: OpaquePointer) {
        let key = "koyomi-tooltip-label"
        let object = UnsafeMutableRawPointer(tooltip)
        let label: OpaquePointer
        if let kept = g_object_get_data(object.assumingMemoryBound(to: GObject.self), key) {
            label = OpaquePointer(kept)
            if String.fromC(gtk_label_get_text(label)) != text { gtk_label_set_text(label, text) }
        } else {
            guard let made = gtk_label_new(text) else { return }
            label = OpaquePointer(made)
            gtk_label_set_wrap(label, 1)
            gtk_label_set_max_width_chars(label, 50)
            // Owned by the tooltip from now on, released with it.
            g_object_ref_sink(UnsafeMutableRawPointer(made))
            g_object_set_data_full(object.assumingMemoryBound(to: GObject.self), key, UnsafeMutableRawPointer(made)) {
                g_object_unref($0)
            }
        }
        gtk_tooltip_set_custom(tooltip, UnsafeMutablePointer(label))
    }

    /// Shows the widget's tooltip text (`tooltip`) through `show(_:in:)`; connected once, at
    /// its first text. It answers before GTK's own handler, which then does not run.
    func showsTooltipTextOnItsLines() {
        let key = "koyomi-tooltip-lines"
        guard g_object_get_data(object, key) == nil else { return }
        g_object_set_data(object, key, UnsafeMutableRawPointer(bitPattern: 1))
        let trampoline: @convention(c) (UnsafeMutablePointer<GtkWidget>?, gint, gint, gboolean, gpointer?, gpointer?)
            -> gboolean = { widget, _, _, _, tooltip, _ in
            guard let widget, let tooltip, let text = String.fromC(gtk_widget_get_tooltip_text(widget)),
                  !text.isEmpty else { return 0 }
            MainActor.assumeIsolated { Widget.show(text, in: OpaquePointer(tooltip)) }
            return 1
        }
        _ = connect("query-tooltip", trampoline: unsafeBitCast(trampoline, to: GCallback.self), body: ())
    }
}
