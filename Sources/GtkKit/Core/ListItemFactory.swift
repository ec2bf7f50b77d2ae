import CGtk

/// GtkSignalListItemFactory, for its per-item signals (shared by the list and drop-down views).
@MainActor
final class ListItemFactory: GObjectRef {
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
