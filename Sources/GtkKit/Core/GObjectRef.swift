import CGtk

/// Owns one reference to a GObject for as long as the Swift object lives.
///
/// Widgets come back from their constructors *floating*; `init(retaining:)` sinks that
/// reference (or, for objects GTK already owns, such as toplevel windows, takes a new one),
/// so every wrapper holds exactly one reference and drops it in `deinit`.
@MainActor
open class GObjectRef {
    /// The wrapped object. Only GtkKit reaches for it; app code stays on typed methods.
    public let object: UnsafeMutablePointer<GObject>

    /// Takes a reference of our own: sinks a floating one, adds one otherwise.
    public init(retaining pointer: UnsafeMutableRawPointer) {
        self.object = pointer.assumingMemoryBound(to: GObject.self)
        g_object_ref_sink(object)
    }

    /// Adopts a reference that the caller already owns ("transfer full", not floating).
    public init(adoptingFull pointer: UnsafeMutableRawPointer) {
        self.object = pointer.assumingMemoryBound(to: GObject.self)
    }

    // Isolated, so releasing stays on the main actor: GtkKit objects are only ever created and
    // dropped on GTK's thread. (Dropped elsewhere, the release would wait for the main actor's
    // executor, which the GLib loop does not run.)
    isolated deinit {
        g_object_unref(object)
    }

    /// The object as another C type; the one cast helper GtkKit uses.
    @inlinable
    public func cast<T>(_ type: T.Type = T.self) -> UnsafeMutablePointer<T> {
        UnsafeMutableRawPointer(object).assumingMemoryBound(to: T.self)
    }

    /// For GTK types that Swift imports as opaque pointers.
    @inlinable
    public var opaque: OpaquePointer { OpaquePointer(object) }

    /// The GObject type name, e.g. "GtkButton" (for tests and diagnostics).
    public var typeName: String { String.fromC(koyomi_object_type_name(object)) ?? "?" }
}

extension String {
    /// The one place GtkKit turns a borrowed C string into a Swift string.
    @inlinable
    public static func fromC(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
