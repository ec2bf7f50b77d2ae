import Foundation

/// Figures taken from whole `koyomi` processes, and from the C baseline measured the same way.
struct AppBenchmark {
    struct FirstFrame: Encodable {
        /// Spawn → exit of `koyomi --quit-after-first-frame FILE…` (median of the runs).
        var wallMs: Double
        /// Peak RSS of those runs (the largest), in MiB.
        var peakRSSMiB: Double
        /// Inside the app, from spawn: the first frame and the first frame with every dot.
        /// The cold run had a fresh cache folder; the warm ones reopened unchanged files.
        var firstPaintMs: Double?
        var dotsPaintedColdMs: Double?
        var dotsPaintedWarmMs: Double?
    }

    /// A warm start that opens in the week view (the view the user left), beside the month's.
    struct WeekStart: Encodable {
        var firstPaintMs: Double?
        var dotsPaintedWarmMs: Double?
        /// The month's warm start, run in turn with the week's (the machine's speed moves
        /// between the minutes the first-frame rows and these are measured).
        var monthDotsPaintedWarmMs: Double?
    }

    /// One `--benchmark-interactions` run, summarised.
    struct Interactions: Encodable {
        var page: Summary
        var select: Summary
        var switchToWeek: Summary
        var weekPage: Summary
        /// The resize sweep's steps between 400 and 1600 px wide (the range).
        var resize: Summary
        /// Switches between any two of the four views, and the day and year views' pages.
        var viewSwitch: Summary
        var dayPage: Summary
        var yearPage: Summary
        struct Summary: Encodable {
            var frame: Stats?
            var handler: Stats?
            var model: Stats?
            /// The window thread's CPU time over the same stretch as the frame: the app's own
            /// work, which other programs and the X server do not lengthen.
            var cpu: Stats?
        }
    }

    /// What `InteractionBenchmark` prints (KoyomiApp/Benchmark).
    private struct AppReport: Decodable {
        var firstPaintMs: Double?
        var dotsPaintedMs: Double?
        var page: Samples
        var select: Samples
        var switchToWeek: Samples
        var weekPage: Samples
        var resize: Samples
        var resizeWidths: [Int]
        /// Missing from a koyomi older than the four views.
        var viewSwitch: Samples?
        var dayPage: Samples?
        var yearPage: Samples?
        struct Samples: Decodable {
            var frameMs: [Double]
            var handlerMs: [Double]
            var modelMs: [Double]
            /// Missing from a koyomi older than this field.
            var cpuMs: [Double]?
        }
    }

    var koyomi: String
    var runner: ProcessRunner
    var month: String
    /// The cache folder the app is given (`XDG_CACHE_HOME`), emptied before a cold run.
    var cacheHome: URL
    var environment: [String: String]

    func firstFrame(files: [String], runs: Int) throws -> FirstFrame {
        let arguments = ["--month", month] + files
        try? FileManager.default.removeItem(at: cacheHome)
        let (cold, coldPeak) = try appRun(arguments: ["--benchmark-interactions", "0"] + arguments)
        var walls: [Double] = []
        // The cold run parses the files and writes the cache: usually the largest of all.
        var peak = coldPeak
        for _ in 0..<max(1, runs) {
            let outcome = try checked(runner.run(koyomi, ["--quit-after-first-frame"] + arguments, environment: environment))
            walls.append(outcome.wallMs)
            peak = max(peak, outcome.peakRSSKiB)
        }
        var firsts = cold.firstPaintMs.map { [$0] } ?? []
        var warm: [Double] = []
        for _ in 0..<max(1, runs) {
            let report = try appReport(arguments: ["--benchmark-interactions", "0"] + arguments)
            if let first = report.firstPaintMs { firsts.append(first) }
            if let dots = report.dotsPaintedMs { warm.append(dots) }
        }
        return FirstFrame(wallMs: Stats(walls)?.median ?? 0, peakRSSMiB: Double(peak) / 1024,
                          firstPaintMs: Stats(firsts)?.median, dotsPaintedColdMs: cold.dotsPaintedMs,
                          dotsPaintedWarmMs: Stats(warm)?.median)
    }

