import CGtk

/// A container that places each child at shares of its own size: `place(child, x: 0.25,
/// width: 0.25, y: 0.5, height: 0.1)` puts it in the second quarter, half way down, whatever
/// the box's size. Its own size is its size request (its children never widen it); what
/// does not fit is clipped. Right-to-left layouts mirror the shares.
///
/// For a week's time grid: day columns, lanes and times of day are shares, so a resize only
/// allocates again, with no layout code of the app's in between.
@MainActor
public final class ShareBox: Widget {
    public init() {
        super.init(retaining: UnsafeMutableRawPointer(koyomi_share_box_new()))
    }

    /// Adds `child` (at the whole box until placed); later children are drawn over earlier ones.
    public func add(_ child: Widget) {
        gtk_widget_set_parent(child.widget, widget)
    }

    public func remove(_ child: Widget) {
        guard gtk_widget_get_parent(child.widget) == widget else { return }
        gtk_widget_unparent(child.widget)
    }

    /// Calls `handler` with the box's new width and height whenever an allocation changes
    /// them. It runs inside GTK's allocation: change no widget there, defer (`MainLoop.beforeNextFrame`).
    public func onSizeChanged(_ handler: @escaping @MainActor (Int32, Int32) -> Void) {
        typealias Body = @MainActor (Int32, Int32) -> Void
        let box = Unmanaged.passRetained(ClosureBox<Body>(handler)).toOpaque()
        let trampoline: KoyomiSizeCallback = { width, height, data in
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.body(width, height) }
        }
        let release: GDestroyNotify = { data in
            guard let data else { return }
            Unmanaged<ClosureBox<Body>>.fromOpaque(data).release()
        }
        koyomi_share_box_watch_size(widget, trampoline, box, release)
    }

    /// Pointer events go through the box to what lies beneath, except on its children.
    public func passPointerThrough() {
        koyomi_share_box_set_pass_through(widget)
    }

    /// Moves `child` (one of this box's) to its new shares; the box is allocated again.
    public func place(_ child: Widget, x: Double, width: Double, y: Double, height: Double) {
        koyomi_share_place(child.widget, x, width, y, height)
    }
}
