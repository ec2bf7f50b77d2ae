import Foundation

/// Issue 21's start-up figures as a user sees them, read from the X screen from outside every
/// program (`Benchmarks/screen-poll`): spawn → the first painted frame, and spawn → the events
/// on screen (the first picture equal to the one the screen settles on, which must differ
/// from the same program's empty month). koyomi opens the generated calendar warm (its reopen
/// cache and trust stamps from a run before) and cold (empty XDG folders: nothing cached or
/// trusted, so every file is parsed in a child first), against the C floor's first frame; with
/// `--peer gnome-calendar`, GNOME Calendar opens the same files the same way. Runs are
/// interleaved (floor, koyomi warm, koyomi cold, …), once per renderer; every run has a session
/// bus of its own (`PrivateSession`), and the programs are stopped once the screen has settled.
struct ScreenBenchmark {
    /// Medians over the runs of one program in one mode.
    struct Figures: Encodable {
        var firstFrameMs: Double?
        var eventsMs: Double?
        /// Every run's figures, in run order (the medians' spread).
        var firstFrameRunsMs: [Double]
        var eventsRunsMs: [Double]
        /// The largest over the runs of the program's processes' peaks summed (`ScreenCapture.peakRSSKiB`).
        var peakRSSMiB: Double
        /// Per process name, its largest peak: where the memory is.
        var processesMiB: [String: Double]
        var runs: Int
        /// Runs whose screen settled on a picture other than the empty month.
        var settled: Int
        /// Different settled pictures over the runs: 1 when every run ended on the same screen.
        var pictures: Int
        var drewOutsideRegion: Bool

        init(_ captures: [ScreenCapture]) {
            func median(_ values: [Double]) -> Double? { Stats(values)?.median }
            firstFrameRunsMs = captures.compactMap(\.firstFrameMs)
            eventsRunsMs = captures.compactMap(\.settledMs)
            firstFrameMs = median(firstFrameRunsMs)
            eventsMs = median(eventsRunsMs)
            peakRSSMiB = Double(captures.map(\.peakRSSKiB).max() ?? 0) / 1024
            var processes: [String: Double] = [:]
            for capture in captures {
                for process in capture.processes where !ScreenCapture.sessionProcesses.contains(process.name) {
                    processes[process.name] = max(processes[process.name] ?? 0, Double(process.peakKiB) / 1024)
                }
            }
            processesMiB = processes
            runs = captures.count
            settled = captures.filter { $0.finalPicture != nil }.count
            pictures = Set(captures.compactMap(\.finalPicture)).count
            drewOutsideRegion = captures.contains { $0.changedOutsideRegion }
        }
    }

    /// One program measured warm and cold.
    struct Pair: Encodable {
        var program: String
        var width: Int
        var height: Int
        var warm: Figures
        var cold: Figures
        /// Whether warm and cold runs settled on the same picture (the same screen, as they should).
        var sameFinalPicture: Bool
    }

    struct Renderer: Encodable {
        var name: String
        var floorFirstFrameMs: Double?
        var floorFirstFrameRunsMs: [Double]
        var floorPeakRSSMiB: Double
        /// koyomi in its default window, the floor's size: the ratios.
        var koyomi: Pair
        /// `--peer`: koyomi and GNOME Calendar in one larger window each.
        var wideKoyomi: Pair?
        var peer: Pair?

        /// The two ratios: koyomi's events on screen against the floor's first frame.
        var targets: [BenchReport.Target] = []

        mutating func checkTargets(plans: Int) {
            func ms(_ value: Double?) -> String { value.map { String(format: "%.1f ms", $0) } ?? "n/a" }
            targets = [("warm", koyomi.warm.eventsMs, 1.3), ("cold", koyomi.cold.eventsMs, 2.0)].map { mode, events, limit in
                BenchReport.Target("events on screen at \(plans.formatted()) plans, \(mode) (\(name)) ≤ "
                                   + String(format: "%.1f", limit) + "× the floor's first frame",
                                   events, over: floorFirstFrameMs ?? 0, limit: limit,
                                   "\(ms(events)) vs \(ms(floorFirstFrameMs)) from spawn, read from the screen")
            }
        }
    }

    struct Report: Encodable {
        var month: String
        var plans: Int
        var runs: Int
        var settleMs: Int
        /// "gnome-calendar", or why the peer was not measured; nil when not asked for.
        var peer: String?
        var loadBefore: String
        var loadAfter: String
        var renderers: [Renderer]
    }

    /// The size of the window `--peer` compares in: GNOME Calendar folds its month view away
    /// below about 800 px, and on a desktop it opens maximized.
    static let wide = (width: 1280, height: 900)
    /// koyomi's default window, and the floor's.
    static let standard = (width: 720, height: 760)
    static let plans = 10_000

    var koyomi: String
    var floor: String
    var poller: ScreenPoller
    var folder: URL
    var environment: [String: String]
    var peer: Bool

