import Foundation

/// A session bus of one screen run's own, as a desktop session has one: a fresh `dbus-daemon`
/// (so GNOME Calendar's data server is started anew and reads the run's folders, and no
/// single-instance name is left from a run before) with the accessibility bus and its registry
/// already running, as they are on a desktop before any program starts.
///
/// Every process of the run carries `tag` in its environment: the daemon passes its own on to
/// what it starts, so the data server's processes can be found (their memory) and stopped.
final class PrivateSession {
    static let tagName = "KOYOMI_BENCH_RUN"
    private let tagValue: String
    /// `KOYOMI_BENCH_RUN=<pid>-<run>`, as it appears in /proc/PID/environ.
    var tag: String { "\(Self.tagName)=\(tagValue)" }
    let address: String
    private let daemon: Process

    /// `run`: a number no other session of this process had. `environment`: what the run's
    /// programs get (XDG folders, zone); the daemon gets it too, as the services it starts must
    /// read the same folders.
    init(run: Int, folder: URL, environment: [String: String]) throws {
        tagValue = "\(getpid())-\(run)"
        let socket = folder.appendingPathComponent("bus-\(run)").path
        address = "unix:path=\(socket)"
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--address=\(address)"]
        var daemonEnvironment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        daemonEnvironment[Self.tagName] = tagValue
        daemonEnvironment.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        daemon.environment = daemonEnvironment
        // What it starts inherits these: at-spi2-registryd says hello on stdout.
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        // Bounded: the socket appears within milliseconds.
        var waits = 0
        while !FileManager.default.fileExists(atPath: socket) && waits < 500 {
            usleep(10000)
            waits += 1
        }
        guard FileManager.default.fileExists(atPath: socket) else {
            stop()
            throw BenchError("dbus-daemon did not start (Debian package dbus-daemon)")
        }
        // Starting the accessibility bus and its registry here keeps them out of every timed start
        // (best effort: without at-spi2-core every program goes without, alike).
        let a11y = ((try? send(["--print-reply=literal", "--dest=org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus.GetAddress"])) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if !a11y.isEmpty {
            _ = try? send(["--bus=\(a11y)", "--print-reply", "--dest=org.a11y.atspi.Registry", "/org/a11y/atspi/registry",
                           "org.freedesktop.DBus.Peer.Ping"], session: false)
        }
    }

    /// What a program of this run gets: `environment`, the tag and this bus.
    func environment(_ environment: [String: String]) -> [String: String] {
        var merged = environment
        merged[Self.tagName] = tagValue
        merged["DBUS_SESSION_BUS_ADDRESS"] = address
        return merged
    }

    /// Stops every process of the run (by pid, found by the tag), then the daemon.
    func stop() {
        let others = { Self.pids(tagged: self.tag).filter { $0 != self.daemon.processIdentifier } }
        for signal in [SIGTERM, SIGKILL] {
            var pids = others()
            pids.forEach { kill($0, signal) }
            // Bounded wait for them to go before the harder signal.
            var waits = 0
            while !pids.isEmpty && waits < 100 {
                usleep(20000)
                pids = others()
                waits += 1
            }
            if pids.isEmpty { break }
        }
        if daemon.isRunning {
            daemon.terminate()
            daemon.waitUntilExit()
        }
    }

    /// `dbus-send` on this bus (or, `session: false`, on the bus named in `arguments`).
    private func send(_ arguments: [String], session: Bool = true) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-send")
        process.arguments = (session ? ["--bus=\(address)"] : []) + arguments
        process.environment = environment(daemon.environment ?? [:])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The processes whose environment holds `tag` exactly.
    static func pids(tagged tag: String) -> [pid_t] {
        let entry = Array(tag.utf8)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name -> pid_t? in
            guard let pid = pid_t(name), pid != getpid(),
                  let environ = FileManager.default.contents(atPath: "/proc/\(name)/environ") else { return nil }
            return environ.split(separator: 0).contains { $0.elementsEqual(entry) } ? pid : nil
        }
    }
}
