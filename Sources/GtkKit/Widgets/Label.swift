import CGtk

/// GtkLabel.
@MainActor
public final class Label: Widget {
    public enum Ellipsis: Sendable { case none, end, middle }

    public init(_ text: String = "") {
        super.init(retaining: UnsafeMutableRawPointer(gtk_label_new(text)))
    }

    private var label: OpaquePointer { opaque }

    public var text: String {
        get { String.fromC(gtk_label_get_text(label)) ?? "" }
        set { if newValue != text { gtk_label_set_text(label, newValue) } }
    }

    /// Sets Pango markup (build it with `Label.escape` for any text that comes from data).
    public func setMarkup(_ markup: String) {
        gtk_label_set_markup(label, markup)
    }

    /// `text` with Pango markup's special characters escaped.
    public static func escape(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String.fromC(escaped) ?? ""
    }

    public var ellipsis: Ellipsis {
        get {
            switch gtk_label_get_ellipsize(label) {
            case PANGO_ELLIPSIZE_END: .end
            case PANGO_ELLIPSIZE_MIDDLE: .middle
            default: .none
            }
        }
        set {
            let mode: PangoEllipsizeMode = switch newValue {
            case .none: PANGO_ELLIPSIZE_NONE
            case .end: PANGO_ELLIPSIZE_END
            case .middle: PANGO_ELLIPSIZE_MIDDLE
            }
            gtk_label_set_ellipsize(label, mode)
        }
    }

    /// 0 = start, 0.5 = centre, 1 = end (mirrored in right-to-left locales).
    public var xalign: Float {
        get { gtk_label_get_xalign(label) }
        set { gtk_label_set_xalign(label, newValue) }
    }

    public var wraps: Bool {
        get { gtk_label_get_wrap(label) != 0 }
        set { gtk_label_set_wrap(label, newValue ? 1 : 0) }
    }

    public var isSelectable: Bool {
        get { gtk_label_get_selectable(label) != 0 }
        set { gtk_label_set_selectable(label, newValue ? 1 : 0) }
    }

    /// Upper bound on the width in characters; with ellipsis this keeps small labels small.
    public var maxWidthChars: Int32 {
        get { gtk_label_get_max_width_chars(label) }
        set { gtk_label_set_max_width_chars(label, newValue) }
    }
}
