import CGtk

/// GtkInscription (GTK 4.8): text inscribed in a size given in characters and lines.
///
/// Unlike a `Label`, new text does not change the widget's size request, so setting it only
/// redraws the widget instead of making GTK measure and lay out the window again. Meant for
/// text that changes often in a fixed place: a day cell's number, a list row's title.
@MainActor
public final class Inscription: Widget {
    /// What happens to text that does not fit.
    public enum Overflow: Sendable { case clip, ellipsizeEnd }

    public init(_ text: String = "") {
        super.init(retaining: UnsafeMutableRawPointer(gtk_inscription_new(text)))
    }

    private var inscription: OpaquePointer { opaque }

    public var text: String {
        get { String.fromC(gtk_inscription_get_text(inscription)) ?? "" }
        // GTK compares too; comparing here spares a C string when nothing changed.
        set { if newValue != text { gtk_inscription_set_text(inscription, newValue) } }
    }

    /// The width asked for, in approximate characters of the widget's font.
    public var minChars: UInt32 {
        get { gtk_inscription_get_min_chars(inscription) }
        set { gtk_inscription_set_min_chars(inscription, newValue) }
    }

    /// The width wished for, in approximate characters (less than `minChars` means `minChars`).
    public var natChars: UInt32 {
        get { gtk_inscription_get_nat_chars(inscription) }
        set { gtk_inscription_set_nat_chars(inscription, newValue) }
    }

    /// The height asked for, in lines of the widget's font.
    public var minLines: UInt32 {
        get { gtk_inscription_get_min_lines(inscription) }
        set { gtk_inscription_set_min_lines(inscription, newValue) }
    }

    /// Lines it asks room for; more are shown if it is given the room.
    public var natLines: UInt32 {
        get { gtk_inscription_get_nat_lines(inscription) }
        set { gtk_inscription_set_nat_lines(inscription, newValue) }
    }

    /// 0 = top, 0.5 = middle, 1 = bottom of the room it is given.
    public var yalign: Float {
        get { gtk_inscription_get_yalign(inscription) }
        set { gtk_inscription_set_yalign(inscription, newValue) }
    }

    /// Breaks lines between words only (no hyphen inside a word); a word too long is clipped
    /// or ellipsized. The default breaks inside words too.
    public func wrapWholeWords() {
        gtk_inscription_set_wrap_mode(inscription, PANGO_WRAP_WORD)
    }

    /// Pango markup (escape user text with `Label.escape`); replaces `text`.
    public func setMarkup(_ markup: String) {
        gtk_inscription_set_markup(inscription, markup)
    }

    /// 0 = start, 0.5 = centre, 1 = end (mirrored in right-to-left locales).
    public var xalign: Float {
        get { gtk_inscription_get_xalign(inscription) }
        set { gtk_inscription_set_xalign(inscription, newValue) }
    }

    public var overflow: Overflow {
        get { gtk_inscription_get_text_overflow(inscription) == GTK_INSCRIPTION_OVERFLOW_CLIP ? .clip : .ellipsizeEnd }
        set {
            gtk_inscription_set_text_overflow(
                inscription, newValue == .clip ? GTK_INSCRIPTION_OVERFLOW_CLIP : GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END)
        }
    }
}
