import CGtk

/// GtkDropDown over a list of strings: a button that shows the chosen item and pops up the rest.
/// Items may carry a small mark before their text (a calendar's colour): a widget with the
/// item's CSS classes, drawn by the style sheet and hidden from screen readers.
@MainActor
public final class DropDown: Widget {
    /// What the list shows, in order.
    public private(set) var items: [String] = []
    /// The CSS classes of each item's mark, by position (empty: no marks).
    private var markClasses: [[String]] = []
    /// The row widgets GTK made through the mark factory, by list item.
    private var rows: [UnsafeMutableRawPointer: (mark: Box, label: Label)] = [:]

    /// - Parameter markClasses: for each item, the CSS classes of a mark shown before its text;
    ///   nil for text alone.
    public init(items: [String] = [], markClasses: [[String]]? = nil) {
        // The model comes in `setItems` (gtk_drop_down_new would take a reference it is handed).
        super.init(retaining: UnsafeMutableRawPointer(gtk_drop_down_new(nil, nil)))
        if let markClasses {
            self.markClasses = markClasses
            useMarkFactory()
        }
        setItems(items)
    }

    /// The style classes of the mark on screen in the button, beside the chosen item's text
    /// (nil when no mark is shown there).
    public var shownMarkClasses: [String]? {
        guard let button = rows.first(where: { item, row in
            row.mark.isMapped && gtk_list_item_get_position(OpaquePointer(item)) == gtk_drop_down_get_selected(opaque)
                && row.label.text == selectedItem
        }) else { return nil }
        return button.value.mark.cssClasses
    }

    /// Rows of a mark and a label, in the button and in the pop-up alike.
    private func useMarkFactory() {
        let factory = gtk_signal_list_item_factory_new()!
        let wrapper = ListItemFactory(borrowing: factory)
        wrapper.onItemSignal("setup") { [weak self] item in
            let row = Box(.horizontal, spacing: 8)
            let mark = Box(.horizontal)
            mark.valign = .center
            mark.setAccessibleHidden(true)
            let label = Label()
            label.xalign = 0
            row.append(mark)
            row.append(label)
            self?.rows[item] = (mark, label)
            gtk_list_item_set_child(OpaquePointer(item), row.widget)
        }
        wrapper.onItemSignal("bind") { [weak self] item in
            guard let self, let row = self.rows[item] else { return }
            let position = Int(gtk_list_item_get_position(OpaquePointer(item)))
            guard self.items.indices.contains(position) else { return }
            row.label.text = self.items[position]
            let classes = self.markClasses.indices.contains(position) ? self.markClasses[position] : []
            row.mark.setCSSClasses(classes)
            row.mark.isVisible = !classes.isEmpty
        }
        wrapper.onItemSignal("teardown") { [weak self] item in self?.rows[item] = nil }
        // set_factory takes its own reference; drop the one `new` gave us.
        gtk_drop_down_set_factory(opaque, factory)
        g_object_unref(UnsafeMutableRawPointer(factory))
    }

    /// Replaces the list; the selection goes to the first item (none for an empty list).
    public func setItems(_ items: [String]) {
        self.items = items
        guard let list = gtk_string_list_new(nil) else { return }
        for item in items { gtk_string_list_append(list, item) }
        // set_model takes its own reference; drop the one `new` gave us.
        gtk_drop_down_set_model(opaque, list)
        g_object_unref(UnsafeMutableRawPointer(list))
    }

    /// The chosen item's position, nil when nothing is chosen. Setting an index outside the
    /// list clears the choice. Setting it notifies `onSelected` like the user's choice does.
    public var selectedIndex: Int? {
        get {
            let position = gtk_drop_down_get_selected(opaque)
            return position == GTK_INVALID_LIST_POSITION || Int(position) >= items.count ? nil : Int(position)
        }
        set {
            let position = newValue.flatMap { items.indices.contains($0) ? guint($0) : nil } ?? GTK_INVALID_LIST_POSITION
            gtk_drop_down_set_selected(opaque, position)
        }
    }

    /// The chosen item's text, if any.
    public var selectedItem: String? { selectedIndex.map { items[$0] } }

    /// Called with the new position whenever the choice changes (nil: no choice).
    @discardableResult
    public func onSelected(_ handler: @escaping @MainActor (Int?) -> Void) -> SignalConnection {
        onNotify("selected") { [weak self] in
            guard let self else { return }
            handler(self.selectedIndex)
        }
    }
}
