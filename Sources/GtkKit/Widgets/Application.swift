import CGtk
import Foundation

/// AdwApplication: single-instance (over D-Bus when a session bus exists), follows the
/// system's dark/light and high-contrast style, runs the GLib main loop.
@MainActor
public final class Application: GObjectRef {
    public struct Flags: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// A second launch hands files to the first instance through the "open" signal.
        public static let handlesOpen = Flags(rawValue: G_APPLICATION_HANDLES_OPEN.rawValue)
        /// Never talk to or become a primary instance (benchmarks, tests).
        public static let nonUnique = Flags(rawValue: G_APPLICATION_NON_UNIQUE.rawValue)
        /// Started by D-Bus activation (`--gapplication-service`): wait for what the bus
        /// hands over (an activation, an action from a notification) instead of activating.
        public static let isService = Flags(rawValue: G_APPLICATION_IS_SERVICE.rawValue)
    }

    public init(id: String, flags: Flags = []) {
        // AdwApplication with GApplication's dbus_register/dbus_unregister open to Swift
        // (`onBusRegistration`).
        super.init(adoptingFull: UnsafeMutableRawPointer(koyomi_application_new(id, GApplicationFlags(rawValue: flags.rawValue))))
    }

    var application: UnsafeMutablePointer<GApplication> { cast() }

    @discardableResult
    public func onStartup(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onSignal("startup", handler)
    }

    @discardableResult
    public func onActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onSignal("activate", handler)
    }

    /// Files handed to this instance, by this launch or by a later `koyomi FILE` launch: local
    /// paths, and the URIs of anything that has no local path (a web address).
    @discardableResult
    public func onOpen(_ handler: @escaping @MainActor (_ paths: [String], _ otherURIs: [String]) -> Void) -> SignalConnection {
        typealias Body = @MainActor ([String], [String]) -> Void
        let trampoline: @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, gint, UnsafePointer<CChar>?, gpointer?) -> Void = {
            _, files, count, _, data in
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
            var paths: [String] = [], uris: [String] = []
            for index in 0..<Int(count) {
                guard let file = files?[index] else { continue }
                // Both return newly allocated strings (transfer full).
                if let path = g_file_get_path(file) {
                    paths.append(String.fromC(path) ?? "")
                    g_free(path)
                } else if let uri = g_file_get_uri(file) {
                    uris.append(String.fromC(uri) ?? "")
                    g_free(uri)
                }
            }
            MainActor.assumeIsolated { box.body(paths, uris) }
        }
        return connect("open", trampoline: unsafeBitCast(trampoline, to: GCallback.self), body: handler as Body)
    }

    /// Registers with the session bus; afterwards `isRemote` tells whether another instance is primary.
    /// Returns false (and a message) when registration failed; the app can still run alone.
    @discardableResult
    public func register() -> Bool {
        var error: UnsafeMutablePointer<GError>?
        let ok = g_application_register(application, nil, &error) != 0
        if let error { g_error_free(error) }
        return ok
    }

    public var isRemote: Bool { g_application_get_is_remote(application) != 0 }

    /// Asks the primary instance (or this one) to open `paths` (and `uris`, e.g. webcal://).
    public func open(paths: [String], uris: [String] = []) {
        let files: [OpaquePointer?] = paths.map { g_file_new_for_path($0) } + uris.map { g_file_new_for_uri($0) }
        var array = files
        array.withUnsafeMutableBufferPointer { buffer in
            g_application_open(application, buffer.baseAddress, gint(buffer.count), "")
        }
        files.forEach { if let file = $0 { g_object_unref(UnsafeMutableRawPointer(file)) } }
    }

    public func activate() { g_application_activate(application) }

    /// Keyboard accelerators for an action, e.g. `["<Control>question"]` for "win.show-help-overlay".
    public func setAccelerators(_ accelerators: [String], forAction action: String) {
        var strings: [UnsafeMutablePointer<CChar>?] = accelerators.map { strdup($0) } + [nil]
        defer { strings.forEach { free($0) } }
        strings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_application_set_accels_for_action(cast(), action, $0)
            }
        }
    }

    /// Waits until messages to the primary instance have left: a remote `open` or `activate`
    /// is sent asynchronously and would be lost if the process exited first.
    public func flush() {
        guard let connection = g_application_get_dbus_connection(application) else { return }
        g_dbus_connection_flush_sync(connection, nil, nil)
    }

    /// Runs the main loop until the last window closes; returns the exit status.
    public func run() -> Int32 {
        // Arguments were parsed by the caller; GApplication gets only the program name.
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(CommandLine.arguments.first ?? "koyomi"), nil]
        defer { argv.forEach { free($0) } }
        return g_application_run(application, 1, &argv)
    }

    public func quit() { g_application_quit(application) }
}
