import CGtk

/// One GSettings schema's keys (another program's, such as GNOME's
/// `org.gnome.desktop.interface`), read and watched; Koyomi's own settings are its key file.
@MainActor
public final class GioSettings: GObjectRef {
    /// The schema's settings, or nil when the schema is not installed (a desktop without GNOME's
    /// schemas): `g_settings_new` would abort the process on an unknown schema.
    public static func installed(schema: String) -> GioSettings? {
        guard let source = g_settings_schema_source_get_default(),
              let found = g_settings_schema_source_lookup(source, schema, 1) else { return nil }
        g_settings_schema_unref(found)
        return GioSettings(adoptingFull: UnsafeMutableRawPointer(g_settings_new(schema)))
    }

    private var settings: UnsafeMutablePointer<GSettings> { cast() }

    /// Whether the schema has `key` (an older or newer schema may lack it).
    public func hasKey(_ key: String) -> Bool { koyomi_settings_has_key(cast(), key) != 0 }

    /// A string (or enum) key's value.
    public func string(_ key: String) -> String {
        guard let value = g_settings_get_string(settings, key) else { return "" }
        defer { g_free(value) }
        return String(cString: value)
    }

    public func bool(_ key: String) -> Bool { g_settings_get_boolean(settings, key) != 0 }

    /// Whether someone set `key` (the user, or the desktop for them), rather than it holding
    /// the schema's default.
    public func isSet(_ key: String) -> Bool {
        guard let value = g_settings_get_user_value(settings, key) else { return false }
        g_variant_unref(value)
        return true
    }

    /// Called after `key` changes, whoever changed it.
    @discardableResult
    public func onChanged(_ key: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onPointerSignal("changed::" + key) { _ in handler() }
    }

    /// Sets a string key (for tests, and for the memory backend they use).
    public func set(_ key: String, string value: String) { g_settings_set_string(settings, key, value) }

    public func set(_ key: String, bool value: Bool) { g_settings_set_boolean(settings, key, value ? 1 : 0) }

    /// Back to the schema's default.
    public func reset(_ key: String) { g_settings_reset(settings, key) }
}
