import CGtk

/// A row of a `RecyclingList`: a widget tree made once and then filled again for whichever
/// item scrolls into view.
@MainActor
public protocol RecyclableRow: AnyObject {
    var rowWidget: Widget { get }
}

/// GtkListView over a plain count of items: GTK 4.8 makes row widgets for a window of about
/// 200 positions around what is shown and reuses them as the list scrolls, so a list of
/// thousands costs what a couple of hundred rows cost.
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
    /// Items in the GTK model: `count`, plus a tail a shorter reload left (see `reload`).
    private var modelCount = 0

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
    ///
    /// A shorter list keeps its tail in GTK's model, hidden, until the frame is painted:
    /// removing items makes GTK destroy their rows' widgets there and then (~7 ms for a
    /// hundred rows, in the frame of a click going from a month's agenda to one day).
    public func reload(count newCount: Int) {
        count = min(newCount, modelCount)
        extend(to: newCount)
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
            guard position != GTK_INVALID_LIST_POSITION else { continue }
            guard Int(position) < newCount else {
                setBlank(item, true)
                continue
            }
            // A row of the tail that is back in the list shows its item at once (hidden, it
            // would leave a gap however far from the screen).
            if isBlank(item), let row = rowsByItem[item] {
                rebind(item, row, at: Int(position))
                continue
            }
            positions.append((item, Int(position)))
        }
        if modelCount > count { removeTailAfterPaint() }
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
        guard position < count else { return setBlank(item, true) }
        setBlank(item, false)
        let activatable = bind(row, position)
        gtk_list_item_set_activatable(OpaquePointer(item), activatable ? 1 : 0)
    }

    /// Hides or shows the row widget GTK made for `item` (the list item's widget, so nothing
    /// of it takes room, focus or a screen reader's attention), for a position in the tail.
    private func setBlank(_ item: UnsafeMutableRawPointer, _ blank: Bool) {
        guard let itemWidget = itemWidget(of: item) else { return }
        if (gtk_widget_get_visible(itemWidget) == 0) != blank { gtk_widget_set_visible(itemWidget, blank ? 0 : 1) }
        if blank { gtk_list_item_set_activatable(OpaquePointer(item), 0) }
    }

    private func isBlank(_ item: UnsafeMutableRawPointer) -> Bool {
        itemWidget(of: item).map { gtk_widget_get_visible($0) == 0 } ?? false
    }

    private func itemWidget(of item: UnsafeMutableRawPointer) -> UnsafeMutablePointer<GtkWidget>? {
        gtk_list_item_get_child(OpaquePointer(item)).flatMap(gtk_widget_get_parent)
    }

    private var tailRemovalScheduled = false

    /// The hidden tail goes once the frame showing the shorter list is painted, in idle time.
    private func removeTailAfterPaint() {
        guard !tailRemovalScheduled else { return }
        tailRemovalScheduled = true
        whenIdleAfterNextPaint { [weak self] in
            self?.tailRemovalScheduled = false
            self?.removeTail()
        }
    }

    /// Whether some rows still show an earlier reload's items (off screen, filled after the
    /// frame), or a hidden tail waits to be removed.
    public var hasStaleRows: Bool { !stale.isEmpty || modelCount > count }


    /// Fills every row still showing an earlier item (before it can be seen or read).
    public func bindStaleRows() {
        bindStaleRows(limit: Int.max)
    }

    /// Removes the hidden tail a shorter reload left (GTK destroys its rows' widgets now).
    private func removeTail() {
        guard modelCount > count else { return }
        gtk_string_list_splice(strings, guint(count), guint(modelCount - count), nil)
        modelCount = count
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

    /// Adds positions `count ..< newCount` at the end, leaving the rows already there alone
    /// (positions of the hidden tail are shown again and filled).
    public func extend(to newCount: Int) {
        guard newCount > count else { return }
        let reused = count..<min(newCount, modelCount)
        // Set first: GTK may bind the new positions' rows during the splice.
        count = newCount
        if newCount > modelCount {
            var ids: [UnsafeMutablePointer<CChar>?] = (modelCount..<newCount).map { strdup(String($0)) } + [nil]
            defer { ids.forEach { free($0) } }
            ids.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                    gtk_string_list_splice(strings, guint(modelCount), 0, $0)
                }
            }
            modelCount = newCount
        }
        guard !reused.isEmpty else { return }
        for (item, row) in rowsByItem {
            let position = gtk_list_item_get_position(OpaquePointer(item))
            if position != GTK_INVALID_LIST_POSITION, reused.contains(Int(position)) {
                stale.remove(item)
                rebind(item, row, at: Int(position))
            }
        }
    }

    /// The rows that show positions of the list now (GTK's ~200 around what is shown), each
    /// filled for its position first.
    public var boundRows: [Row] {
        bindStaleRows()
        return rowsByItem.compactMap { item, row in
            let position = gtk_list_item_get_position(OpaquePointer(item))
            return position != GTK_INVALID_LIST_POSITION && Int(position) < count ? row : nil
        }
    }

    /// The rows a user sees now, top to bottom: shown, drawn and within the list's visible
    /// height (as of the last layout). Rows are not filled first: a row on screen that still
    /// showed an earlier item would be a bug to see, not to hide.
    public var rowsOnScreen: [Row] {
        let height = Float(allocatedHeight)
        return rowsByItem.compactMap { item, row -> (top: Float, row: Row)? in
            guard let itemWidget = itemWidget(of: item), gtk_widget_get_visible(itemWidget) != 0,
                  gtk_widget_get_child_visible(itemWidget) != 0, gtk_widget_get_mapped(itemWidget) != 0 else { return nil }
            var place = graphene_rect_t()
            guard gtk_widget_compute_bounds(itemWidget, widget, &place) != 0, place.size.height > 0,
                  place.origin.y + place.size.height > 0, place.origin.y < height else { return nil }
            return (place.origin.y, row)
        }.sorted { $0.top < $1.top }.map(\.row)
    }

    /// Scrolls `position` into view and gives its row the keyboard focus (what "selected"
    /// means in a list without selection): now when its row is built, else after the frame.
    public func focus(position: Int) {
        guard position >= 0, position < count else { return }
        // The floating variant is consumed by the call.
        _ = gtk_widget_activate_action_variant(widget, "list.scroll-to-item", g_variant_new_uint32(guint32(position)))
        if focusBoundRow(at: position) { return }
        whenIdleAfterNextPaint { [weak self] in _ = self?.focusBoundRow(at: position) }
    }

    private func focusBoundRow(at position: Int) -> Bool {
        bindStaleRows()
        for (item, row) in rowsByItem where Int(gtk_list_item_get_position(OpaquePointer(item))) == position {
            guard let itemWidget = gtk_widget_get_parent(row.rowWidget.widget) else { return false }
            return gtk_widget_grab_focus(itemWidget) != 0
        }
        return false
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

    /// The position of the row that holds the window's focus (as `focusedRow`).
    public var focusedPosition: Int? {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return nil }
        for item in rowsByItem.keys {
            guard let itemWidget = itemWidget(of: item), focus == itemWidget || gtk_widget_is_ancestor(focus, itemWidget) != 0 else {
                continue
            }
            let position = gtk_list_item_get_position(OpaquePointer(item))
            return position == GTK_INVALID_LIST_POSITION ? nil : Int(position)
        }
        return nil
    }

    /// "query-tooltip" on the row's widget: the text `tooltip` gives for the row now.
    private static func askTooltip(of row: Row, _ tooltip: @escaping @MainActor (Row) -> String?) {
        typealias Body = @MainActor () -> String?
        let trampoline: @convention(c) (gpointer?, gint, gint, gboolean, gpointer?, gpointer?) -> gboolean = {
            _, _, _, _, tooltipObject, data in
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
            guard let text = MainActor.assumeIsolated({ box.body() }), !text.isEmpty,
                  let tooltipObject else { return 0 }
            MainActor.assumeIsolated { Widget.show(text, in: OpaquePointer(tooltipObject)) }
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
