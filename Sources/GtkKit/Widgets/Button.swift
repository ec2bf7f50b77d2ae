import CGtk

/// GtkButton with a text label, an icon, or any child widget.
@MainActor
public final class Button: Widget {
    public init(label: String) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_button_new_with_label(label)))
    }

    /// An icon button; give it a tooltip and an accessible label, since it shows no text.
    public init(iconName: String) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_button_new_from_icon_name(iconName)))
    }

    public init(child: Widget) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_button_new()))
        gtk_button_set_child(cast(), child.widget)
    }

    public var label: String? {
        get { String.fromC(gtk_button_get_label(cast())) }
        set {
            gtk_button_set_label(cast(), newValue)
            nameAfterMnemonicLabel()
        }
    }

    /// Whether an underscore in the label marks its mnemonic ("_Add" answers Alt+A).
    public var useUnderline: Bool {
        get { gtk_button_get_use_underline(cast()) != 0 }
        set {
            gtk_button_set_use_underline(cast(), newValue ? 1 : 0)
            nameAfterMnemonicLabel()
        }
    }

    /// A mnemonic label's words are the button's screen-reader name: GTK 4.8 would name it by
    /// its raw label and, through the label's labelled-by relation, by its text again ("_Add a
    /// Plan Add a Plan").
    private func nameAfterMnemonicLabel() {
        guard useUnderline, let label else { return }
        accessibleLabel = Mnemonic.spoken(label)
        gtk_accessible_reset_relation(OpaquePointer(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
    }

    public var hasFrame: Bool {
        get { gtk_button_get_has_frame(cast()) != 0 }
        set { gtk_button_set_has_frame(cast(), newValue ? 1 : 0) }
    }

    /// Runs `handler` on every click (pointer, keyboard or accessibility activation).
    @discardableResult
    public func onClicked(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onSignal("clicked", handler)
    }

    /// Emits "clicked" as an activation would (for keyboard shortcuts and tests).
    public func click() { koyomi_signal_emit_simple(object, "clicked") }
}
