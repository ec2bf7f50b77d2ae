import CGtk

/// GtkEntry: a one-line text field. Give it an accessible label (or a visible label that
/// names it), since the placeholder disappears once the user types.
@MainActor
public final class Entry: Widget {
    public init(text: String = "", placeholder: String? = nil) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_entry_new()))
        self.text = text
        self.placeholder = placeholder
    }

    private var entry: UnsafeMutablePointer<GtkEntry> { cast() }

    /// While `text` is being set: GTK replaces text by a delete and an insert, each emitting
    /// "changed", and handlers must not see the empty text in between.
    private var isReplacingText = false

    /// Setting it emits "changed" once, like typing does (only when the text really changes).
    public var text: String {
        get { String.fromC(gtk_editable_get_text(opaque)) ?? "" }
        set {
            guard newValue != text else { return }
            isReplacingText = true
            gtk_editable_set_text(opaque, newValue)
            isReplacingText = false
            koyomi_signal_emit_simple(object, "changed")
        }
    }

    /// The grey hint shown while the field is empty, e.g. "YYYY-MM-DD".
    public var placeholder: String? {
        get { String.fromC(gtk_entry_get_placeholder_text(entry)) }
        set { gtk_entry_set_placeholder_text(entry, newValue) }
    }

    /// Whether Enter in the field activates the window's default widget (a dialog's Save).
    public var activatesDefault: Bool {
        get { gtk_entry_get_activates_default(entry) != 0 }
        set { gtk_entry_set_activates_default(entry, newValue ? 1 : 0) }
    }

    /// How many characters wide the field asks to be (-1: GTK's default).
    public var widthChars: Int32 {
        get { gtk_editable_get_width_chars(opaque) }
        set { gtk_editable_set_width_chars(opaque, newValue) }
    }

    /// The widest the field asks to be, in characters (-1: no limit); keeps a time field small.
    public var maxWidthChars: Int32 {
        get { gtk_editable_get_max_width_chars(opaque) }
        set { gtk_editable_set_max_width_chars(opaque, newValue) }
    }

    /// False for a password: the text shows as dots and the input method knows it is secret.
    public var isTextVisible: Bool {
        get { gtk_entry_get_visibility(entry) != 0 }
        set {
            gtk_entry_set_visibility(entry, newValue ? 1 : 0)
            gtk_entry_set_input_purpose(entry, newValue ? GTK_INPUT_PURPOSE_FREE_FORM : GTK_INPUT_PURPOSE_PASSWORD)
        }
    }

    /// After every change of the text, by the user or through `text` (once per change).
    @discardableResult
    public func onChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onSignal("changed") { [weak self] in
            guard self?.isReplacingText != true else { return }
            handler()
        }
    }

    /// Enter pressed in the field.
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onSignal("activate", handler)
    }

    /// Emits "activate" as Enter would (for tests).
    public func activate() { koyomi_signal_emit_simple(object, "activate") }

    /// Shows these parts of the text in bold (quick add's understood words), and the rest as
    /// usual; the ranges are of the text as it is now (the next change of text keeps them only
    /// where the caller sets them again).
    public func emphasize(_ ranges: [Range<String.Index>]) {
        let text = self.text
        guard let list = pango_attr_list_new() else { return }
        for range in ranges where range.lowerBound >= text.startIndex && range.upperBound <= text.endIndex {
            guard let bold = pango_attr_weight_new(PANGO_WEIGHT_BOLD) else { continue }
            bold.pointee.start_index = UInt32(text.utf8.distance(from: text.startIndex, to: range.lowerBound))
            bold.pointee.end_index = UInt32(text.utf8.distance(from: text.startIndex, to: range.upperBound))
            pango_attr_list_insert(list, bold)
        }
        gtk_entry_set_attributes(entry, list)
        pango_attr_list_unref(list)
    }

    /// The parts of the text shown in bold, in order (what a sighted user sees stand out).
    public var emphasized: [String] {
        guard let list = gtk_entry_get_attributes(entry) else { return [] }
        let bytes = Array(text.utf8)
        var parts: [String] = []
        var node = pango_attr_list_get_attributes(list)
        let first = node
        while let current = node {
            if let attribute = current.pointee.data?.assumingMemoryBound(to: PangoAttribute.self) {
                let isBold = attribute.pointee.klass.pointee.type == PANGO_ATTR_WEIGHT
                    && attribute.withMemoryRebound(to: PangoAttrInt.self, capacity: 1) { Int($0.pointee.value) } >= Int(PANGO_WEIGHT_BOLD.rawValue)
                let start = min(Int(attribute.pointee.start_index), bytes.count)
                let end = min(Int(attribute.pointee.end_index), bytes.count)
                if isBold, start < end { parts.append(String(decoding: bytes[start..<end], as: UTF8.self)) }
                pango_attribute_destroy(attribute)
            }
            node = current.pointee.next
        }
        g_slist_free(first)
        return parts
    }
}
