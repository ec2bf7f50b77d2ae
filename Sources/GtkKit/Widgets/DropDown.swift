import CGtk

/// GtkDropDown over a list of strings: a button that shows the chosen item and pops up the rest.
@MainActor
public final class DropDown: Widget {
    /// What the list shows, in order.
    public private(set) var items: [String] = []

    public init(items: [String] = []) {
        // The model comes in `setItems` (gtk_drop_down_new would take a reference it is handed).
        super.init(retaining: UnsafeMutableRawPointer(gtk_drop_down_new(nil, nil)))
        setItems(items)
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
