import CalendarModel
import Foundation

// koyomi-bench: issue 4's benchmark harness (docs/performance.md). Every figure comes from
// this program's own monotonic clock, wait4's rusage, or the app's frame clock.

let options: BenchOptions
do {
    options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("koyomi-bench: \(error)\n".utf8))
    exit(2)
}

func log(_ text: String) {
    FileHandle.standardError.write(Data("koyomi-bench: \(text)\n".utf8))
}

if options.recurrence {
    do {
        log("recurrence: the costliest rules, \(options.runs) runs each")
        print(RecurrenceBenchmark.render(try RecurrenceBenchmark().run(runs: options.runs)))
        exit(0)
    } catch {
        log("\(error)")
        exit(1)
    }
}

if options.reminders {
    do {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("koyomi-bench-reminders-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        log("reminders: 100,000 plans, \(options.runs) runs")
        print(ReminderBenchmark.render(try ReminderBenchmark().run(count: 100_000, runs: options.runs, folder: folder)))
    } catch {
        log("\(error)")
        exit(1)
    }
    exit(0)
}

if options.quickAdd {
    log("quick add: \(QuickAddBenchmark.phrases.count) phrases, \(options.runs) runs")
    print(QuickAddBenchmark.render(QuickAddBenchmark().run(runs: options.runs)))
    exit(0)
}

if options.holidays {
    log("holidays: each year of 1955–2099, \(options.runs) runs")
    print(HolidayBenchmark.render(HolidayBenchmark().run(runs: options.runs)))
    exit(0)
}

BenchEnvironment.runUnderXvfbIfHeadless()

do {
    let environment = try BenchEnvironment.prepare(keep: options.keepFiles)
    defer { environment.cleanUp() }
    let koyomi = try environment.koyomiBinary(explicit: options.koyomiPath)
    if let sizes = options.syncSizes {
        let bench = SyncBenchmark(koyomi: koyomi, runner: ProcessRunner(scratch: environment.folder), folder: environment.folder)
        var rows: [SyncBenchmark.Row] = []
        for count in sizes {
            log("sync, \(count) plans")
            rows.append(try bench.run(count: count))
        }
        print(SyncBenchmark.render(rows))
        environment.cleanUp()
        exit(0)
    }
    let cProgram = try environment.buildCProgram()
    let zone = TimeZone(identifier: "UTC") ?? .current
    let month = YearMonth(year: 2026, month: 6) ?? YearMonth(parsing: "2026-06")!
    let today = CalendarDay(year: 2026, month: 6, day: 15) ?? month.firstDay
    let app = AppBenchmark(koyomi: koyomi, runner: ProcessRunner(scratch: environment.folder), month: month.description,
                           cacheHome: environment.cacheHome, environment: environment.childEnvironment)

    let emptyPath = environment.folder.appendingPathComponent("empty.ics")
    try PlanGenerator.writeEmpty(to: emptyPath)
    func startupRows() throws -> [StartupBenchmark.Renderer] {
        log("start-up against the C floor, cairo and GL renderers (\(options.runs) runs each, interleaved)")
        return try StartupBenchmark(koyomi: koyomi, floor: cProgram, emptyCalendar: emptyPath.path,
                                    runner: ProcessRunner(scratch: environment.folder),
                                    environment: environment.childEnvironment).run(runs: options.runs)
    }
    func screenRuns() throws -> ScreenBenchmark.Report {
        let peer = options.peer && PeerCalendar.isInstalled
        if options.peer && !peer { log(PeerCalendar.missing) }
        log("start-up on screen: the floor and koyomi at \(ScreenBenchmark.plans) plans, warm and cold"
            + (peer ? ", and GNOME Calendar" : "") + " (\(options.runs) runs each, interleaved)")
        let folder = environment.folder.appendingPathComponent("screen")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var poller = ScreenPoller(poller: try environment.buildScreenPoller(),
                                  runner: ProcessRunner(scratch: environment.folder), folder: folder)
        if environment.keep {
            let pictures = folder.appendingPathComponent("pictures")
            try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
            poller.pictures = pictures
        }
        var bench = ScreenBenchmark(koyomi: koyomi, floor: cProgram, poller: poller, folder: folder,
                                    environment: environment.childEnvironment, peer: options.peer)
        return try bench.run(runs: options.runs)
    }
    func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let json = try encoder.encode(value)
        print("")
        print(String(decoding: json, as: UTF8.self))
        if let path = options.jsonPath {
            try json.write(to: URL(fileURLWithPath: path))
            log("JSON written to \(path)")
        }
    }
    let date = ISO8601DateFormatter().string(from: Date())

    if options.onlyStartup {
        let startup = try startupRows()
        let screen = try screenRuns()
        print(StartupBenchmark.render(startup))
        print("")
        print(ScreenBenchmark.render(screen))
        try printJSON(StartupReport(date: date, machine: BenchEnvironment.machine, runs: options.runs, startup: startup,
                                    screen: screen))
        environment.cleanUp()
        exit(0)
    }

    log("baselines: empty calendar and the C program (\(options.runs) runs each)")
    let emptyApp = try app.firstFrame(files: [emptyPath.path], runs: options.runs)
    let c = try app.baseline(cProgram, runs: options.runs)
    let startup = try startupRows()
    let screen = try screenRuns()
    var report = BenchReport(date: date, machine: BenchEnvironment.machine,
                             runs: options.runs, interactions: options.interactions,
                             baselines: .init(emptyApp: emptyApp, cProgramWallMs: c.wallMs, cProgramPeakRSSMiB: c.peakRSSMiB),
                             startup: startup, screen: screen)

    for count in options.sizes {
        log("\(count) plans: generating")
        let files = try PlanGenerator().writeSet(count: count, into: environment.folder)
        let single = environment.folder.appendingPathComponent("all-\(count).ics")
        try PlanGenerator().writeSingle(count: count, to: single)
        log("\(count) plans: load and libical parse")
        try? FileManager.default.removeItem(at: environment.cacheHome)
        let load = try LoadBenchmark(paths: files, month: month, today: today, timeZone: zone, koyomi: koyomi).run(runs: options.runs)
        log("\(count) plans: first frame, memory")
        let firstFrame = try app.firstFrame(files: files, runs: options.runs)
        log("\(count) plans: paging and selecting in the app")
        let interactions = try app.interactions(files: files, count: options.interactions)
        log("\(count) plans: paging, selecting and resizing (400–1600 px) a 1280 × 900 window (roomy month: chips and bars)")
        let roomy = try app.interactions(files: files, count: options.interactions,
                                         window: (1280, 900, environment.folder.appendingPathComponent("config-roomy")))
        log("\(count) plans: starting in the week view, and in the month view in turn")
        let weekStart = try app.weekStart(files: files, runs: options.runs,
                                          configHome: environment.folder.appendingPathComponent("config-week"))
        log("\(count) plans: search")
        let search = try SearchBenchmark(paths: files, month: month, today: today, timeZone: zone).run()
        log("\(count) plans: save")
        let save = try SaveBenchmark(path: single.path, timeZone: zone).run(runs: options.runs)
        var size = BenchReport.Size(plans: count, files: files.count, load: load, firstFrame: firstFrame,
                                    interactions: interactions, roomyInteractions: roomy, weekStart: weekStart,
                                    search: search, searchNote: nil,
                                    save: save)
        size.targets = BenchReport.targets(for: size, baselines: report.baselines)
        report.sizes.append(size)
        // --keep leaves the generated calendars for profiling the app on them.
        if !environment.keep {
            for path in files + [single.path] { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    print(BenchTable.render(report))
    print("")
    print(StartupBenchmark.render(startup))
    print("")
    print(ScreenBenchmark.render(screen))
    try printJSON(report)
} catch {
    log("\(error)")
    exit(1)
}
