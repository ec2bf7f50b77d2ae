import CGtk

/// AdwHeaderBar: the window's title bar with widgets at its start and end.
@MainActor
public final class HeaderBar: Widget {
    public init() {
        super.init(retaining: UnsafeMutableRawPointer(adw_header_bar_new()))
    }

    public func packStart(_ child: Widget) { adw_header_bar_pack_start(opaque, child.widget) }
    public func packEnd(_ child: Widget) { adw_header_bar_pack_end(opaque, child.widget) }
    public func setTitleWidget(_ child: Widget?) { adw_header_bar_set_title_widget(opaque, child?.widget) }

    /// The natural widths of the bar's start, title and end (with what they show now), and
    /// of the bar's own padding; nil if libadwaita built the bar otherwise than expected.
    public var partWidths: (start: Int32, title: Int32, end: Int32, padding: Int32)? {
        var start: Int32 = 0, title: Int32 = 0, end: Int32 = 0, padding: Int32 = 0
        guard koyomi_header_bar_parts(widget, &start, &title, &end, &padding) != 0 else { return nil }
        return (start, title, end, padding)
    }
}
