import Foundation

/// Issue 15's sync figures against a real Radicale on loopback: its collection is seeded with
/// `count` plans (files written straight into its storage, so seeding takes no server time)
/// and warmed up by one untimed sync, then the real `koyomi` runs the first sync
/// (`account add`), a sync with nothing changed, and a sync pushing 20 plans added locally.
/// Wall clock of each whole process, the server's time included.
struct SyncBenchmark {
    struct Row: Codable {
        var plans: Int
        var firstSyncMs: Double
        var noChangeMs: Double
        var push20Ms: Double
        /// Koyomi's own CPU time in each (the rest of the wall time is the server's and the network's).
        var firstSyncCPUMs: Double
        var noChangeCPUMs: Double
        var push20CPUMs: Double
    }

    var koyomi: String
    var runner: ProcessRunner
    var folder: URL

    func run(count: Int) throws -> Row {
        let home = folder.appendingPathComponent("sync-\(count)")
        try? FileManager.default.removeItem(at: home)
        let server = try Radicale(folder: home.appendingPathComponent("radicale"))
        defer { server.stop() }
        try server.seed(count: count)
        try server.start()

        let environment = ["XDG_DATA_HOME": home.appendingPathComponent("data").path,
                           "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
                           "XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "TZ": "UTC", "LANG": "C.UTF-8",
                           // No keyring: the password comes on stdin each time. (A session bus
                           // would start a keyring daemon that waits to ask for a new keyring.)
                           "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"]
        func koyomi(_ arguments: [String], input: String? = nil) throws -> ProcessRunner.Outcome {
            let outcome = try runner.run(self.koyomi, arguments, environment: environment, input: input)
            guard outcome.status == 0 else { throw BenchError("koyomi \(arguments.joined(separator: " ")): \(outcome.stderr)") }
            return outcome
        }
        // Radicale reads items written behind its back on its first listing: one untimed sync in
        // a throwaway folder first, so the timed one meets a warm server, as a real one is.
        var warmUp = environment
        warmUp["XDG_DATA_HOME"] = home.appendingPathComponent("warm-up").path
        _ = try runner.run(self.koyomi, ["account", "add", server.calendarURL, "--user", "alice", "--password-stdin"],
                           environment: warmUp, input: "secret\n")
        let first = try koyomi(["account", "add", server.calendarURL, "--user", "alice", "--password-stdin"], input: "secret\n")
        let noChange = try koyomi(["sync", "--password-stdin"], input: "secret\n")
        for index in 0..<20 {
            _ = try koyomi(["add", "--title", "Local \(index)", "--start", "2026-06-\(10 + index % 10)T09:00"])
        }
        let push = try koyomi(["sync", "--password-stdin"], input: "secret\n")
        guard push.stdout.contains("20 sent") else { throw BenchError("the push sent other than 20: \(push.stdout)") }
        return Row(plans: count, firstSyncMs: first.wallMs, noChangeMs: noChange.wallMs, push20Ms: push.wallMs,
                   firstSyncCPUMs: first.cpuMs, noChangeCPUMs: noChange.cpuMs, push20CPUMs: push.cpuMs)
    }

    /// The table and the issue's goals: at 5,000 plans a first sync ≤ 10 s, nothing changed
    /// ≤ 1 s, 20 pushed ≤ 2 s; at 50,000 each at most 11× its 5,000 figure.
    static func render(_ rows: [Row]) -> String {
        var lines = ["plans     first sync   no change   push 20    (koyomi's own CPU: first, no change, push)"]
        for row in rows {
            lines.append(String(format: "%-9d %9.2f s %9.2f s %8.2f s    %.2f s, %.2f s, %.2f s", row.plans,
                                row.firstSyncMs / 1000, row.noChangeMs / 1000, row.push20Ms / 1000,
                                row.firstSyncCPUMs / 1000, row.noChangeCPUMs / 1000, row.push20CPUMs / 1000))
        }
        if let small = rows.first(where: { $0.plans == 5000 }) {
            func verdict(_ ok: Bool) -> String { ok ? "OK" : "MISSED" }
            lines.append("5,000: first sync ≤ 10 s \(verdict(small.firstSyncMs <= 10_000)), no change ≤ 1 s "
                         + "\(verdict(small.noChangeMs <= 1000)), push 20 ≤ 2 s \(verdict(small.push20Ms <= 2000))")
            if let large = rows.first(where: { $0.plans == 50000 }) {
                let ratios = [large.firstSyncMs / small.firstSyncMs, large.noChangeMs / small.noChangeMs,
                              large.push20Ms / small.push20Ms]
                lines.append(String(format: "50,000 / 5,000: %.1f× %.1f× %.1f× (≤ 11× each) ", ratios[0], ratios[1], ratios[2])
                             + verdict(ratios.allSatisfy { $0 <= 11 }))
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// A Radicale 3 server for the benchmark: one user (alice / secret), one calendar "work".
final class Radicale {
    let folder: URL
    let port: Int
    private var process: Process?

    init(folder: URL) throws {
        self.folder = folder
        port = try Self.freePort()
        let collection = folder.appendingPathComponent("collections/collection-root/alice/work")
        try FileManager.default.createDirectory(at: collection, withIntermediateDirectories: true)
        try Data(#"{"D:displayname": "Work", "tag": "VCALENDAR"}"#.utf8)
            .write(to: collection.appendingPathComponent(".Radicale.props"))
        try Data("alice:secret\n".utf8).write(to: folder.appendingPathComponent("users"))
        try Data("""
            [server]
            hosts = 127.0.0.1:\(port)
            [auth]
            type = htpasswd
            htpasswd_filename = \(folder.appendingPathComponent("users").path)
            htpasswd_encryption = plain
            [storage]
            filesystem_folder = \(folder.appendingPathComponent("collections").path)
            [logging]
            level = warning
            """.utf8).write(to: folder.appendingPathComponent("config"))
    }

    var calendarURL: String { "http://127.0.0.1:\(port)/alice/work/" }

    /// `count` one-hour plans, one file each as Radicale stores them, spread over two years.
    func seed(count: Int) throws {
        let collection = folder.appendingPathComponent("collections/collection-root/alice/work")
        let start = 1_767_225_600 // 2026-01-01 00:00 UTC
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        for index in 0..<count {
            let begin = Date(timeIntervalSince1970: TimeInterval(start + index % 730 * 86_400 + (8 + index % 10) * 3600))
            let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//koyomi-bench//EN\r\nBEGIN:VEVENT\r\n"
                + "UID:seed-\(index)@bench\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:\(formatter.string(from: begin))\r\n"
                + "DTEND:\(formatter.string(from: begin.addingTimeInterval(3600)))\r\nSUMMARY:Seeded plan \(index)\r\n"
                + "END:VEVENT\r\nEND:VCALENDAR\r\n"
            try Data(text.utf8).write(to: collection.appendingPathComponent("seed-\(index).ics"))
        }
    }

    /// Starts the server and waits (at most 30 s) until it accepts connections.
    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-m", "radicale", "--config", folder.appendingPathComponent("config").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(30)
        while !Self.accepts(port: port) {
            guard Date() < deadline, process.isRunning else {
                throw BenchError("Radicale did not start (apt-get install python3-radicale)")
            }
            usleep(50_000)
        }
    }

    func stop() {
        process?.terminate()
        process?.waitUntilExit()
    }

    private static func accepts(port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                Glibc.bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        guard bound else { throw BenchError("no free port on 127.0.0.1") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
