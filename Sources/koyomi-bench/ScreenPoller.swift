import Foundation

/// One program as the screen poller starts it.
struct ScreenProgram {
    var executable: String
    var arguments: [String]
    /// XDG folders, renderer, settings backend: merged over this process's environment.
    var environment: [String: String]
    /// The window's size: the poller reads this region (and a margin) from the top-left corner,
    /// where a window lands on Xvfb with no window manager.
    var width: Int
    var height: Int
}

/// What `Benchmarks/screen-poll` saw of one start (its JSON).
struct ScreenCapture: Decodable {
    struct Change: Decodable {
        var ms: Double
        var hash: String
    }

    struct Process: Decodable {
        var pid: Int
        var name: String
        var peakKiB: Int
    }

    /// "settled", "exited" (the floor quits after its first frame), "timeout" or "unreadable".
    var outcome: String
    /// "damage": read whenever the X server reported drawing; "poll": every few ms.
    var reading: String
    /// The picture before the spawn (the empty X root).
    var reference: String
    var changedOutsideRegion: Bool
    var changes: [Change]
    /// Live processes of the run when the screen settled, with their peak RSS so far.
    var processes: [Process]
    var exitStatus: Int
    /// The program's own ru_maxrss, to its exit.
    var peakKiB: Int

    /// Spawn → the first picture that differs from the empty root.
    var firstFrameMs: Double? { changes.first { $0.hash != reference }?.ms }

    /// The settled picture, if the screen settled.
    var finalPicture: String? { outcome == "settled" ? changes.last?.hash : nil }

    /// Spawn → the first picture equal to the settled one.
    var settledMs: Double? { finalPicture.flatMap { final in changes.first { $0.hash == final }?.ms } }

    /// Session plumbing every program on a desktop finds already running: not counted as the
    /// program's memory.
    static let sessionProcesses: Set<String> = ["dbus-daemon", "at-spi-bus-launcher", "at-spi2-registryd"]

    /// The program's processes at the settle (itself and what its bus started for it, e.g. a
    /// data server): each one's own peak, summed.
    var peakRSSKiB: Int {
        let own = processes.filter { !Self.sessionProcesses.contains($0.name) }
        return own.isEmpty ? peakKiB : own.reduce(0) { $0 + $1.peakKiB }
    }
}

/// Runs `Benchmarks/screen-poll` for one program in a private session bus and decodes what it saw.
struct ScreenPoller {
    var poller: String
    var runner: ProcessRunner
    var folder: URL
    /// The picture must not change for this long to count as settled.
    var settleMs = 1500
    var timeoutMs = 60000
    /// Where each run's settled picture is written (`--keep`), named after the run; nil: nowhere.
    var pictures: URL?
    private var runs = 0

    init(poller: String, runner: ProcessRunner, folder: URL) {
        self.poller = poller
        self.runner = runner
        self.folder = folder
    }

    /// `notSettled`: a picture that does not count as settled (the empty month), so that a
    /// program still showing it after `settleMs` is waited for.
    mutating func run(_ program: ScreenProgram, notSettled: String? = nil, label: String) throws -> ScreenCapture {
        runs += 1
        let session = try PrivateSession(run: runs, folder: folder, environment: program.environment)
        defer { session.stop() }
        var arguments = ["--region", "\(program.width + 32)x\(program.height + 32)", "--settle", String(settleMs),
                         "--timeout", String(timeoutMs), "--tag", session.tag]
        if let notSettled { arguments += ["--not", notSettled] }
        if let pictures { arguments += ["--last", pictures.appendingPathComponent("\(runs)-\(label).ppm").path] }
        arguments += ["--", program.executable] + program.arguments
        let outcome = try runner.run(poller, arguments, environment: session.environment(program.environment))
        guard outcome.status == 0, let line = outcome.stdout.split(separator: "\n").last,
              let capture = try? JSONDecoder().decode(ScreenCapture.self, from: Data(line.utf8)) else {
            throw BenchError("screen-poll failed for \(program.executable): \(outcome.stdout.suffix(300)) \(outcome.stderr.suffix(600))")
        }
        return capture
    }
}
