import CGtk

/// A GtkEventControllerFocus attached to a widget: tells when the keyboard focus leaves the
/// widget and everything inside it (an entry's focus sits in its inner text child, so "leave"
/// on the entry is the moment the user has left the field). The widget owns the controller;
/// this wrapper keeps a reference.
@MainActor
public final class FocusController: GObjectRef {
    public init(on widget: Widget) {
        // Not floating: `retaining` adds our reference beside the one the widget takes over.
        let controller = gtk_event_controller_focus_new()!
        super.init(retaining: UnsafeMutableRawPointer(controller))
        gtk_widget_add_controller(widget.widget, controller)
    }

    /// Called when the focus moves out of the widget (to another widget or another window).
    @discardableResult
    public func onLeave(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onSignal("leave", handler)
    }
}