    /// Warm starts in the week view (settings of their own that say the week was left open),
    /// each followed by a warm start in the month view with settings that say the month was.
    func weekStart(files: [String], runs: Int, configHome: URL) throws -> WeekStart {
        func starter(_ view: String) throws -> AppBenchmark {
            let folder = configHome.appendingPathComponent(view)
            let settings = folder.appendingPathComponent("koyomi/settings.ini")
            try FileManager.default.createDirectory(at: settings.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("[Window]\nview=\(view)\n".utf8).write(to: settings)
            var run = self
            run.environment["XDG_CONFIG_HOME"] = folder.path
            return run
        }
        let week = try starter("week"), month = try starter("month")
        let arguments = ["--benchmark-interactions", "0", "--month", self.month] + files
        var firsts: [Double] = [], dots: [Double] = [], monthDots: [Double] = []
        for _ in 0..<max(1, runs) {
            let report = try week.appReport(arguments: arguments)
            if let first = report.firstPaintMs { firsts.append(first) }
            if let painted = report.dotsPaintedMs { dots.append(painted) }
            if let painted = try month.appReport(arguments: arguments).dotsPaintedMs { monthDots.append(painted) }
        }
        return WeekStart(firstPaintMs: Stats(firsts)?.median, dotsPaintedWarmMs: Stats(dots)?.median,
                         monthDotsPaintedWarmMs: Stats(monthDots)?.median)
    }

    /// The C baseline: spawn → exit, median of the runs, and its peak RSS.
    func baseline(_ path: String, runs: Int) throws -> (wallMs: Double, peakRSSMiB: Double) {
        var walls: [Double] = []
        var peak = 0
        for _ in 0..<max(1, runs) {
            let outcome = try checked(runner.run(path, [], environment: environment))
            walls.append(outcome.wallMs)
            peak = max(peak, outcome.peakRSSKiB)
        }
        return (Stats(walls)?.median ?? 0, Double(peak) / 1024)
    }

    /// `window`: a window size to start at (settings of its own in `configHome`), e.g. one
    /// whose month cells are roomy (chips and bars, issue 19); nil: the default window.
    func interactions(files: [String], count: Int, window: (width: Int, height: Int, configHome: URL)? = nil) throws
        -> Interactions {
        var run = self
        if let window {
            let settings = window.configHome.appendingPathComponent("koyomi/settings.ini")
            try FileManager.default.createDirectory(at: settings.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("[Window]\nwidth=\(window.width)\nheight=\(window.height)\n".utf8).write(to: settings)
            run.environment["XDG_CONFIG_HOME"] = window.configHome.path
        }
        let report = try run.appReport(arguments: ["--benchmark-interactions", String(count), "--month", month] + files)
        func summary(_ samples: AppReport.Samples?) -> Interactions.Summary {
            guard let samples else { return .init() }
            return .init(frame: Stats(samples.frameMs), handler: Stats(samples.handlerMs), model: Stats(samples.modelMs),
                         cpu: samples.cpuMs.flatMap { Stats($0) })
        }
        let inRange = report.resizeWidths.map { (400...1600).contains($0) }
        func resized(_ values: [Double]) -> [Double] { zip(values, inRange).filter(\.1).map(\.0) }
        let resize = AppReport.Samples(frameMs: resized(report.resize.frameMs), handlerMs: resized(report.resize.handlerMs),
                                       modelMs: resized(report.resize.modelMs), cpuMs: report.resize.cpuMs.map(resized))
        return Interactions(page: summary(report.page), select: summary(report.select),
                            switchToWeek: summary(report.switchToWeek), weekPage: summary(report.weekPage),
                            resize: summary(resize), viewSwitch: summary(report.viewSwitch),
                            dayPage: summary(report.dayPage), yearPage: summary(report.yearPage))
    }

    private func appReport(arguments: [String]) throws -> AppReport {
        try appRun(arguments: arguments).report
    }

    /// One timed app run: its report and its peak RSS in KiB.
    private func appRun(arguments: [String]) throws -> (report: AppReport, peakRSSKiB: Int) {
        let outcome = try checked(runner.run(koyomi, arguments, environment: environment, passSpawnTime: true))
        guard let line = outcome.stdout.split(separator: "\n").last(where: { $0.hasPrefix("{") }),
              let report = try? JSONDecoder().decode(AppReport.self, from: Data(line.utf8)) else {
            throw BenchError("koyomi printed no timings: \(outcome.stdout.prefix(300)) \(outcome.stderr.prefix(500))")
        }
        return (report, outcome.peakRSSKiB)
    }

    private func checked(_ outcome: ProcessRunner.Outcome) throws -> ProcessRunner.Outcome {
        guard outcome.status == 0 else {
            throw BenchError("a timed process exited with status \(outcome.status): \(outcome.stderr.prefix(800))")
        }
        return outcome
    }
}
