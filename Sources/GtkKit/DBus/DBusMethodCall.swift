import CGtk

/// A value in a D-Bus reply's `a{sv}` dictionary.
public enum DBusValue: Equatable, Sendable {
    case string(String)
    /// A themed icon by name, as GIcon serializes it (`g_icon_serialize`).
    case themedIcon(String)
}

/// One method call received by a `DBusObject`: its arguments read by position, and exactly one
/// reply (a value, or an error). Replying later is fine (the caller waits); a call dropped
/// without a reply is answered with an error, so the caller never waits for nothing.
@MainActor
public final class DBusMethodCall {
    public let method: String
    /// The invocation, ours until a reply hands it back to GDBus.
    private var invocation: OpaquePointer?
    private let parameters: OpaquePointer?

    init(invocation: OpaquePointer, method: String, parameters: OpaquePointer?) {
        self.invocation = invocation
        self.method = method
        // Borrowed for the callback's duration: keep our own reference.
        self.parameters = parameters.map { g_variant_ref($0) }
    }

    isolated deinit {
        if invocation != nil { fail("org.freedesktop.DBus.Error.Failed", "no answer") }
        if let parameters { g_variant_unref(parameters) }
    }

    /// The argument at `position` if it is an array of strings (`as`), else empty.
    public func strings(at position: Int) -> [String] {
        withArgument(at: position, type: "as") { value in
            var count: gsize = 0
            guard let strings = g_variant_get_strv(value, &count) else { return [] }
            defer { g_free(UnsafeMutableRawPointer(mutating: strings)) }
            return (0..<Int(count)).compactMap { String.fromC(strings[$0]) }
        } ?? []
    }

    /// The argument at `position` if it is a string (`s`).
    public func string(at position: Int) -> String? {
        withArgument(at: position, type: "s") { String.fromC(g_variant_get_string($0, nil)) } ?? nil
    }

    /// The argument at `position` if it is a `u`.
    public func uint32(at position: Int) -> UInt32? {
        withArgument(at: position, type: "u") { g_variant_get_uint32($0) }
    }

    private func withArgument<T>(at position: Int, type: String, _ body: (OpaquePointer) -> T) -> T? {
        guard let parameters, position >= 0, position < Int(g_variant_n_children(parameters)),
              let child = g_variant_get_child_value(parameters, gsize(position)) else { return nil }
        defer { g_variant_unref(child) }
        guard String.fromC(g_variant_get_type_string(child)) == type else { return nil }
        return body(child)
    }

    /// Replies with no value (`()`).
    public func reply() {
        answer(g_variant_new_tuple(nil, 0))
    }

    /// Replies with one array of strings (`(as)`).
    public func reply(strings: [String]) {
        answer(tuple(Self.stringArray(strings)))
    }

    /// Replies with one array of dictionaries (`(aa{sv})`).
    public func reply(dictionaries: [[(key: String, value: DBusValue)]]) {
        let outer = koyomi_variant_builder_new("aa{sv}")
        for dictionary in dictionaries {
            let inner = koyomi_variant_builder_new("a{sv}")
            for (key, value) in dictionary {
                let boxed: OpaquePointer? = switch value {
                case let .string(text): g_variant_new_variant(g_variant_new_string(text))
                case let .themedIcon(name): koyomi_variant_themed_icon(name)
                }
                g_variant_builder_add_value(inner, g_variant_new_dict_entry(g_variant_new_string(key), boxed))
            }
            g_variant_builder_add_value(outer, g_variant_builder_end(inner))
            g_variant_builder_unref(inner)
        }
        let array = g_variant_builder_end(outer)
        g_variant_builder_unref(outer)
        answer(tuple(array))
    }

    /// Replies with a D-Bus error (`name` such as "org.freedesktop.DBus.Error.InvalidArgs").
    public func fail(_ name: String, _ message: String) {
        guard let invocation else { return }
        self.invocation = nil
        g_dbus_method_invocation_return_dbus_error(invocation, name, message)
    }

    /// Whether the call has been answered.
    public var isAnswered: Bool { invocation == nil }

    private func answer(_ value: OpaquePointer?) {
        guard let invocation else { return g_variant_unref(value) }
        self.invocation = nil
        // Takes the floating value and the invocation's reference.
        g_dbus_method_invocation_return_value(invocation, value)
    }

    private func tuple(_ child: OpaquePointer?) -> OpaquePointer? {
        var children: [OpaquePointer?] = [child]
        return g_variant_new_tuple(&children, 1)
    }

    private static func stringArray(_ strings: [String]) -> OpaquePointer? {
        var copies: [UnsafePointer<CChar>?] = strings.map { UnsafePointer(strdup($0)) }
        defer { copies.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        return g_variant_new_strv(&copies, gssize(copies.count))
    }
}
