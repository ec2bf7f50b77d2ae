import Foundation

/// Everything one benchmark run measured, as printed in JSON.
struct BenchReport: Encodable {
    struct Baselines: Encodable {
        /// `koyomi` on one calendar with no plans.
        var emptyApp: AppBenchmark.FirstFrame
        /// `Benchmarks/first-frame.c`: the same widget tree in C (spawn → exit, median).
        var cProgramWallMs: Double
        var cProgramPeakRSSMiB: Double
    }

    struct Size: Encodable {
        var plans: Int
        var files: Int
        var load: LoadBenchmark.Figures
        var firstFrame: AppBenchmark.FirstFrame
        var interactions: AppBenchmark.Interactions
        /// The same in a 1280 × 900 window, where the month's cells show chips and bars.
        var roomyInteractions: AppBenchmark.Interactions
        var weekStart: AppBenchmark.WeekStart
        /// nil: search could not be measured (see `searchNote`).
        var search: SearchBenchmark.Figures?
        var searchNote: String?
        var save: SaveBenchmark.Figures
        var targets: [Target] = []
    }

    /// One of the issue's targets, checked on this machine's figures.
    struct Target: Encodable {
        var name: String
        /// What was measured, over what it is compared with (a ratio, or milliseconds / limit).
        var ratio: Double
        var limit: Double
        /// `ratio / limit`: at most 1 when met.
        var ofLimit: Double
        var met: Bool
        var detail: String
        /// A limit in milliseconds (compared with 1) rather than a ratio to another figure.
        var isTime: Bool

        init(_ name: String, _ measured: Double?, over base: Double, limit: Double, _ detail: String) {
            self.name = name
            ratio = measured.map { base > 0 ? $0 / base : .infinity } ?? .infinity
            self.limit = limit
            ofLimit = ratio / limit
            met = ratio <= limit
            self.detail = detail
            isTime = base == 1
        }

        private enum CodingKeys: String, CodingKey { case name, ratio, limit, ofLimit, met, detail, isTime }

