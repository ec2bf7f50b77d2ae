import CGtk

/// Asks the user for one iCalendar file to open, or where to save one: GtkFileChooserNative
/// (the desktop portal's dialog when there is one; GTK 4.8 has no GtkFileDialog), filtered to
/// `.ics` files with an "All files" choice beside it.
///
/// `present` keeps the chooser alive until the user answers, so callers need not hold it.
@MainActor
public final class FileChooser: GObjectRef {
    public enum Mode: Sendable {
        /// Pick one existing file.
        case open
        /// Pick a name and folder; `suggestedName` is filled in ("Work.ics").
        case save(suggestedName: String)
    }

    /// Choosers on screen, kept alive until they answer (GTK does not keep a native dialog).
    private static var shown: [ObjectIdentifier: FileChooser] = [:]
    private var completion: (@MainActor (String?) -> Void)?
    private var connection: SignalConnection?

    /// - Parameters:
    ///   - filterName: the name of the `.ics` filter in the dialog ("iCalendar files"), translated
    ///     by the caller; `allFilesName` likewise.
    public init(mode: Mode, title: String, acceptLabel: String, cancelLabel: String, parent: Window?,
                filterName: String, allFilesName: String) {
        let action: GtkFileChooserAction
        if case .save = mode { action = GTK_FILE_CHOOSER_ACTION_SAVE } else { action = GTK_FILE_CHOOSER_ACTION_OPEN }
        // Transfer full and not floating: adopt it.
        let native = gtk_file_chooser_native_new(title, parent?.cast(), action, acceptLabel, cancelLabel)!
        super.init(adoptingFull: UnsafeMutableRawPointer(native))
        gtk_native_dialog_set_modal(nativeDialog, 1)
        let calendars = gtk_file_filter_new()!
        gtk_file_filter_set_name(calendars, filterName)
        gtk_file_filter_add_pattern(calendars, "*.ics")
        gtk_file_filter_add_pattern(calendars, "*.ICS")
        gtk_file_filter_add_mime_type(calendars, "text/calendar")
        let everything = gtk_file_filter_new()!
        gtk_file_filter_set_name(everything, allFilesName)
        gtk_file_filter_add_pattern(everything, "*")
        // add_filter takes its own reference; the first one added is the one selected.
        gtk_file_chooser_add_filter(chooser, calendars)
        gtk_file_chooser_add_filter(chooser, everything)
        g_object_unref(UnsafeMutableRawPointer(calendars))
        g_object_unref(UnsafeMutableRawPointer(everything))
        if case let .save(name) = mode {
            gtk_file_chooser_set_current_name(chooser, name)
        }
        connection = onResponse { [weak self] response in self?.finish(response: response) }
    }

    private var chooser: OpaquePointer { opaque }
    private var nativeDialog: UnsafeMutablePointer<GtkNativeDialog> { cast() }

    /// The filters' names, in order (for tests).
    public var filterNames: [String] {
        guard let list = gtk_file_chooser_get_filters(chooser) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(list)) }
        return (0..<g_list_model_get_n_items(list)).compactMap { index in
            guard let filter = g_list_model_get_item(list, index) else { return nil }
            defer { g_object_unref(filter) }
            return String.fromC(gtk_file_filter_get_name(OpaquePointer(filter)))
        }
    }

    /// Shows the dialog; `completion` gets the chosen path, or nil when the user cancelled
    /// (or picked something without a local path). Called once.
    public func present(_ completion: @escaping @MainActor (String?) -> Void) {
        self.completion = completion
        Self.shown[ObjectIdentifier(self)] = self
        gtk_native_dialog_show(nativeDialog)
    }

    /// Whether the dialog is on screen.
    public var isShown: Bool { gtk_native_dialog_get_visible(nativeDialog) != 0 }

    /// Pre-selects the folder shown (e.g. the user's documents).
    public func setFolder(_ path: String) {
        let folder = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(folder)) }
        gtk_file_chooser_set_current_folder(chooser, folder, nil)
    }

    /// The user answered: report the file (accept) or nil, then let the chooser go.
    func finish(response: Int32) {
        var path: String?
        if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser) {
            if let text = g_file_get_path(file) {
                path = String.fromC(text)
                g_free(text)
            }
            g_object_unref(UnsafeMutableRawPointer(file))
        }
        let completion = self.completion
        self.completion = nil
        gtk_native_dialog_hide(nativeDialog)
        completion?(path)
        Self.shown[ObjectIdentifier(self)] = nil
    }

    /// "response" hands the response id (GTK_RESPONSE_ACCEPT or _CANCEL).
    private func onResponse(_ handler: @escaping @MainActor (Int32) -> Void) -> SignalConnection {
        typealias Body = @MainActor (Int32) -> Void
        let trampoline: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, response, data in
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.body(response) }
        }
        return connect("response", trampoline: unsafeBitCast(trampoline, to: GCallback.self), body: handler as Body)
    }
}
