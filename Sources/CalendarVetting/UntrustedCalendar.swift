import CalendarEditing
import FileSafety
import Foundation
import ICalendarReading

/// Reading iCalendar files that did not come from Koyomi (imports, drops, later downloads).
///
/// libical 3.0 can crash (in `icalcomponent_normalize`), spin for 20 s or take gigabytes on
/// fuzzed input, so it never sees such a file in Koyomi's own process: a child process
/// (`koyomi --vet-ics FILE`, see `childMain`) parses it under CPU-time and memory limits and
/// reports which components libical reads cleanly. The parent only splits the text into
/// components (pure Swift, no libical) and keeps the accepted ones.
public enum UntrustedCalendar {
    /// Bounds for the child.
    public struct Limits: Hashable, Sendable {
        /// RLIMIT_CPU: SIGXCPU after this many seconds of CPU time.
        public var cpuSeconds: Int
        /// RLIMIT_AS: the child's whole address space, in bytes.
        public var memoryBytes: Int
        /// The parent kills the child after this long, whatever it is doing (e.g. blocked).
        public var wallClockSeconds: Double
        /// Larger files are refused before anything reads them.
        public var maxFileBytes: Int

        public init(cpuSeconds: Int, memoryBytes: Int, wallClockSeconds: Double, maxFileBytes: Int) {
            self.cpuSeconds = cpuSeconds
            self.memoryBytes = memoryBytes
            self.wallClockSeconds = wallClockSeconds
            self.maxFileBytes = maxFileBytes
        }

        /// 10 s of CPU, 1 GiB, 30 s of wall time, files up to 64 MiB.
        public static let standard = Limits(cpuSeconds: 10, memoryBytes: 1 << 30, wallClockSeconds: 30,
                                            maxFileBytes: 64 << 20)

        /// How a child is told the limits it sets on itself.
        var childArguments: [String] { ["--cpu", String(cpuSeconds), "--memory", String(memoryBytes)] }

        /// These limits with those the child was told (`childArguments`) in `arguments`.
        func reading(_ arguments: ArraySlice<String>) -> Limits {
            var limits = self
            var index = arguments.startIndex
            while index + 1 < arguments.endIndex {
                let value = Int(arguments[index + 1])
                switch arguments[index] {
                case "--cpu": limits.cpuSeconds = value ?? limits.cpuSeconds
                case "--memory": limits.memoryBytes = value ?? limits.memoryBytes
                default: break
                }
                index += 2
            }
            return limits
        }
    }

    /// The child's exit status when it ran out of memory (see `UntrustedCalendar+Child`).
    static let outOfMemoryStatus: Int32 = 3

    /// This program's own executable, to pass as `childExecutable` (`/proc/self/exe` resolved).
    public static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
    }

    /// Reads the file at `path` through a child process. Blocks until the child is done (at
    /// most `limits.wallClockSeconds`): call it off the GTK main thread.
    ///
    /// - Parameter childExecutable: a program whose `main` hands `--vet-ics` to `childMain`
    ///   (Koyomi's own executable, `currentExecutable`).
    /// - Throws: `ICalendarError` naming the file: unreadable, no calendar, "took too long to
    ///   read", "needs too much memory", "made the iCalendar parser crash (signal N)".
    public static func read(path: String, childExecutable: String,
                            limits: Limits = .standard) throws(ICalendarError) -> VettedCalendar {
        let fail = { (problem: String) in ICalendarError(path: path, problem: problem) }
        if let size = FileIdentity.of(path: path)?.size, size > limits.maxFileBytes {
            throw fail("is too large to import (\(size / (1 << 20)) MiB; at most \(limits.maxFileBytes / (1 << 20)) MiB)")
        }
        let data = try ICalendarSource.readBytes(path: path, limit: limits.maxFileBytes)
        let document = try split(data, path: path, timeZone: TimeZone(identifier: "UTC") ?? .gmt)

        let outcome = try runChild(childExecutable, ["--vet-ics", path], limits: limits, for: path)
        if let problem = problem(of: outcome, limits: limits) { throw fail(problem) }
        guard let report = try? JSONDecoder().decode(VetReport.self, from: outcome.stdout) else {
            throw fail("could not be checked (the checking process gave no report)")
        }
        if let error = report.error { throw fail(error) }
        guard report.size == data.count, report.hash == VetReport.fingerprint(data),
              report.componentCount == document.components.count else {
            throw fail("changed while it was being read; try again")
        }
        let accepted = Set(report.accepted)
        let components = document.components
        let lines = document.componentLines
        let dropped = Set(components.indices).subtracting(accepted)
        let problems = report.rejected.filter { components.indices.contains($0.index) }.map { rejection in
            "\(CalendarDocument.subject(components[rejection.index])), line \(lines[rejection.index]): \(rejection.reason)"
        }
        return VettedCalendar(document: document.removingComponents(at: dropped), problems: problems)
    }

    /// Runs a checking child (`koyomi --vet-ics` or `--parse-ics`) with `limits` passed on as
    /// arguments and held on the wall clock; one that cannot be started is said about `path`.
    /// `watching` sees the output as it comes (`ChildProcess.run`).
    static func runChild(_ executable: String, _ arguments: [String], limits: Limits, for path: String,
                         watching: ((Data) -> Bool)? = nil) throws(ICalendarError) -> ChildProcess.Outcome {
        do {
            return try ChildProcess.run(executable: executable, arguments: arguments + limits.childArguments,
                                        timeout: limits.wallClockSeconds, watching: watching)
        } catch {
            throw ICalendarError(path: path, problem: "could not be checked: \(error.problem)")
        }
    }

    /// What went wrong with the child, as the end of "<file> …"; nil when it reported normally.
    static func problem(of outcome: ChildProcess.Outcome, limits: Limits) -> String? {
        let tooLong = "took too long to read"
        if outcome.timedOut { return tooLong }
        switch outcome.termination {
        case .exited(0): return nil
        case .exited(outOfMemoryStatus): return "needs too much memory"
        case let .exited(status): return "could not be checked (the checking process exited with status \(status))"
        case .signaled(SIGXCPU): return tooLong
        case .signaled(SIGKILL) where outcome.cpuSeconds >= Double(limits.cpuSeconds) - 0.5: return tooLong
        case let .signaled(signal):
            let said = String(decoding: outcome.stderr, as: UTF8.self).lowercased()
            if said.contains("allocate memory") || said.contains("out of memory") { return "needs too much memory" }
            return "made the iCalendar parser crash (signal \(signal))"
        }
    }

    /// The components of the text, by Koyomi's own splitter (no libical): the same in the
    /// parent and in the child, so the child's indices name the parent's components.
    static func split(_ data: Data, path: String, timeZone: TimeZone) throws(ICalendarError) -> CalendarDocument {
        if data.contains(0) { throw ICalendarError(path: path, problem: "is a binary file, not iCalendar text") }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ICalendarError(path: path, problem: "is not UTF-8 text")
        }
        if let problem = ICalendarSource.problem(withText: text) { throw ICalendarError(path: path, problem: problem) }
        return try CalendarDocument(text: text, sourceName: path, timeZone: timeZone)
    }
}
