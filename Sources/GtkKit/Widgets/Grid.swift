import CGtk

/// GtkGrid: children at (column, row) cells.
@MainActor
public final class Grid: Widget {
    /// `isGroup` gives the grid the accessible role "group", so a screen reader announces its
    /// name (e.g. the month) when focus enters it or the name changes.
    public init(rowSpacing: UInt32 = 0, columnSpacing: UInt32 = 0, homogeneous: Bool = false, isGroup: Bool = false) {
        let grid = isGroup
            ? koyomi_widget_new_with_role(gtk_grid_get_type(), GTK_ACCESSIBLE_ROLE_GROUP)
            : gtk_grid_new()
        super.init(retaining: UnsafeMutableRawPointer(grid!))
        gtk_grid_set_row_spacing(cast(), rowSpacing)
        gtk_grid_set_column_spacing(cast(), columnSpacing)
        gtk_grid_set_row_homogeneous(cast(), homogeneous ? 1 : 0)
        gtk_grid_set_column_homogeneous(cast(), homogeneous ? 1 : 0)
    }

    public func attach(_ child: Widget, column: Int32, row: Int32, width: Int32 = 1, height: Int32 = 1) {
        gtk_grid_attach(cast(), child.widget, column, row, width, height)
    }
}
