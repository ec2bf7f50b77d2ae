import Foundation

/// Starts a program and waits for it with `wait4`, for the two figures the issue asks of a
/// whole process: wall-clock time from spawn to exit, and peak RSS (`ru_maxrss`).
struct ProcessRunner {
    struct Outcome {
        var status: Int32
        var wallMs: Double
        var peakRSSKiB: Int
        /// User and system CPU time of the process (`ru_utime` + `ru_stime`).
        var cpuMs: Double
        /// Monotonic µs just before the spawn (handed to the app as `KOYOMI_BENCH_SPAWN_US`).
        var spawnMicroseconds: Int64
        var stdout: String
        var stderr: String
    }

    enum Failure: Error, CustomStringConvertible {
        case spawn(String, Int32)
        var description: String {
            switch self {
            case let .spawn(path, code): "cannot start \(path): \(String(cString: strerror(code)))"
            }
        }
    }

    /// Scratch folder for the child's stdout and stderr.
    var scratch: URL

    func run(_ path: String, _ arguments: [String], environment extra: [String: String] = [:],
             passSpawnTime: Bool = false, input: String? = nil) throws -> Outcome {
        let out = scratch.appendingPathComponent("child.out").path
        let err = scratch.appendingPathComponent("child.err").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input {
            let inPath = scratch.appendingPathComponent("child.in").path
            try Data(input.utf8).write(to: URL(fileURLWithPath: inPath))
            posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var environment = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
        let start = Clock.microseconds
        if passSpawnTime { environment["KOYOMI_BENCH_SPAWN_US"] = String(start) }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard code == 0 else { throw Failure.spawn(path, code) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = Double(Clock.microseconds - start) / 1000
        // WIFEXITED / WEXITSTATUS are macros: decode by hand (exit code in bits 8–15).
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        func ms(_ time: timeval) -> Double { Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000 }
        return Outcome(status: exitStatus, wallMs: wall, peakRSSKiB: Int(usage.ru_maxrss),
                       cpuMs: ms(usage.ru_utime) + ms(usage.ru_stime),
                       spawnMicroseconds: start,
                       stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                       stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }
}