        /// JSON has no infinity: a figure that was not measured is written as null.
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(ratio.isFinite ? ratio : nil, forKey: .ratio)
            try container.encode(limit, forKey: .limit)
            try container.encode(ofLimit.isFinite ? ofLimit : nil, forKey: .ofLimit)
            try container.encode(met, forKey: .met)
            try container.encode(detail, forKey: .detail)
            try container.encode(isTime, forKey: .isTime)
        }
    }

    var date: String
    var machine: String
    var runs: Int
    var interactions: Int
    var baselines: Baselines
    /// Issue 21: koyomi's start against the C floor, per renderer.
    var startup: [StartupBenchmark.Renderer]
    /// Issue 21: the first painted frame and the events on screen, read from the X screen.
    var screen: ScreenBenchmark.Report
    var sizes: [Size] = []

    /// The issue's targets (stated for 100,000 plans; checked at every size).
    static func targets(for size: Size, baselines: Baselines) -> [Target] {
        let empty = baselines.emptyApp
        func ms(_ value: Double?) -> String { value.map { String(format: "%.1f ms", $0) } ?? "n/a" }
        var targets = [
            Target("first frame ≤ 1.2× empty app", size.firstFrame.firstPaintMs, over: empty.firstPaintMs ?? 0, limit: 1.2,
                   "\(ms(size.firstFrame.firstPaintMs)) vs \(ms(empty.firstPaintMs)) (in-app, from spawn)"),
            Target("dots painted ≤ 1.2× libical parse", size.firstFrame.dotsPaintedColdMs, over: size.load.libicalParseMs,
                   limit: 1.2, "\(ms(size.firstFrame.dotsPaintedColdMs)) from spawn, cold vs \(ms(size.load.libicalParseMs))"),
            Target("reopen ≤ 0.3× libical parse", size.load.reopenMs, over: size.load.libicalParseMs, limit: 0.3,
                   "\(ms(size.load.reopenMs)) vs \(ms(size.load.libicalParseMs))"),
        ]
        for (name, summary) in [("page", size.interactions.page), ("select", size.interactions.select)] {
            targets.append(Target("\(name) model p99 ≤ 2 ms", summary.model?.p99, over: 1, limit: 2,
                                  "p99 \(ms(summary.model?.p99)), median \(ms(summary.model?.median))"))
            targets.append(Target("\(name) frame p99 ≤ 16.7 ms", summary.frame?.p99, over: 1, limit: 16.7,
                                  "p99 \(ms(summary.frame?.p99)), median \(ms(summary.frame?.median))"))
        }
        // Issue 19: the roomy month pages and selects as fast as the dots do.
        for (name, summary) in [("roomy page", size.roomyInteractions.page), ("roomy select", size.roomyInteractions.select)] {
            targets.append(Target("\(name) frame p99 ≤ 16.7 ms", summary.frame?.p99, over: 1, limit: 16.7,
                                  "p99 \(ms(summary.frame?.p99)), median \(ms(summary.frame?.median))"))
        }
        // Issue 19: widening the window from 400 to 1600 px and back never takes a frame over 33 ms.
        let resize = size.roomyInteractions.resize.frame
        targets.append(Target("resize 400–1600 px frame ≤ 33 ms", resize?.max, over: 1, limit: 33,
                              "slowest \(ms(resize?.max)), median \(ms(resize?.median))"))
        // Issue 18: a start in the week view paints its plans within the month's figures.
        // Against the month's starts run in turn with the week's.
        let monthStart = size.weekStart.monthDotsPaintedWarmMs
        targets.append(Target("week start: plans painted ≤ 1.1× month's", size.weekStart.dotsPaintedWarmMs,
                              over: monthStart ?? 0, limit: 1.1,
                              "\(ms(size.weekStart.dotsPaintedWarmMs)) vs \(ms(monthStart)) from spawn, warm, in turn"))
        // Issue 18: the week view's switch and paging, to the painted frame.
        for (name, summary) in [("month → week", size.interactions.switchToWeek), ("week page", size.interactions.weekPage)] {
            targets.append(Target("\(name) frame p99 ≤ 16.7 ms", summary.frame?.p99, over: 1, limit: 16.7,
                                  "p99 \(ms(summary.frame?.p99)), median \(ms(summary.frame?.median))"))
        }
        // Issue 36: the views as peers: any switch, and the day and year views' pages, to the
        // painted frame (medians), and a year page's window-thread time.
        for (name, summary) in [("view switch", size.interactions.viewSwitch), ("day page", size.interactions.dayPage),
                                ("year page", size.interactions.yearPage)] {
            targets.append(Target("\(name) frame median ≤ 16.7 ms", summary.frame?.median, over: 1, limit: 16.7,
                                  "median \(ms(summary.frame?.median)), p99 \(ms(summary.frame?.p99))"))
        }
        let yearCPU = size.interactions.yearPage.cpu
        targets.append(Target("year page window-thread CPU median ≤ 5 ms", yearCPU?.median, over: 1, limit: 5,
                              "median \(ms(yearCPU?.median)), p99 \(ms(yearCPU?.p99))"))
        targets.append(Target("search keystroke ≤ 10 ms", size.search?.keystroke?.max, over: 1, limit: 10,
                              size.search.map { "slowest \(ms($0.keystroke?.max)), median \(ms($0.keystroke?.median))" }
                                  ?? "TODO: \(size.searchNote ?? "not measured")"))
        targets.append(Target("peak RSS ≤ 2× empty app", size.firstFrame.peakRSSMiB, over: empty.peakRSSMiB, limit: 2,
                              String(format: "%.1f MiB vs %.1f MiB", size.firstFrame.peakRSSMiB, empty.peakRSSMiB)))
        targets.append(Target("save ≤ 0.5 s", size.save.saveMaxMs, over: 1, limit: 500,
                              "slowest \(ms(size.save.saveMaxMs)), median \(ms(size.save.saveMs))"))
        return targets
    }
}
