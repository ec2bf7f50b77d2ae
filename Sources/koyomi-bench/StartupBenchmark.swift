import Foundation

/// Issue 21's start-up figures: koyomi on an empty calendar and on the bundled samples against
/// the C floor (`Benchmarks/first-frame.c`, the same widget tree and libraries), each process
/// timed from spawn to its exit after the first painted frame, with its peak RSS. Runs are
/// interleaved (floor, empty, samples, floor, …) so that the machine's drift reaches all three
/// alike, once with the cairo renderer and once with GTK's GL renderer (what a desktop with
/// Mesa gets; llvmpipe under Xvfb).
struct StartupBenchmark {
    struct Renderer: Encodable {
        var name: String
        var floorWallMs: Double
        var emptyWallMs: Double
        var samplesWallMs: Double
        var floorPeakRSSMiB: Double
        var emptyPeakRSSMiB: Double
        var emptyRatio: Double { emptyWallMs / floorWallMs }
        var samplesRatio: Double { samplesWallMs / floorWallMs }
        var memoryRatio: Double { emptyPeakRSSMiB / floorPeakRSSMiB }
    }

    static let renderers = [("cairo", "cairo"), ("GL", "gl")]

    var koyomi: String
    var floor: String
    var emptyCalendar: String
    var runner: ProcessRunner
    var environment: [String: String]

    func run(runs: Int) throws -> [Renderer] {
        try Self.renderers.map { name, value in
            var environment = self.environment
            environment["GSK_RENDERER"] = value
            var walls: [[Double]] = [[], [], []], peaks = [0, 0]
            let programs: [(String, [String])] = [
                (floor, []),
                (koyomi, ["--quit-after-first-frame", emptyCalendar]),
                (koyomi, ["--quit-after-first-frame", "--samples"]),
            ]
            for _ in 0..<max(1, runs) {
                for (index, program) in programs.enumerated() {
                    let outcome = try runner.run(program.0, program.1, environment: environment)
                    guard outcome.status == 0 else {
                        throw BenchError("\(program.0) \(program.1.joined(separator: " ")) failed: \(outcome.stderr.prefix(400))")
                    }
                    walls[index].append(outcome.wallMs)
                    if index < 2 { peaks[index] = max(peaks[index], outcome.peakRSSKiB) }
                }
            }
            func median(_ values: [Double]) -> Double { Stats(values)?.median ?? 0 }
            return Renderer(name: name, floorWallMs: median(walls[0]), emptyWallMs: median(walls[1]),
                            samplesWallMs: median(walls[2]), floorPeakRSSMiB: Double(peaks[0]) / 1024,
                            emptyPeakRSSMiB: Double(peaks[1]) / 1024)
        }
    }

    /// The table and the issue's targets for start-up.
    static func render(_ rows: [Renderer]) -> String {
        func ms(_ value: Double) -> String { String(format: "%.1f ms", value) }
        func times(_ value: Double) -> String { String(format: "%.2f×", value) }
        var lines = ["start-up against the C floor (spawn → exit after the first frame, medians):"]
        for row in rows {
            lines.append("  \(row.name): floor \(ms(row.floorWallMs)), empty calendar \(ms(row.emptyWallMs)) "
                + "(\(times(row.emptyRatio))), samples \(ms(row.samplesWallMs)) (\(times(row.samplesRatio))); peak RSS "
                + String(format: "%.1f vs %.1f MiB", row.emptyPeakRSSMiB, row.floorPeakRSSMiB) + " (\(times(row.memoryRatio)))")
        }
        for row in rows {
            for (what, ratio, limit) in [("empty calendar's first frame", row.emptyRatio, 1.1),
                                         ("samples' first frame", row.samplesRatio, 1.1),
                                         ("empty window's peak RSS", row.memoryRatio, 1.2)] {
                lines.append("  \(ratio <= limit ? "OK    " : "MISSED") \(what) (\(row.name)) ≤ "
                    + String(format: "%.1f", limit) + "× the floor: \(times(ratio))")
            }
        }
        return lines.joined(separator: "\n")
    }
}
