import CGtk

/// GtkTextView over its own buffer: multi-line plain text, wrapped at word boundaries, where
/// Tab moves the focus on instead of typing a tab (so keyboard users can leave the field).
@MainActor
public final class TextView: Widget {
    private let buffer: TextBuffer

    public init(text: String = "") {
        let view = gtk_text_view_new()!
        // The view owns its buffer; the wrapper takes a reference too, for its signal.
        buffer = TextBuffer(retaining: UnsafeMutableRawPointer(gtk_text_view_get_buffer(
            UnsafeMutableRawPointer(view).assumingMemoryBound(to: GtkTextView.self))))
        super.init(retaining: UnsafeMutableRawPointer(view))
        gtk_text_view_set_wrap_mode(cast(), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(cast(), 0)
        self.text = text
    }

    /// Space between the view's edge and its text, on every side (a bare view writes right up
    /// to its frame).
    public func setTextMargins(_ margin: Int32) {
        gtk_text_view_set_left_margin(cast(), margin)
        gtk_text_view_set_right_margin(cast(), margin)
        gtk_text_view_set_top_margin(cast(), margin)
        gtk_text_view_set_bottom_margin(cast(), margin)
    }

    /// While `text` is being set: the buffer replaces text by a delete and an insert, each
    /// emitting "changed", and handlers must not see the empty text in between.
    private var isReplacingText = false

    /// The whole text. Setting it emits "changed" once (only when the text really changes).
    public var text: String {
        get {
            var start = GtkTextIter(), end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer.cast(), &start, &end)
            guard let chars = gtk_text_buffer_get_text(buffer.cast(), &start, &end, 0) else { return "" }
            defer { g_free(chars) }
            return String.fromC(chars) ?? ""
        }
        set {
            guard newValue != text else { return }
            isReplacingText = true
            gtk_text_buffer_set_text(buffer.cast(), newValue, -1)
            isReplacingText = false
            koyomi_signal_emit_simple(buffer.object, "changed")
        }
    }

    /// After every change of the text, by the user or through `text` (once per change).
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        buffer.onSignal("changed") { [weak self] in
            guard self?.isReplacingText != true else { return }
            handler()
        }
    }
}

/// GtkTextBuffer, held by `TextView` for its "changed" signal.
@MainActor
final class TextBuffer: GObjectRef {}
