import CGtk

/// Watches whether a GObject still exists without keeping it alive (a GWeakRef).
/// Leak tests use it to prove that dropping the Swift wrapper frees the C object.
@MainActor
public final class WeakObjectProbe {
    // GWeakRef must not move once initialized, so it lives in its own allocation.
    private let reference = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)

    public init(_ target: GObjectRef) {
        reference.initialize(to: GWeakRef())
        g_weak_ref_init(reference, target.object)
    }

    isolated deinit {
        g_weak_ref_clear(reference)
        reference.deallocate()
    }

    /// True while the object has not been finalized.
    public var isAlive: Bool {
        guard let strong = g_weak_ref_get(reference) else { return false }
        g_object_unref(strong)
        return true
    }
}
