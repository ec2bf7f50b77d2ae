import Foundation

/// Where the benchmark runs: a private temporary folder (calendars, the app's cache and
/// settings), a display, the `koyomi` binary and the C baseline.
struct BenchEnvironment {
    let folder: URL
    let keep: Bool
    var cacheHome: URL { folder.appendingPathComponent("cache") }

    /// What every timed process gets: a pinned zone and locale, the fastest GTK renderer on
    /// Xvfb (unless set), and folders of its own so no user setting or cache is read.
    var childEnvironment: [String: String] {
        var environment = ["TZ": "UTC", "LANG": "C.UTF-8", "LC_ALL": "", "LC_TIME": "",
                           "XDG_CACHE_HOME": cacheHome.path,
                           "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
        if ProcessInfo.processInfo.environment["GSK_RENDERER"] == nil { environment["GSK_RENDERER"] = "cairo" }
        return environment
    }

    static func prepare(keep: Bool) throws -> BenchEnvironment {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koyomi-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let environment = BenchEnvironment(folder: folder, keep: keep)
        // The model measured in this process caches (if it does) where the app would.
        setenv("XDG_CACHE_HOME", environment.cacheHome.path, 1)
        setenv("TZ", "UTC", 1)
        return environment
    }

    func cleanUp() {
        if keep {
            FileHandle.standardError.write(Data("koyomi-bench: files kept in \(folder.path)\n".utf8))
        } else {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// Without a display, runs this same command again under a private Xvfb and D-Bus session.
    static func runUnderXvfbIfHeadless() {
        let environment = ProcessInfo.processInfo.environment
        guard environment["DISPLAY"] == nil, environment["WAYLAND_DISPLAY"] == nil,
              environment["KOYOMI_BENCH_XVFB"] == nil,
              FileManager.default.isExecutableFile(atPath: "/usr/bin/xvfb-run") else { return }
        setenv("KOYOMI_BENCH_XVFB", "1", 1)
        let arguments = ["/usr/bin/xvfb-run", "-a", "-s", "-screen 0 2560x1600x24", "dbus-run-session", "--",
                         executablePath] + CommandLine.arguments.dropFirst()
        let argv = arguments.map { strdup($0) } + [nil]
        execv(arguments[0], argv)
        FileHandle.standardError.write(Data("koyomi-bench: could not start xvfb-run; running without it\n".utf8))
    }

    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// `koyomi` from the same build as this program; built (release) if it is not there yet.
    func koyomiBinary(explicit: String?) throws -> String {
        if let explicit { return explicit }
        let directory = URL(fileURLWithPath: Self.executablePath).deletingLastPathComponent()
        let candidate = directory.appendingPathComponent("koyomi").path
        if !FileManager.default.isExecutableFile(atPath: candidate) {
            // …/<build-path>/<triple>/release/koyomi-bench
            let buildPath = directory.deletingLastPathComponent().deletingLastPathComponent().path
            let configuration = directory.lastPathComponent
            FileHandle.standardError.write(Data("koyomi-bench: building koyomi (\(configuration))\n".utf8))
            let status = try Self.run("/usr/bin/env", ["swift", "build", "-c", configuration, "--product", "koyomi",
                                                       "--build-path", buildPath])
            guard status == 0, FileManager.default.isExecutableFile(atPath: candidate) else {
                throw BenchError("koyomi is not built: run `swift build -c release --product koyomi` first, or pass --koyomi PATH")
            }
        }
        return candidate
    }

    /// Builds `Benchmarks/first-frame.c` with its script (pkg-config) into the temp folder.
    func buildCProgram() throws -> String {
        try build("build-first-frame", output: "first-frame", what: "the C baseline")
    }

    /// Builds `Benchmarks/screen-poll.c` (XShm, DAMAGE) with its script into the temp folder.
    func buildScreenPoller() throws -> String {
        try build("build-screen-poll", output: "screen-poll", what: "the screen poller")
    }

    private func build(_ scriptName: String, output name: String, what: String) throws -> String {
        let script = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("Benchmarks/\(scriptName)").path
        guard FileManager.default.isExecutableFile(atPath: script) else {
            throw BenchError("run koyomi-bench from the package folder (Benchmarks/\(scriptName) not found)")
        }
        let output = folder.appendingPathComponent(name).path
        // The script names the -dev package to install when one is missing.
        guard try Self.run(script, [output]) == 0 else { throw BenchError("\(what) did not build") }
        return output
    }

    private static func run(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.standardError
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    static var machine: String {
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "?"
        var name = utsname()
        uname(&name)
        let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, Linux \(release)"
    }
}
