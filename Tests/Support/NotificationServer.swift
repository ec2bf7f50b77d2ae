import Foundation
import XCTest

/// A real desktop notification server for tests: a private D-Bus session of its own with
/// python3-dbusmock's `notification_daemon` template (an `org.freedesktop.Notifications` that
/// logs every call), so what Koyomi sends is seen as a desktop shell would see it, and its
/// buttons can be pressed by emitting `ActionInvoked` as the shell does.
public final class NotificationServer: @unchecked Sendable {
    /// One `Notify` call: the notification's server id (1, 2, … as the mock hands them out,
    /// or the id it replaced), when it arrived, what it said, its buttons (label → action key).
    public struct Posted: Equatable, Sendable {
        public var id: UInt32
        public var arrived: Date
        public var title: String
        public var body: String
        public var actions: [String: String]
    }

    /// `DBUS_SESSION_BUS_ADDRESS` for the programs that should use this server.
    public let busAddress: String
    private let bus: ServerProcess
    private let mock: ServerProcess
    private static let python = URL(fileURLWithPath: "/usr/bin/python3")

    /// `busEnvironment`: added to the bus daemon's own, which programs the bus starts (D-Bus
    /// activation) inherit, e.g. `XDG_DATA_DIRS` naming a folder with `dbus-1/services/`.
    public init(busEnvironment: [String: String] = [:]) throws {
        guard FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbusmock") else {
            throw ServerProcess.StartFailure(what: "python3-dbusmock is not installed (scripts/setup --test installs it)", output: "")
        }
        bus = ServerProcess(folder: try TestEnvironment.makeFolder("koyomi-bus"))
        busAddress = try bus.startBus(environment: ProcessInfo.processInfo.environment.merging(busEnvironment) { $1 })
        mock = ServerProcess(folder: try TestEnvironment.makeFolder("koyomi-notify"))
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress
        // Unbuffered: each call is logged to the pipe as it happens.
        environment["PYTHONUNBUFFERED"] = "1"
        do {
            // "actions": the capability a server with buttons announces.
            try mock.start(Self.python, ["-m", "dbusmock", "--template", "notification_daemon",
                                         "-p", #"{"capabilities": "body actions"}"#],
                           environment: environment, readyLine: "", failure: "the notification server did not start")
            let wait = try TestEnvironment.run(URL(fileURLWithPath: "/usr/bin/gdbus"),
                                               ["wait", "--session", "--timeout", "20", "org.freedesktop.Notifications"],
                                               environment: environment)
            guard wait.status == 0 else { throw ServerProcess.StartFailure(what: "the notification server never took its name", output: wait.stderr) }
        } catch {
            stop()
            throw error
        }
    }

    public func stop() {
        mock.stop()
        bus.stop()
    }

    /// Every notification posted so far, in order.
    public var posted: [Posted] { Self.parse(mock.log?.text ?? "") }

    /// How many `CloseNotification` calls (a notification taken back) came so far, by id.
    public var closed: [UInt32] { Self.closed(mock.log?.text ?? "") }

    static func closed(_ log: String) -> [UInt32] {
        log.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count >= 3, parts[1] == "CloseNotification" else { return nil }
            return UInt32(parts[2])
        }
    }

    /// Waits (bounded) until what was posted and closed satisfies `holds`.
    @discardableResult
    public func wait(timeout: Double = 20, until holds: @escaping ([Posted], [UInt32]) -> Bool) -> Bool {
        guard let log = mock.log else { return false }
        // The log's text is handed in under its lock: reading `posted` here would wait for it.
        return log.wait(timeout: timeout) { text in holds(Self.parse(text), Self.closed(text)) }
    }

    /// Presses a notification's button (or, with "default", clicks it) as a shell does.
    public func invoke(_ id: UInt32, action key: String) throws {
        let script = """
            import dbus, sys
            bus = dbus.SessionBus()
            server = bus.get_object('org.freedesktop.Notifications', '/org/freedesktop/Notifications')
            server.EmitSignal('org.freedesktop.Notifications', 'ActionInvoked', 'us',
                              [dbus.UInt32(int(sys.argv[1])), sys.argv[2]], dbus_interface='org.freedesktop.DBus.Mock')
            """
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress
        let result = try TestEnvironment.run(Self.python, ["-c", script, String(id), key], environment: environment, timeout: 20)
        guard result.status == 0 else { throw ServerProcess.StartFailure(what: "ActionInvoked could not be sent", output: result.stderr) }
    }

    /// The mock logs `<time> Notify "app" <replaces> "<icon>" "<title>" "<body>" [actions] {hints} <timeout>`,
    /// strings unescaped; a body may run over several lines.
    static func parse(_ log: String) -> [Posted] {
        var posted: [Posted] = []
        var nextID: UInt32 = 1
        let entries = log.components(separatedBy: "\n").reduce(into: [String]()) { entries, line in
            if line.range(of: #"^\d+\.\d+ "#, options: .regularExpression) != nil || entries.isEmpty {
                entries.append(line)
            } else {
                entries[entries.count - 1] += "\n" + line
            }
        }
        let pattern = #"^(\d+\.\d+) Notify "[^"]*" (\d+) "[^"]*" "([^"]*)" "([^"]*)" \[(.*)\] \{"#
        let expression = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        for entry in entries {
            let range = NSRange(entry.startIndex..., in: entry)
            guard let match = expression.firstMatch(in: entry, range: range) else { continue }
            func group(_ index: Int) -> String { String(entry[Range(match.range(at: index), in: entry)!]) }
            let replaces = UInt32(group(2)) ?? 0
            let id: UInt32
            if replaces != 0 {
                id = replaces
            } else {
                id = nextID
                nextID += 1
            }
            posted.append(Posted(id: id, arrived: Date(timeIntervalSince1970: Double(group(1)) ?? 0),
                                 title: plain(group(3)), body: plain(group(4)), actions: actions(group(5))))
        }
        return posted
    }

    /// ICU puts narrow and thin no-break spaces in times ("9:00\u{202F}AM"); tests compare plain ones.
    private static func plain(_ text: String) -> String {
        String(text.unicodeScalars.map { $0 == "\n" || !$0.properties.isWhitespace ? Character($0) : " " })
    }

    /// `"default", "", "app.x('…')", "Snooze", …`: keys and labels in turn; label → key.
    private static func actions(_ list: String) -> [String: String] {
        // Keys may hold quotes of their own; the ", " between items is what separates them.
        let items = list.components(separatedBy: "\", \"").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        var result: [String: String] = [:]
        var index = 0
        while index + 1 < items.count {
            result[items[index + 1].isEmpty ? "default" : items[index + 1]] = items[index]
            index += 2
        }
        return result
    }
}
