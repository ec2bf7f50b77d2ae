import CGtk
@testable import GtkKit
import XCTest

/// Files dropped on a widget arrive as local paths. GTK cannot fake a drag, so the tests emit
/// the controller's "drop" signal with the value a real drop hands over (a GdkFileList).
final class DropTargetTests: GtkTestCase {
    /// A GValue holding a GdkFileList of `paths`; release it with `g_value_unset`.
    private static func fileListValue(_ paths: [String]) -> GValue {
        var files: [OpaquePointer?] = paths.map { g_file_new_for_path($0) }
        let list = gdk_file_list_new_from_array(&files, gsize(files.count))
        for file in files { g_object_unref(UnsafeMutableRawPointer(file)) }
        var value = GValue()
        g_value_init(&value, gdk_file_list_get_type())
        g_value_take_boxed(&value, UnsafeRawPointer(list))
        return value
    }

    /// Emits "drop" on `target` as GTK does when the user lets go; returns the handler's answer.
    @MainActor
    private static func drop(_ paths: [String], on target: DropTarget) -> Bool {
        var files = fileListValue(paths)
        defer { g_value_unset(&files) }
        var arguments = [GValue](repeating: GValue(), count: 4)
        g_value_init(&arguments[0], gtk_drop_target_get_type())
        g_value_set_object(&arguments[0], target.object)
        g_value_init(&arguments[1], g_value_get_type())
        withUnsafeMutablePointer(to: &files) { g_value_set_boxed(&arguments[1], $0) }
        g_value_init(&arguments[2], g_type_from_name("gdouble"))
        g_value_init(&arguments[3], g_type_from_name("gdouble"))
        var result = GValue()
        g_value_init(&result, g_type_from_name("gboolean"))
        g_signal_emitv(arguments, g_signal_lookup("drop", gtk_drop_target_get_type()), 0, &result)
        let taken = g_value_get_boolean(&result) != 0
        for index in arguments.indices { g_value_unset(&arguments[index]) }
        return taken
    }

    func testDroppedFilesArriveAsLocalPathsInOrder() {
        onMain {
            let box = Box(.vertical)
            var received: [[String]] = []
            let target = DropTarget(on: box) { paths in
                received.append(paths)
                return true
            }
            XCTAssertTrue(Self.drop(["/tmp/a.ics", "/tmp/b c.ics"], on: target))
            XCTAssertEqual(received, [["/tmp/a.ics", "/tmp/b c.ics"]])
        }
    }

    func testTheHandlerMayRefuseAndAnEmptyDropIsRefused() {
        onMain {
            let box = Box(.vertical)
            var calls = 0
            let target = DropTarget(on: box) { _ in
                calls += 1
                return false
            }
            XCTAssertFalse(Self.drop(["/tmp/a.txt"], on: target), "the handler's no is passed on")
            XCTAssertFalse(Self.drop([], on: target), "nothing to open")
            XCTAssertEqual(calls, 1, "an empty list never reaches the handler")
        }
    }

    func testTheWidgetKeepsTheControllerAndFreesIt() {
        onMain {
            weak var weakToken: Token?
            var box: Box? = Box(.vertical)
            var target: DropTarget?
            do {
                let token = Token()
                weakToken = token
                target = DropTarget(on: box!) { _ in _ = token; return true }
            }
            let probe = WeakObjectProbe(target!)
            target = nil
            XCTAssertTrue(probe.isAlive, "the widget owns the controller")
            box = nil
            XCTAssertFalse(probe.isAlive)
            XCTAssertNil(weakToken, "the drop handler is released with it")
        }
    }
}
