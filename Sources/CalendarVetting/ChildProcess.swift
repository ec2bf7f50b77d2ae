import CICal
import Foundation
import ICalendarReading

/// Runs a program to its end with posix_spawn, collecting stdout and stderr, and kills it
/// (SIGKILL) when it runs longer than a wall-clock timeout.
///
/// The pipes are read by blocking `read` calls on plain threads, never with
/// `FileHandle.readabilityHandler`, whose dispatch source crashed libdispatch when a pipe
/// closed. The child is reaped only after the watchdog can no longer signal it, so a kill
/// can never hit a recycled process ID.
enum ChildProcess {
    enum Termination: Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    struct Outcome {
        var termination: Termination
        var stdout: Data
        var stderr: Data
        /// Killed by the wall-clock timeout.
        var timedOut: Bool
        /// User + system CPU time the child used.
        var cpuSeconds: Double
    }

    /// `watching`, when given, is called on the reading thread with all of stdout read so far
    /// after each read, until it returns true (it has seen what it waited for).
    static func run(executable: String, arguments: [String], timeout: Double,
                    watching: ((Data) -> Bool)? = nil) throws(ICalendarError) -> Outcome {
        let fail = { (what: String, code: Int32) in
            ICalendarError(path: executable, problem: "\(what) failed: \(String(cString: strerror(code)))")
        }
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard makePipe(&output) else { throw fail("pipe", errno) }
        guard makePipe(&errors) else {
            let code = errno
            close(output[0])
            close(output[1])
            throw fail("pipe", code)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)

        // Whatever this thread blocks or ignores (a GTK app may block signals on its threads),
        // the child starts with nothing blocked and the limit signals at their defaults.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGXCPU, SIGPIPE, SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGTRAP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        close(output[1])
        close(errors[1])
        guard spawned == 0 else {
            close(output[0])
            close(errors[0])
            throw fail("starting the checking process", spawned)
        }

        let stdoutReader = FDReader(output[0], watching: watching)
        let stderrReader = FDReader(errors[0])
        let watchdog = Watchdog(pid: pid, timeout: timeout)

        // Wait for the exit without reaping, stop the watchdog, then reap.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        let timedOut = watchdog.stop()
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}

        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
        let signal = status & 0x7f
        let termination: Termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
        return Outcome(termination: termination, stdout: stdoutReader.dataUntilEnd(), stderr: stderrReader.dataUntilEnd(),
                       timedOut: timedOut, cpuSeconds: cpu)
    }

    /// A pipe whose ends no other program this process starts inherits: close-on-exec from
    /// the moment it exists (`pipe2`, through the shim: Glibc's Swift overlay has none), since
    /// several checking children are started at once from different threads.
    private static func makePipe(_ fds: inout [Int32]) -> Bool {
        fds.withUnsafeMutableBufferPointer { pipe2($0.baseAddress, O_CLOEXEC) } == 0
    }
}

/// Reads a file descriptor to its end on a thread of its own, then closes it.
private final class FDReader: @unchecked Sendable {
    private let condition = NSCondition()
    private var data = Data()
    private var finished = false

    init(_ fd: Int32, watching: ((Data) -> Bool)? = nil) {
        // Only this thread calls it, one read at a time.
        nonisolated(unsafe) var watching = watching
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                condition.lock()
                if count > 0 { data.append(contentsOf: buffer[0..<count]) } else { finished = true }
                // Shared, not copied: nothing appends until the watcher is done with it.
                let soFar = count > 0 && watching != nil ? data : nil
                condition.broadcast()
                condition.unlock()
                if let soFar, let watch = watching, watch(soFar) { watching = nil }
                if count <= 0 { break }
            }
            close(fd)
        }.start()
    }

    /// Everything read, once the writer closed its end (the child and anything it left behind).
    func dataUntilEnd() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while !finished { condition.wait() }
        return data
    }
}

/// Kills a process with SIGKILL if it is still running after `timeout` seconds.
private final class Watchdog: @unchecked Sendable {
    private let condition = NSCondition()
    private var stopped = false
    private var fired = false

    init(pid: pid_t, timeout: Double) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        Thread { [self] in
            condition.lock()
            defer { condition.unlock() }
            while !stopped {
                if !condition.wait(until: deadline) {
                    // Not yet reaped (the parent reaps only after `stop`), so the ID is still ours.
                    if !stopped {
                        kill(pid, SIGKILL)
                        fired = true
                    }
                    return
                }
            }
        }.start()
    }

    /// Ends the watch; true when the timeout had killed the process.
    func stop() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        stopped = true
        condition.broadcast()
        return fired
    }
}
