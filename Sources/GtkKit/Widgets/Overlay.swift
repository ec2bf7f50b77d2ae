import CGtk

/// GtkOverlay: one main child, with other widgets floating above it.
@MainActor
public final class Overlay: Widget {
    public init() {
        super.init(retaining: UnsafeMutableRawPointer(gtk_overlay_new()))
    }

    public func setChild(_ child: Widget?) { gtk_overlay_set_child(opaque, child?.widget) }
    public func addOverlay(_ child: Widget) { gtk_overlay_add_overlay(opaque, child.widget) }
    public func removeOverlay(_ child: Widget) { gtk_overlay_remove_overlay(opaque, child.widget) }
}

extension Overlay {
    /// A rectangle in the overlay's coordinates.
    public struct Rect: Equatable, Sendable {
        public var x, y, width, height: Int32
        public init(x: Int32, y: Int32, width: Int32, height: Int32) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// Places `child` (an overlay child) wherever `place` says, given the overlay's own size,
    /// on every allocation: the hook for a panel that moves. Call `queueAllocate()` to move it.
    @discardableResult
    public func placeOverlay(_ child: Widget, _ place: @escaping @MainActor (_ width: Int32, _ height: Int32) -> Rect)
        -> SignalConnection {
        typealias Body = @MainActor (UnsafeMutableRawPointer?, UnsafeMutablePointer<GdkRectangle>?) -> Bool
        let target = UnsafeMutableRawPointer(child.widget)
        let body: Body = { [weak self] widget, rectangle in
            guard let self, widget == target, let rectangle else { return false }
            let rect = place(Int32(self.allocatedWidth), Int32(self.allocatedHeight))
            rectangle.pointee = GdkRectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
            return true
        }
        let trampoline: @convention(c) (gpointer?, gpointer?, UnsafeMutablePointer<GdkRectangle>?, gpointer?) -> gboolean = {
            _, widget, rectangle, data in
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
            nonisolated(unsafe) let widget = widget, rectangle = rectangle
            return MainActor.assumeIsolated { box.body(widget, rectangle) } ? 1 : 0
        }
        return connect("get-child-position", trampoline: unsafeBitCast(trampoline, to: GCallback.self), body: body)
    }
}

extension Widget {
    /// Asks GTK to allocate this widget again (its size stays; children are placed anew).
    public func queueAllocate() { gtk_widget_queue_allocate(widget) }

    /// Asks GTK to measure and allocate this widget again.
    public func queueResize() { gtk_widget_queue_resize(widget) }

    /// The least height the widget can be given (at any width).
    public var minimumHeight: Int32 {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, nil, nil)
        return minimum
    }

    /// The width the widget would like (its natural width).
    public var naturalWidth: Int32 {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        return natural
    }

    /// The height the widget would like at its current width (its natural height).
    public var naturalHeight: Int32 {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, nil, nil)
        return natural
    }
}