    mutating func run(runs: Int) throws -> Report {
        let loadBefore = Self.loadAverage
        let month = Self.currentMonth
        let calendars = try Calendars(folder: folder.appendingPathComponent("calendars"), plans: Self.plans)
        var renderers: [Renderer] = []
        for (name, value) in StartupBenchmark.renderers {
            var environment = self.environment
            environment["GSK_RENDERER"] = value
            // One shader cache for every run: "cold" is about the calendar, not about Mesa.
            environment["MESA_SHADER_CACHE_DIR"] = folder.appendingPathComponent("mesa").path
            var subjects = [Subject.koyomi(koyomi, month: month, environment: environment, size: Self.standard)]
            if peer && PeerCalendar.isInstalled {
                subjects.append(.koyomi(koyomi, month: month, environment: environment, size: Self.wide))
                subjects.append(.gnomeCalendar(environment: environment, size: Self.wide))
            }
            renderers.append(try run(renderer: name, subjects: subjects, calendars: calendars, environment: environment,
                                     runs: runs))
        }
        let peerState: String? = peer ? (PeerCalendar.isInstalled ? "gnome-calendar" : PeerCalendar.missing) : nil
        return Report(month: month, plans: Self.plans, runs: runs, settleMs: poller.settleMs, peer: peerState,
                      loadBefore: loadBefore, loadAfter: Self.loadAverage, renderers: renderers)
    }

    private mutating func run(renderer: String, subjects: [Subject], calendars: Calendars,
                              environment: [String: String], runs: Int) throws -> Renderer {
        let floorProgram = ScreenProgram(executable: floor, arguments: [], environment: environment,
                                         width: Self.standard.width, height: Self.standard.height)
        var references: [String] = []
        var warmHomes: [XDGHome] = []
        for (index, subject) in subjects.enumerated() {
            log("screen, \(renderer): \(subject.name)'s empty month, and a first run to warm its cache")
            let empty = try XDGHome.empty(at: folder.appendingPathComponent("home-empty"))
            defer { empty.remove() }
            guard let reference = try subject.run(with: &poller, home: empty, files: calendars.empty,
                                                  label: "\(renderer)-empty").finalPicture else {
                throw BenchError("\(subject.name) did not settle on its empty month (\(renderer))")
            }
            references.append(reference)
            let warm = try XDGHome.empty(at: folder.appendingPathComponent("home-warm-\(index)"))
            _ = try subject.run(with: &poller, home: warm, files: calendars.full, notSettled: reference,
                                label: "\(renderer)-warm-up")
            warmHomes.append(warm)
        }
        defer { warmHomes.forEach { $0.remove() } }
        var floorCaptures: [ScreenCapture] = []
        var warm = Array(repeating: [ScreenCapture](), count: subjects.count)
        var cold = warm
        for round in 1...max(1, runs) {
            log("screen, \(renderer): round \(round) of \(runs)")
            floorCaptures.append(try poller.run(floorProgram, label: "floor-\(renderer)"))
            for (index, subject) in subjects.enumerated() {
                warm[index].append(try subject.run(with: &poller, home: warmHomes[index], files: calendars.full,
                                                   notSettled: references[index], label: "\(renderer)-warm"))
                let fresh = try XDGHome.empty(at: folder.appendingPathComponent("home-cold"))
                defer { fresh.remove() }
                cold[index].append(try subject.run(with: &poller, home: fresh, files: calendars.full,
                                                   notSettled: references[index], label: "\(renderer)-cold"))
            }
        }
        let pairs = subjects.indices.map { index in
            let warmFigures = Figures(warm[index]), coldFigures = Figures(cold[index])
            let warmPictures = Set(warm[index].compactMap(\.finalPicture))
            let coldPictures = Set(cold[index].compactMap(\.finalPicture))
            return Pair(program: subjects[index].name, width: subjects[index].width, height: subjects[index].height,
                        warm: warmFigures, cold: coldFigures, sameFinalPicture: warmPictures == coldPictures)
        }
        let floorFirstFrames = floorCaptures.compactMap(\.firstFrameMs)
        var figures = Renderer(name: renderer, floorFirstFrameMs: Stats(floorFirstFrames)?.median,
                               floorFirstFrameRunsMs: floorFirstFrames,
                               floorPeakRSSMiB: Double(floorCaptures.map(\.peakKiB).max() ?? 0) / 1024, koyomi: pairs[0],
                               wideKoyomi: pairs.count > 2 ? pairs[1] : nil, peer: pairs.count > 2 ? pairs[2] : nil)
        figures.checkTargets(plans: Self.plans)
        return figures
    }

    /// Today's month in UTC (the zone every program gets): GNOME Calendar opens on it.
    static var currentMonth: String {
        var calendar = Foundation.Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        let parts = calendar.dateComponents([.year, .month], from: Date())
        return String(format: "%04d-%02d", parts.year ?? 2026, parts.month ?? 1)
    }

    /// The machine's load when the runs began and ended (the machine may be shared).
    static var loadAverage: String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?")
            .split(separator: " ").prefix(3).joined(separator: " ")
    }
}
