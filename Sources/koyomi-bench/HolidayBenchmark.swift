import CalendarModel
import Foundation

/// Issue 40's figure: how long computing one year of Japan's holidays takes (the built-in
/// calendar computes a year the first time a view or `koyomi list` asks for it). Every year
/// of 1955–2099, `runs` times, uncached: the median, p99 and the slowest.
struct HolidayBenchmark {
    struct Row {
        var stats: Stats?
        var slowestYear: Int
    }

    func run(runs: Int) -> Row {
        var times: [(ms: Double, year: Int)] = []
        var count = 0
        for _ in 0..<max(1, runs) {
            for year in 1955...2099 {
                let (holidays, ms) = Clock.measure { JapaneseHolidays.holidays(in: year) }
                count += holidays.count
                times.append((ms, year))
            }
        }
        precondition(count > 0)
        return Row(stats: Stats(times.map(\.ms)), slowestYear: times.max { $0.ms < $1.ms }?.year ?? 0)
    }

    static func render(_ row: Row) -> String {
        guard let stats = row.stats else { return "no samples" }
        return String(format: "one year of Japan's holidays computed in %.4f ms (median), %.4f ms (p99), slowest %.4f ms "
                      + "(%d) over %d computations — goal well under 1 ms: %@",
                      stats.median, stats.p99, stats.max, row.slowestYear, stats.count,
                      (stats.p99 < 0.1 ? "OK" : "MISSED") as NSString)
    }
}
