import CGio

/// Reading GLib's GVariant values GDBus hands back; every value taken here is released here.
enum Variant {
    /// The value under `key` in an `a{sv}` or `a{s…}` dictionary, or nil.
    static func lookup(_ dictionary: OpaquePointer, _ key: String, type: String? = nil) -> OpaquePointer? {
        // The type string must outlive the lookup: a pointer Swift makes for one call would not.
        if let type { return type.withCString { g_variant_lookup_value(dictionary, key, koyomi_variant_type($0)) } }
        return g_variant_lookup_value(dictionary, key, nil)
    }

    static func string(_ dictionary: OpaquePointer, _ key: String) -> String? {
        guard let value = lookup(dictionary, key, type: "s") else { return nil }
        defer { g_variant_unref(value) }
        return string(value)
    }

    static func bool(_ dictionary: OpaquePointer, _ key: String) -> Bool? {
        guard let value = lookup(dictionary, key, type: "b") else { return nil }
        defer { g_variant_unref(value) }
        return g_variant_get_boolean(value) != 0
    }

    /// A string, object path or signature value.
    static func string(_ value: OpaquePointer) -> String {
        g_variant_get_string(value, nil).map { String(cString: $0) } ?? ""
    }

    /// The children of a container (tuple, array, dictionary entry), each released after `body`.
    static func forEachChild(_ container: OpaquePointer, _ body: (OpaquePointer) -> Void) {
        for index in 0..<g_variant_n_children(container) {
            guard let child = g_variant_get_child_value(container, index) else { continue }
            body(child)
            g_variant_unref(child)
        }
    }

    static func child(_ container: OpaquePointer, _ index: Int) -> OpaquePointer? {
        guard index < g_variant_n_children(container) else { return nil }
        return g_variant_get_child_value(container, gsize(index))
    }
}
