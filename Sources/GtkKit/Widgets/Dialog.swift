import CGtk

/// A modal editing window over a parent window (libadwaita 1.2 has no AdwDialog): a header bar
/// with Cancel at the start and a suggested-action Save at the end, whose sensitivity the owner
/// controls, and a content area.
///
/// Cancel, Escape and the window manager's close all cancel (`onCancel`); Save only reports
/// (`onSave`), and the owner calls `close()` once it accepted the values. Enter in a field that
/// `activatesDefault` presses Save, while Save is sensitive. Closing destroys the window; not
/// for re-use. `onClosed` tells the owner to drop its wrappers.
@MainActor
public final class Dialog: Widget {
    public let cancelButton: Button
    public let saveButton: Button
    private let header = HeaderBar()
    private let body = Box(.vertical)
    private var keys: KeyController?
    /// Set once the outcome is known, so a close after Save or a second close reports nothing.
    private var isFinished = false
    /// Set once the window is closing, so a second `close()` or `cancel()` (an owner closing
    /// what already closed itself) does not touch the destroyed window.
    private var isClosed = false

    /// Called when the user dismisses the dialog without saving.
    public var onCancel: (@MainActor () -> Void)?

    public init(transientFor parent: Window, title: String, cancelLabel: String, saveLabel: String) {
        cancelButton = Button(label: cancelLabel)
        saveButton = Button(label: saveLabel)
        // GTK owns toplevels; `retaining` takes our own reference next to GTK's, as in Window.
        super.init(retaining: UnsafeMutableRawPointer(adw_window_new()))
        gtk_window_set_modal(window, 1)
        gtk_window_set_destroy_with_parent(window, 1)
        gtk_window_set_transient_for(window, parent.cast())
        gtk_window_set_title(window, title)
        // Cancel and Save replace the title buttons, as in GNOME's editing dialogs.
        adw_header_bar_set_show_start_title_buttons(header.opaque, 0)
        adw_header_bar_set_show_end_title_buttons(header.opaque, 0)
        // The labels may carry mnemonics ("_Save" → Alt+S).
        gtk_button_set_use_underline(cancelButton.cast(), 1)
        gtk_button_set_use_underline(saveButton.cast(), 1)
        saveButton.addCSSClass("suggested-action")
        header.packStart(cancelButton)
        header.packEnd(saveButton)
        gtk_window_set_default_widget(window, saveButton.widget)

        let content = Box(.vertical)
        content.append(header)
        body.vexpand = true
        content.append(body)
        adw_window_set_content(cast(), content.widget)

        cancelButton.onClicked { [weak self] in self?.cancel() }
        onBoolSignal("close-request") { [weak self] in
            self?.isClosed = true
            self?.reportCancel()
            return false // go on closing
        }
        keys = KeyController(on: self)
        keys?.onKeyPressed { [weak self] key, modifiers in
            guard key == .escape, modifiers.isEmpty else { return false }
            self?.cancel()
            return true
        }
    }

    private var window: UnsafeMutablePointer<GtkWindow> { cast() }

    public var title: String {
        get { String.fromC(gtk_window_get_title(window)) ?? "" }
        set { gtk_window_set_title(window, newValue) }
    }

    /// Whether Save can be pressed (also by Enter in a field).
    public var isSaveEnabled: Bool {
        get { saveButton.isSensitive }
        set { saveButton.isSensitive = newValue }
    }

    public var isModal: Bool { gtk_window_get_modal(window) != 0 }

    /// Whether the dialog is transient for `parent` (kept above it and centred on it).
    public func isTransient(for parent: Window) -> Bool {
        gtk_window_get_transient_for(window) == parent.cast(GtkWindow.self)
    }

    /// Puts `child` below the header bar (one child; a second replaces the first).
    public func setContent(_ child: Widget) {
        while let old = gtk_widget_get_first_child(body.widget) { gtk_box_remove(body.cast(), old) }
        child.vexpand = true
        body.append(child)
    }

    public func setDefaultSize(width: Int32, height: Int32) {
        gtk_window_set_default_size(window, width, height)
    }

    public func present() { gtk_window_present(window) }

    /// Save was pressed (or Enter in a field that activates the default).
    @discardableResult
    public func onSave(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        saveButton.onClicked(handler)
    }

    /// Closes as Cancel does: `onCancel` runs, then the window goes.
    public func cancel() {
        guard !isClosed else { return }
        reportCancel()
        gtk_window_close(window)
    }

    /// Closes without reporting a cancel: the owner accepted the values (or deleted the item).
    public func close() {
        guard !isClosed else { return }
        isFinished = true
        gtk_window_close(window)
    }

    /// Called when the window leaves the screen for good (see `PreferencesWindow.onClosed`
    /// for why "unrealize").
    @discardableResult
    public func onClosed(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onSignal("unrealize", handler)
    }

    private func reportCancel() {
        guard !isFinished else { return }
        isFinished = true
        onCancel?()
    }
}
