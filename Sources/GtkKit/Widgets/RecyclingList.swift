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
    private let rowTooltip: (@MainActor (Row) -> String?)?
    public private(set) var count = 0

    /// - Parameters:
    ///   - makeRow: builds one row's widgets.
    ///   - bind: fills `row` for the item at the position; returns whether it can be activated.
    ///   - tooltip: the row's tooltip, asked when the pointer rests on it. Setting a tooltip
    ///     on a shown widget makes GTK ask X where the pointer is (a round trip per row
    ///     filled), so rows with tooltips get them on demand instead.
    public init(makeRow: @escaping @MainActor () -> Row, bind: @escaping @MainActor (Row, Int) -> Bool,
                tooltip: (@MainActor (Row) -> String?)? = nil) {
        self.makeRow = makeRow
        self.bind = bind
        self.rowTooltip = tooltip
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
    ///
    /// GTK 4.8 keeps a widget for up to ~200 items however few are visible, so only the rows
    /// on or near the screen are filled now; the others once the list has been left alone for
    /// `quietMilliseconds` (in idle batches), or at once when it scrolls or its rows are read
    /// (`boundRows`, `focusedRow`).
    public func reload(count newCount: Int) {
        if newCount < count {
            gtk_string_list_splice(strings, guint(newCount), guint(count - newCount), nil)
            count = newCount
        } else {
            extend(to: newCount)
        }
        watchScrolling()
        // A batch still pending from an earlier reload would run before this reload's frame.
        staleIdle?.cancel()
        staleIdle = nil
        quietWait?.cancel()
        quietWait = nil
        stale = []
        // Read through GTK's pointers only: the rows themselves are looked up just for the
        // ones filled now (a Swift reference to each of ~200 rows showed in a page's time).
        var positions: [(item: UnsafeMutableRawPointer, position: Int)] = []
        positions.reserveCapacity(rowsByItem.count)
        for item in rowsByItem.keys {
            let position = gtk_list_item_get_position(OpaquePointer(item))
            guard position != GTK_INVALID_LIST_POSITION, Int(position) < newCount else { continue }
            positions.append((item, Int(position)))
        }
        // Positions stay, so the rows on screen now show the positions that will be seen.
        // GTK 4.8 hides the list items of the others (child-visible false, their old place
        // kept); the new items may be shorter, so twice as many positions past them are
        // filled now too.
        let height = Float(allocatedHeight)
        var first = Int.max, last = Int.min
        for entry in positions {
            guard let child = gtk_list_item_get_child(OpaquePointer(entry.item)),
                  let item = gtk_widget_get_parent(child), gtk_widget_get_child_visible(item) != 0 else { continue }
            var place = graphene_rect_t()
            guard gtk_widget_compute_bounds(child, widget, &place) != 0, place.size.height > 0,
                  place.origin.y + place.size.height > 0, place.origin.y < height else { continue }
            first = min(first, entry.position)
            last = max(last, entry.position)
        }
        let near = first <= last ? (first - (last - first + 1))...(last + 2 * (last - first + 1)) : nil
        for entry in positions {
            // Not laid out (or nothing on screen): nothing to go by, so every row is filled now.
            if near?.contains(entry.position) ?? true {
                if let row = rowsByItem[entry.item] { rebind(entry.item, row, at: entry.position) }
            } else {
                stale.insert(entry.item)
            }
        }
        scheduleStaleRows()
    }

    /// Rows still showing an earlier reload's items (off screen), filled once things are quiet.
    private var stale: Set<UnsafeMutableRawPointer> = []
    private var staleIdle: MainLoopSource?
    private var quietWait: MainLoopSource?
    /// How long after a reload the off-screen rows wait. Filling them makes GTK lay the list out
    /// again, a frame each batch; a click meanwhile (paging on through the months) would find
    /// the frame clock just past a frame and wait for its next tick. So they wait until the
    /// user pauses, and a reload meanwhile starts the wait again. (Also the pause a list that
    /// hands GTK its items in batches waits before growing, `PlanListView`.)
    public var quietMilliseconds: UInt32 { 300 }
    private var scrolling: SignalConnection?
    /// Off-screen rows filled per idle turn.
    private var staleBatch: Int { 40 }

    private func rebind(_ item: UnsafeMutableRawPointer, _ row: Row, at position: Int) {
        let activatable = bind(row, position)
        gtk_list_item_set_activatable(OpaquePointer(item), activatable ? 1 : 0)
    }

    /// Whether some rows still show an earlier reload's items (off screen, filled after the frame).
    public var hasStaleRows: Bool { !stale.isEmpty }

    /// Fills every row still showing an earlier item (before it can be seen or read).
    public func bindStaleRows() {
        bindStaleRows(limit: Int.max)
    }

    private func bindStaleRows(limit: Int) {
        var done = 0
        while done < limit, let item = stale.popFirst() {
            guard let row = rowsByItem[item] else { continue }
            let position = gtk_list_item_get_position(OpaquePointer(item))
            guard position != GTK_INVALID_LIST_POSITION, Int(position) < count else { continue }
            rebind(item, row, at: Int(position))
            done += 1
        }
        if stale.isEmpty {
            staleIdle?.cancel()
            staleIdle = nil
            quietWait?.cancel()
            quietWait = nil
        }
    }

    private func scheduleStaleRows() {
        guard !stale.isEmpty, staleIdle == nil, quietWait == nil else { return }
        quietWait = MainLoop.every(milliseconds: quietMilliseconds) { [weak self] in
            self?.quietWait = nil
            self?.scheduleNextStaleBatch()
            return false
        }
    }

    private func scheduleNextStaleBatch() {
        guard !stale.isEmpty, staleIdle == nil else { return }
        staleIdle = MainLoop.idle { [weak self] in
            guard let self else { return }
            self.staleIdle = nil
            self.bindStaleRows(limit: self.staleBatch)
            self.scheduleNextStaleBatch()
        }
    }

    /// A scroll (the user's, or a restored offset) may bring an off-screen row into view.
    private func watchScrolling() {
        guard scrolling == nil, let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(widget)) else { return }
        scrolling = Adjustment(borrowing: adjustment).onSignal("value-changed") { [weak self] in
            self?.bindStaleRows()
            self?.scrolled?()
        }
    }

    /// Called when the list scrolls (the user's scroll, or an offset set by code).
    public var scrolled: (@MainActor () -> Void)?

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
    public var boundRows: [Row] {
        bindStaleRows()
        return Array(rowsByItem.values)
    }

    /// The row whose list item holds the window's focus (GTK focuses the item around the row).
    /// The window's focus widget is compared, not `has-focus`, which is false while another
    /// window (a dialog just closed) is still the active one.
    public var focusedRow: Row? {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return nil }
        bindStaleRows()
        return rowsByItem.values.first { row in
            guard let item = gtk_widget_get_parent(row.rowWidget.widget) else { return false }
            return focus == item || gtk_widget_is_ancestor(focus, item) != 0
        }
    }

    /// "query-tooltip" on the row's widget: the text `tooltip` gives for the row now.
    private static func askTooltip(of row: Row, _ tooltip: @escaping @MainActor (Row) -> String?) {
        typealias Body = @MainActor () -> String?
        let trampoline: @convention(c) (gpointer?, gint, gint, gboolean, gpointer?, gpointer?) -> gboolean = {
            _, _, _, _, tooltipObject, data in
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
            guard let text = MainActor.assumeIsolated({ box.body() }), !text.isEmpty,
                  let tooltipObject else { return 0 }
            gtk_tooltip_set_text(OpaquePointer(tooltipObject), text)
            return 1
        }
        gtk_widget_set_has_tooltip(row.rowWidget.widget, 1)
        row.rowWidget.connect("query-tooltip", trampoline: unsafeBitCast(trampoline, to: GCallback.self),
                              body: { [weak row] in row.flatMap(tooltip) } as Body)
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
            if let tooltip = self.rowTooltip { Self.askTooltip(of: row, tooltip) }
            gtk_list_item_set_child(OpaquePointer(item), row.rowWidget.widget)
        }
        wrapper.onItemSignal("bind") { [weak self] item in
            guard let self, let row = self.rowsByItem[item] else { return }
            self.stale.remove(item)
            self.rebind(item, row, at: Int(gtk_list_item_get_position(OpaquePointer(item))))
        }
        wrapper.onItemSignal("teardown") { [weak self] item in
            self?.rowsByItem[item] = nil
            self?.stale.remove(item)
        }
    }
}

/// The list's vertical GtkAdjustment (owned by the scrolled window), for "value-changed".
@MainActor
private final class Adjustment: GObjectRef {
    init(borrowing adjustment: UnsafeMutablePointer<GtkAdjustment>) {
        super.init(retaining: UnsafeMutableRawPointer(adjustment))
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
