import CGtk

/// GtkListBoxRow holding one child.
@MainActor
public final class ListBoxRow: Widget {
    public init(child: Widget, activatable: Bool = true) {
        super.init(retaining: UnsafeMutableRawPointer(gtk_list_box_row_new()))
        gtk_list_box_row_set_child(cast(), child.widget)
        gtk_list_box_row_set_activatable(cast(), activatable ? 1 : 0)
        gtk_list_box_row_set_selectable(cast(), 0)
    }

    public var isActivatable: Bool {
        get { gtk_list_box_row_get_activatable(cast()) != 0 }
        set { gtk_list_box_row_set_activatable(cast(), newValue ? 1 : 0) }
    }
}

/// GtkListBox that keeps its Swift rows, so activation hands back the row the app made.
@MainActor
public final class ListBox: Widget {
    public private(set) var rows: [ListBoxRow] = []

    public init() {
        super.init(retaining: UnsafeMutableRawPointer(gtk_list_box_new()))
        gtk_list_box_set_selection_mode(opaque, GTK_SELECTION_NONE)
    }

    public func append(_ row: ListBoxRow) {
        gtk_list_box_append(opaque, row.widget)
        rows.append(row)
    }

    /// GTK 4.8 has no gtk_list_box_remove_all (4.12), so rows go one by one.
    public func removeAll() {
        for row in rows { gtk_list_box_remove(opaque, row.widget) }
        rows.removeAll()
    }

    /// Shown when the list has no rows.
    public func setPlaceholder(_ widget: Widget?) {
        gtk_list_box_set_placeholder(opaque, widget?.widget)
    }

    /// Called with the row the user activated (Enter, double-click, or a click on an activatable row).
    @discardableResult
    public func onRowActivated(_ handler: @escaping @MainActor (ListBoxRow) -> Void) -> SignalConnection {
        onPointerSignal("row-activated") { [weak self] pointer in
            guard let self, let pointer else { return }
            let index = Int(gtk_list_box_row_get_index(pointer.assumingMemoryBound(to: GtkListBoxRow.self)))
            if self.rows.indices.contains(index) { handler(self.rows[index]) }
        }
    }
}
