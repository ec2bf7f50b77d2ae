/// What GNOME Shell's overview shows for one result (`GetResultMetas`).
public struct ShellSearchResultMeta: Equatable, Sendable {
    public var id: String
    public var name: String
    public var description: String
    /// A themed icon's name (the app's own, as GNOME Calendar gives).
    public var iconName: String

    public init(id: String, name: String, description: String, iconName: String) {
        self.id = id
        self.name = name
        self.description = description
        self.iconName = iconName
    }
}

/// What a search provider answers: `org.gnome.Shell.SearchProvider2`'s five methods in Swift
/// values. The three queries reply through their closure, at once or later (the Shell waits).
@MainActor
public protocol ShellSearchProviding: AnyObject {
    func initialResults(for terms: [String], reply: @escaping @MainActor ([String]) -> Void)
    func subsearchResults(previous: [String], terms: [String], reply: @escaping @MainActor ([String]) -> Void)
    func resultMetas(for ids: [String], reply: @escaping @MainActor ([ShellSearchResultMeta]) -> Void)
    func activateResult(_ id: String, terms: [String], timestamp: UInt32)
    func launchSearch(terms: [String], timestamp: UInt32)
}

/// `org.gnome.Shell.SearchProvider2` on a D-Bus connection, answered by a `ShellSearchProviding`.
/// The Shell finds it through a `share/gnome-shell/search-providers/*.ini` naming the bus name
/// and `path`.
@MainActor
public final class ShellSearchProvider {
    public static let interfaceXML = """
    <node>
      <interface name="org.gnome.Shell.SearchProvider2">
        <method name="GetInitialResultSet">
          <arg type="as" name="terms" direction="in"/>
          <arg type="as" name="results" direction="out"/>
        </method>
        <method name="GetSubsearchResultSet">
          <arg type="as" name="previous_results" direction="in"/>
          <arg type="as" name="terms" direction="in"/>
          <arg type="as" name="results" direction="out"/>
        </method>
        <method name="GetResultMetas">
          <arg type="as" name="identifiers" direction="in"/>
          <arg type="aa{sv}" name="metas" direction="out"/>
        </method>
        <method name="ActivateResult">
          <arg type="s" name="identifier" direction="in"/>
          <arg type="as" name="terms" direction="in"/>
          <arg type="u" name="timestamp" direction="in"/>
        </method>
        <method name="LaunchSearch">
          <arg type="as" name="terms" direction="in"/>
          <arg type="u" name="timestamp" direction="in"/>
        </method>
      </interface>
    </node>
    """

    private let object: DBusObject

    /// Exports the provider at `path`; `provider` is held weakly (calls after it is gone get an error).
    public init(on connection: DBusConnection, path: String, provider: ShellSearchProviding) throws(DBusError) {
        object = try DBusObject(on: connection, path: path, xml: Self.interfaceXML) { [weak provider] call in
            guard let provider else { return call.fail("org.freedesktop.DBus.Error.Failed", "no search provider") }
            Self.dispatch(call, to: provider)
        }
    }

    /// Takes the provider off the bus.
    public func unexport() { object.unexport() }

    private static func dispatch(_ call: DBusMethodCall, to provider: ShellSearchProviding) {
        switch call.method {
        case "GetInitialResultSet":
            provider.initialResults(for: call.strings(at: 0)) { call.reply(strings: $0) }
        case "GetSubsearchResultSet":
            provider.subsearchResults(previous: call.strings(at: 0), terms: call.strings(at: 1)) { call.reply(strings: $0) }
        case "GetResultMetas":
            provider.resultMetas(for: call.strings(at: 0)) { metas in
                call.reply(dictionaries: metas.map { meta in
                    [("id", .string(meta.id)), ("name", .string(meta.name)), ("description", .string(meta.description)),
                     ("icon", .themedIcon(meta.iconName))]
                })
            }
        case "ActivateResult":
            guard let id = call.string(at: 0) else {
                return call.fail("org.freedesktop.DBus.Error.InvalidArgs", "no result id")
            }
            provider.activateResult(id, terms: call.strings(at: 1), timestamp: call.uint32(at: 2) ?? 0)
            call.reply()
        case "LaunchSearch":
            provider.launchSearch(terms: call.strings(at: 0), timestamp: call.uint32(at: 1) ?? 0)
            call.reply()
        default:
            call.fail("org.freedesktop.DBus.Error.UnknownMethod", "no method \(call.method)")
        }
    }
}
