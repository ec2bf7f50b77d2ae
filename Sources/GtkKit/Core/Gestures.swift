import CGtk

/// GtkGestureDrag on a widget: the pointer pressed on it and moved (mouse or touch).
/// Offsets are relative to where the drag began.
@MainActor
public final class DragGesture: GObjectRef {
    public init(on widget: Widget) {
        // Not floating: `retaining` adds our reference beside the one the widget takes.
        let gesture = gtk_gesture_drag_new()!
        super.init(retaining: UnsafeMutableRawPointer(gesture))
        gtk_widget_add_controller(widget.widget, gesture)
    }

    /// A drag on `widget` seen before its children's own gestures (`.capture`): the children
    /// still get their clicks until the drag `claim`s the pointer.
    public convenience init(on widget: Widget, phase: KeyController.Phase) {
        self.init(on: widget)
        gtk_event_controller_set_propagation_phase(opaque, phase == .capture ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE)
    }

    /// Takes the pointer for this drag: the widgets under it see their press cancelled (a
    /// button dragged away is not clicked).
    public func claim() {
        gtk_gesture_set_state(opaque, GTK_EVENT_SEQUENCE_CLAIMED)
    }

    /// (start x, start y) in the widget's coordinates.
    @discardableResult
    public func onBegin(_ handler: @escaping @MainActor (Double, Double) -> Void) -> SignalConnection {
        onPointPair("drag-begin", handler)
    }

    /// (offset x, offset y) since the beginning.
    @discardableResult
    public func onUpdate(_ handler: @escaping @MainActor (Double, Double) -> Void) -> SignalConnection {
        onPointPair("drag-update", handler)
    }

    /// (offset x, offset y) where it ended.
    @discardableResult
    public func onEnd(_ handler: @escaping @MainActor (Double, Double) -> Void) -> SignalConnection {
        onPointPair("drag-end", handler)
    }

    private func onPointPair(_ signal: String, _ handler: @escaping @MainActor (Double, Double) -> Void) -> SignalConnection {
        typealias Body = @MainActor (Double, Double) -> Void
        let trampoline: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void = { _, x, y, data in
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.body(x, y) }
        }
        return connect(signal, trampoline: unsafeBitCast(trampoline, to: GCallback.self), body: handler as Body)
    }
}

/// GtkEventControllerScroll on a widget: wheel and touchpad scrolls, before (capture) or
/// after (bubble) the widget's children see them.
@MainActor
public final class ScrollController: GObjectRef {
    public init(on widget: Widget, phase: KeyController.Phase = .bubble) {
        let controller = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        super.init(retaining: UnsafeMutableRawPointer(controller))
        gtk_event_controller_set_propagation_phase(controller, phase == .capture ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE)
        gtk_widget_add_controller(widget.widget, controller)
    }

    /// Called with the vertical delta (positive = scrolling down, content moves up); return
    /// true to consume the scroll so nothing else (no scrolled window) acts on it.
    @discardableResult
    public func onScroll(_ handler: @escaping @MainActor (Double) -> Bool) -> SignalConnection {
        typealias Body = @MainActor (Double) -> Bool
        let trampoline: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> gboolean = { _, _, dy, data in
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { box.body(dy) } ? 1 : 0
        }
        return connect("scroll", trampoline: unsafeBitCast(trampoline, to: GCallback.self), body: handler as Body)
    }

    /// A controller that sees both axes, in whole steps: with Shift held GTK hands a wheel's
    /// turn over as a sideways scroll, so whoever pages on Shift+wheel must read either; a
    /// touchpad's many small deltas add up to one step per page.
    public init(bothAxesOn widget: Widget, phase: KeyController.Phase = .bubble) {
        let flags = GtkEventControllerScrollFlags(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue
                                                  | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE.rawValue)
        let controller = gtk_event_controller_scroll_new(flags)!
        super.init(retaining: UnsafeMutableRawPointer(controller))
        gtk_event_controller_set_propagation_phase(controller, phase == .capture ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE)
        gtk_widget_add_controller(widget.widget, controller)
    }

    /// Called with both deltas (x, y); return true to consume the scroll.
    @discardableResult
    public func onScrollBothAxes(_ handler: @escaping @MainActor (Double, Double) -> Bool) -> SignalConnection {
        typealias Body = @MainActor (Double, Double) -> Bool
        let trampoline: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> gboolean = { _, dx, dy, data in
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { box.body(dx, dy) } ? 1 : 0
        }
        return connect("scroll", trampoline: unsafeBitCast(trampoline, to: GCallback.self), body: handler as Body)
    }

    /// The modifier keys held during the scroll being handled (Shift+wheel pages a week view).
    public var currentModifiers: Modifiers {
        Modifiers(state: gtk_event_controller_get_current_event_state(OpaquePointer(object)))
    }
}

/// GtkGestureClick on a widget, watching presses of the primary button without taking them
/// from the widget (a button still gets its "clicked"): how many presses in a row this one
/// is tells a double click from two single ones.
@MainActor
public final class ClickGesture: GObjectRef {
    /// `phase: .capture` sees the press before the widget's own gestures do.
    public init(on widget: Widget, phase: KeyController.Phase = .capture) {
        let gesture = gtk_gesture_click_new()!
        super.init(retaining: UnsafeMutableRawPointer(gesture))
        gtk_event_controller_set_propagation_phase(gesture, phase == .capture ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE)
        gtk_widget_add_controller(widget.widget, gesture)
    }

    /// Called on each press with its count in the run (1, then 2 for a double click…).
    @discardableResult
    public func onPressed(_ handler: @escaping @MainActor (Int) -> Void) -> SignalConnection {
        onPressedAt { count, _, _ in handler(count) }
    }

    /// Called on each press with its count in the run and where it was, in the widget's coordinates.
    @discardableResult
    public func onPressedAt(_ handler: @escaping @MainActor (Int, Double, Double) -> Void) -> SignalConnection {
        typealias Body = @MainActor (Int, Double, Double) -> Void
        let trampoline: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = { _, count, x, y, data in
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.body(Int(count), x, y) }
        }
        return connect("pressed", trampoline: unsafeBitCast(trampoline, to: GCallback.self), body: handler as Body)
    }
}
