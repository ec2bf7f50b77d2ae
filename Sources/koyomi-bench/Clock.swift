import Foundation

/// The benchmark's own clock: CLOCK_MONOTONIC, the clock GLib's `g_get_monotonic_time` reads,
/// so times taken here and inside the app (`KOYOMI_BENCH_SPAWN_US`) are comparable.
enum Clock {
    static var microseconds: Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1000
    }

    /// Runs `body` and returns its result with the milliseconds it took.
    static func measure<T>(_ body: () throws -> T) rethrows -> (value: T, ms: Double) {
        let start = microseconds
        let value = try body()
        return (value, Double(microseconds - start) / 1000)
    }
}

/// Median and 99th percentile (nearest rank) of a sample.
struct Stats: Encodable {
    var count: Int
    var median: Double
    var p99: Double
    var max: Double

    init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        count = sorted.count
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        let rank = Int((0.99 * Double(sorted.count)).rounded(.up)) - 1
        p99 = sorted[Swift.max(0, Swift.min(sorted.count - 1, rank))]
        max = sorted[sorted.count - 1]
    }
}
