import CGtk

/// GtkSpinner: shows that something is under way (a server being asked). Give it an
/// accessible label that says what, since it shows no text.
@MainActor
public final class Spinner: Widget {
    public init() {
        super.init(retaining: UnsafeMutableRawPointer(gtk_spinner_new()))
    }

    /// Whether it turns. A stopped spinner draws nothing, so it can stay in the layout.
    public var isSpinning: Bool {
        get { gtk_spinner_get_spinning(opaque) != 0 }
        set { gtk_spinner_set_spinning(opaque, newValue ? 1 : 0) }
    }
}
