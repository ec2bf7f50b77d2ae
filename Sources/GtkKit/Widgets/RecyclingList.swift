import CGtk

/// A row of a `RecyclingList`: a widget tree made once and then filled again for whichever
/// item scrolls into view.
@MainActor
public protocol RecyclableRow: AnyObject {
    var rowWidget: Widget { get }
}

/// GtkListView over a plain count of items: only the rows on screen exist, and they are
/// reused as the list scrolls, so a list of thousands costs what a screenful costs.
///
/// GTK 4.8 lists need a GListModel of GObjects; the items here are the positions themselves
/// (a GtkStringList), and `bind` fills a row from the Swift value at that position.
@MainActor
public final class RecyclingList<Row: RecyclableRow>: Widget {
    private let strings: OpaquePointer
    private var rowsByItem: [UnsafeMutableRawPointer: Row] = [:]
    private let makeRow: @MainActor () -> Row
    private let bind: @MainActor (Row, Int) -> Bool
    public private(set) var count = 0

    /// - Parameters:
    ///   - makeRow: builds one row's widgets.
    ///   - bind: fills `row` for the item at the position; returns whether it can be activated.
    public init(makeRow: @escaping @MainActor () -> Row, bind: @escaping @MainActor (Row, Int) -> Bool) {
        self.makeRow = makeRow
        self.bind = bind
        strings = gtk_string_list_new(nil)
        // Each constructor below takes over ("transfer full") the reference passed to it.
        g_object_ref(UnsafeMutableRawPointer(strings)) // keep one for `reload`
        let selection = gtk_no_selection_new(strings)
        let factory = gtk_signal_list_item_factory_new()!
        super.init(retaining: UnsafeMutableRawPointer(gtk_list_view_new(selection, factory)))
        gtk_list_view_set_single_click_activate(opaque, 1)
        connectFactory(factory)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(strings))
    }

    /// Replaces the items: `count` positions, filled by `bind` as they come into view.
    ///
    /// The items are only positions, so the ones both lists share stay where they are: the
    /// tail is cut or added, and the rows GTK already has are filled again in place. Replacing
    /// every item instead would make GTK 4.8 destroy and rebuild up to ~200 row widgets, about
    /// 10 ms on every reload.
    public func reload(count newCount: Int) {
        if newCount < count {
            gtk_string_list_splice(strings, guint(newCount), guint(count - newCount), nil)
            count = newCount
        } else {
            extend(to: newCount)
        }
        for (item, row) in rowsByItem {
            let position = gtk_list_item_get_position(OpaquePointer(item))
            guard position != GTK_INVALID_LIST_POSITION, Int(position) < newCount else { continue }
            let activatable = bind(row, Int(position))
            gtk_list_item_set_activatable(OpaquePointer(item), activatable ? 1 : 0)
        }
    }

    /// Adds positions `count ..< newCount` at the end, leaving the rows already there alone.
    public func extend(to newCount: Int) {
        guard newCount > count else { return }
        var ids: [UnsafeMutablePointer<CChar>?] = (count..<newCount).map { strdup(String($0)) } + [nil]
        defer { ids.forEach { free($0) } }
        ids.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_string_list_splice(strings, guint(count), 0, $0)
            }
        }
        count = newCount
    }

    /// The rows that exist now (those on screen, and a few beside them).
    public var boundRows: [Row] { Array(rowsByItem.values) }

    /// The row whose list item holds the window's focus (GTK focuses the item around the row).
    /// The window's focus widget is compared, not `has-focus`, which is false while another
    /// window (a dialog just closed) is still the active one.
    public var focusedRow: Row? {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return nil }
        return rowsByItem.values.first { row in
            guard let item = gtk_widget_get_parent(row.rowWidget.widget) else { return false }
            return focus == item || gtk_widget_is_ancestor(focus, item) != 0
        }
    }

    /// Enter on a row, or a click (single-click activation, as in a GtkListBox).
    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor (Int) -> Void) -> SignalConnection {
        typealias Body = @MainActor (Int) -> Void
        let trampoline: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, position, data in
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.body(Int(position)) }
        }
        return connect("activate", trampoline: unsafeBitCast(trampoline, to: GCallback.self), body: handler as Body)
    }

    private func connectFactory(_ factory: OpaquePointer) {
        // The factory is owned by the list view; connect through a borrowed wrapper.
        let wrapper = ListItemFactory(borrowing: factory)
        wrapper.onItemSignal("setup") { [weak self] item in
            guard let self else { return }
            let row = self.makeRow()
            self.rowsByItem[item] = row
            gtk_list_item_set_child(OpaquePointer(item), row.rowWidget.widget)
        }
        wrapper.onItemSignal("bind") { [weak self] item in
            guard let self, let row = self.rowsByItem[item] else { return }
            let position = Int(gtk_list_item_get_position(OpaquePointer(item)))
            let activatable = self.bind(row, position)
            gtk_list_item_set_activatable(OpaquePointer(item), activatable ? 1 : 0)
        }
        wrapper.onItemSignal("teardown") { [weak self] item in
            self?.rowsByItem[item] = nil
        }
    }
}

/// GtkSignalListItemFactory, for its per-item signals.
@MainActor
private final class ListItemFactory: GObjectRef {
    init(borrowing factory: OpaquePointer) {
        super.init(retaining: UnsafeMutableRawPointer(factory))
    }

    /// setup / bind / unbind / teardown hand over the GtkListItem.
    func onItemSignal(_ signal: String, _ handler: @escaping @MainActor (UnsafeMutableRawPointer) -> Void) {
        onPointerSignal(signal) { item in
            if let item { handler(item) }
        }
    }
}
