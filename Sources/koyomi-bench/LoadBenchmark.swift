import CICal
import CalendarModel
import CalendarVetting
import Foundation
import ICalendarReading

/// Load: file → model ready (`ICalendarFile.load` of every file, then the store's first
/// layout index: the 42 decorations of the first month), beside libical's own whole-tree
/// parse (`icalparser_parse_string`, freed after) of the same files in the same run.
struct LoadBenchmark {
    struct Figures: Encodable {
        /// The first load in this process (a reopen cache, if any, is cold: fresh cache folder).
        var firstMs: Double
        /// Median of the later loads of the same unchanged files (a reopen).
        var reopenMs: Double?
        /// The first load as the app and `koyomi list` make it of files they have not read
        /// before: parsed by `koyomi --parse-ics` under limits (`ParseGuard`), no reopen cache.
        var guardedFirstMs: Double?
        var libicalParseMs: Double
        var plansRead: Int
        var bytes: Int
    }

    var paths: [String]
    var month: YearMonth
    var today: CalendarDay
    var timeZone: TimeZone
    /// The `koyomi` that parses versions not read before.
    var koyomi: String

    func run(runs: Int) throws -> Figures {
        var loads: [Double] = []
        var plansRead = 0
        for _ in 0..<max(1, runs) {
            let (count, ms) = try Clock.measure { try loadOnce() }
            loads.append(ms)
            plansRead = count
        }
        var parses: [Double] = []
        for _ in 0..<max(1, runs) {
            parses.append(try paths.reduce(0.0) { $0 + (try libicalParse(path: $1)) })
        }
        let bytes = paths.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int) ?? 0) }
        var guarded: [Double] = []
        for _ in 0..<max(1, runs) {
            // A trust folder of its own each time: every file is one not read before.
            let trust = FileManager.default.temporaryDirectory.appendingPathComponent("koyomi-bench-trust-\(UUID())")
            defer { try? FileManager.default.removeItem(at: trust) }
            let parseGuard = ParseGuard(childExecutable: koyomi, trust: ParseTrust(folder: trust.path))
            guarded.append(try Clock.measure { try loadOnce(parseGuard: parseGuard) }.ms)
        }
        return Figures(firstMs: loads[0], reopenMs: Stats(Array(loads.dropFirst()))?.median,
                       guardedFirstMs: Stats(guarded)?.median, libicalParseMs: Stats(parses)?.median ?? 0, plansRead: plansRead, bytes: bytes)
    }

    /// Loads every file and builds the first layout's index; returns the events read.
    private func loadOnce(parseGuard: ParseGuard? = nil) throws -> Int {
        var sources: [ICalendarFile] = []
        // No window here: nothing holds the loading threads back.
        let scheduler = LoadScheduler()
        for path in paths {
            var options = ICalendarLoadOptions(id: CalendarID(path), fallbackColor: CalendarPalette.first, timeZone: timeZone,
                                               scheduler: scheduler)
            if let parseGuard {
                options.parseDelegate = parseGuard
                options.cacheFolder = nil
            }
            sources.append(try ICalendarFile.load(path: path, options: options))
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let store = CalendarStore(sources: sources, calendar: calendar, today: today, visibleMonth: month,
                                  firstWeekday: 2)
        var dots = 0
        for day in store.layout.days { dots += store.decoration(for: day).planCount }
        precondition(dots >= 0)
        return sources.reduce(0) { $0 + $1.eventCount }
    }

    /// libical's raw parse of one file: read it, parse the whole text into a tree, free it.
    /// Reading the file is timed too, as `ICalendarFile.load` reads it as well.
    private func libicalParse(path: String) throws -> Double {
        try Clock.measure {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            var bytes = [CChar](repeating: 0, count: data.count + 1)
            bytes.withUnsafeMutableBytes { buffer in _ = data.copyBytes(to: buffer) }
            let root = bytes.withUnsafeMutableBufferPointer { icalparser_parse_string($0.baseAddress) }
            if let root { icalcomponent_free(root) }
        }.ms
    }
}
