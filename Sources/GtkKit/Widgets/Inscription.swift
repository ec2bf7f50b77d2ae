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
        shownRuns = nil
        gtk_inscription_set_markup(inscription, markup)
    }

    /// `text` with some of it drawn differently (`runs`). For text that changes often: no
    /// markup is written and parsed, and runs equal to the last ones are not set again (new
    /// runs make GTK lay the widget out again; a run to the end of the text outlasts new text).
    public func setText(_ text: String, runs: [TextRun]) {
        self.text = text
        guard runs != shownRuns else { return }
        shownRuns = runs
        setAttributes(runs)
    }

    /// Pixels each line of text set by `setText(_:runs:)` takes, centred on the font's own
    /// line (Pango's absolute line height, smaller or larger); nil: the font's own. A line
    /// taller than the inscription's room is drawn from its top and clipped at the bottom: a
    /// line of the room's height keeps the glyphs of a taller font (CJK) centred and whole.
    public var lineHeight: Int? {
        didSet {
            if lineHeight != oldValue, let shownRuns { setAttributes(shownRuns) }
        }
    }

    private func setAttributes(_ runs: [TextRun]) {
        guard let list = pango_attr_list_new() else { return }
        if let lineHeight, let attribute = pango_attr_line_height_new_absolute(Int32(lineHeight) * PANGO_SCALE) {
            pango_attr_list_insert(list, attribute)
        }
        for run in runs {
            guard let attribute = run.style == .bold ? pango_attr_weight_new(PANGO_WEIGHT_BOLD)
                : pango_attr_scale_new(1 / 1.2) else { continue }
            attribute.pointee.start_index = UInt32(run.start)
            attribute.pointee.end_index = run.end.map(UInt32.init) ?? UInt32.max  // PANGO_ATTR_INDEX_TO_TEXT_END (a macro Swift cannot import)
            pango_attr_list_insert(list, attribute)
        }
        gtk_inscription_set_attributes(inscription, list)
        pango_attr_list_unref(list)
    }

    /// The runs last set by `setText(_:runs:)`; nil after markup.
    public private(set) var shownRuns: [TextRun]?

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

/// Part of an inscription's text drawn differently (`Inscription.setText(_:runs:)`).
public struct TextRun: Equatable, Sendable {
    public enum Style: Equatable, Sendable {
        case bold
        /// Pango's "small": five sixths of the size.
        case small
    }

    public var style: Style
    /// UTF-8 offsets into the text; `end` nil means to the end of whatever text is shown.
    public var start: Int
    public var end: Int?

    public init(_ style: Style, from start: Int = 0, to end: Int? = nil) {
        self.style = style
        self.start = start
        self.end = end
    }
}
