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
}
