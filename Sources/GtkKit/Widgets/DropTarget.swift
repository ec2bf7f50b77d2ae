import CGtk

/// Accepts files dragged onto a widget (a GtkDropTarget for GDK's file list), handing over
/// their local paths. The widget owns the controller; this wrapper keeps a reference.
@MainActor
public final class DropTarget: GObjectRef {
    private var connection: SignalConnection?

    /// Calls `handler` with the local paths of the dropped files (files with no local path,
    /// such as remote ones, are left out); it returns whether it took the drop.
    public init(on widget: Widget, onDrop handler: @escaping @MainActor ([String]) -> Bool) {
        // Not floating: `retaining` adds our reference beside the one the widget takes over.
        let target = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY)!
        super.init(retaining: UnsafeMutableRawPointer(target))
        gtk_widget_add_controller(widget.widget, target)
        connection = onDropValue { value in
            let paths = value.map(Self.paths(in:)) ?? []
            return !paths.isEmpty && handler(paths)
        }
    }

    /// The local paths of the files a GValue holding a GdkFileList names, in order.
    static func paths(in value: UnsafePointer<GValue>) -> [String] {
        guard value.pointee.g_type == gdk_file_list_get_type(),
              let list = g_value_get_boxed(value) else { return [] }
        // The list is ours to free (transfer container); the GFiles stay the value's.
        let files = gdk_file_list_get_files(OpaquePointer(list))
        defer { g_slist_free(files) }
        var paths: [String] = []
        var node = files
        while let current = node {
            if let file = current.pointee.data, let path = g_file_get_path(OpaquePointer(file)) {
                if let text = String.fromC(path) { paths.append(text) }
                g_free(path)
            }
            node = current.pointee.next
        }
        return paths
    }

    /// "drop" hands the dropped value and the pointer position; returns whether it was taken.
    private func onDropValue(_ handler: @escaping @MainActor (UnsafePointer<GValue>?) -> Bool) -> SignalConnection {
        typealias Body = @MainActor (UnsafePointer<GValue>?) -> Bool
        let trampoline: @convention(c) (gpointer?, UnsafePointer<GValue>?, Double, Double, gpointer?) -> gboolean = {
            _, value, _, _, data in
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
            nonisolated(unsafe) let value = value
            return MainActor.assumeIsolated { box.body(value) } ? 1 : 0
        }
        return connect("drop", trampoline: unsafeBitCast(trampoline, to: GCallback.self), body: handler as Body)
    }
}
