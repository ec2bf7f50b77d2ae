import Foundation
import TestSupport
@testable import KoyomiApp
import XCTest

/// The hidden `--benchmark-interactions N` option that `koyomi-bench` drives. Only the shape
/// of what it prints is checked here, never how fast anything is.
final class InteractionBenchmarkTests: XCTestCase {
    func testOptionParsesAndStaysOutOfTheHelp() throws {
        XCTAssertEqual(try LaunchOptions.parse(["--benchmark-interactions", "3", "a.ics"]),
                       .run(LaunchOptions(files: ["a.ics"], benchmarkInteractions: 3)))
        XCTAssertEqual(try LaunchOptions.parse(["--benchmark-interactions=0"]),
                       .run(LaunchOptions(benchmarkInteractions: 0)))
        for bad in [["--benchmark-interactions"], ["--benchmark-interactions", "-1"], ["--benchmark-interactions=x"]] {
            XCTAssertThrowsError(try LaunchOptions.parse(bad), "\(bad)")
        }
        XCTAssertFalse(LaunchOptions.usage.contains("benchmark"))
    }

    private struct Printed: Decodable {
        var firstPaintMs: Double?
        var dotsPaintedMs: Double?
        var page: Samples
        var select: Samples
        var switchToWeek: Samples
        var weekPage: Samples
        var resize: Samples
        var resizeWidths: [Int]
        struct Samples: Decodable {
            var frameMs: [Double]
            var handlerMs: [Double]
            var modelMs: [Double]
        }
    }

    /// Also the sweep of widths from a phone to a wide screen (issue 19) over the samples, whose
    /// bars and chips change the most with the width, up in the month and down in the week:
    /// GTK says nothing about sizes on stderr.
    func testRunPagesSelectsUsesTheWeekAndResizesThenPrintsOneJSONObjectAndQuits() throws {
        let folder = try TestEnvironment.makeFolder("koyomi-interactions")
        defer { try? FileManager.default.removeItem(at: folder) }
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        let spawn = Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1000

        let process = Process()
        process.executableURL = TestEnvironment.koyomiBinary
        process.arguments = ["--benchmark-interactions", "2", "--month", "2026-11", "--samples"]
        process.environment = TestEnvironment.childEnvironment([
            "KOYOMI_BENCH_SPAWN_US": String(spawn),
            "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
        ])
        let out = Pipe(), errorPipe = Pipe()
        process.standardOutput = out
        process.standardError = errorPipe
        let errors = PipeReader(errorPipe)
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = errors.textUntilEnd()
        XCTAssertEqual(process.terminationStatus, 0, stderr)
        for complaint in ["-WARNING", "-CRITICAL"] {
            XCTAssertFalse(stderr.contains(complaint), "GTK complained:\n\(stderr)")
        }

        let line = try XCTUnwrap(String(decoding: stdout, as: UTF8.self).split(separator: "\n").last)
        let printed = try JSONDecoder().decode(Printed.self, from: Data(line.utf8))
        // Two pages forward and two back, then two days selected, two switches to the week and
        // two weeks forward and two back; every action has all three times.
        XCTAssertEqual(printed.page.frameMs.count, 4)
        XCTAssertEqual(printed.select.frameMs.count, 2)
        XCTAssertEqual(printed.switchToWeek.frameMs.count, 2)
        XCTAssertEqual(printed.weekPage.frameMs.count, 4)
        // 360 px up to 2560 and back down, every step shown.
        XCTAssertEqual(printed.resizeWidths.first, 360)
        XCTAssertEqual(printed.resizeWidths.max(), 2560)
        XCTAssertEqual(printed.resizeWidths.last, 360)
        XCTAssertEqual(printed.resize.frameMs.count, printed.resizeWidths.count)
        for samples in [printed.page, printed.select, printed.switchToWeek, printed.weekPage, printed.resize] {
            XCTAssertEqual(samples.handlerMs.count, samples.frameMs.count)
            XCTAssertEqual(samples.modelMs.count, samples.frameMs.count)
            // The frame is painted after the handler has returned.
            for (handler, frame) in zip(samples.handlerMs, samples.frameMs) {
                XCTAssertGreaterThanOrEqual(frame, handler)
            }
            XCTAssertTrue(samples.modelMs.allSatisfy { $0 >= 0 })
        }
        let first = try XCTUnwrap(printed.firstPaintMs)
        let dots = try XCTUnwrap(printed.dotsPaintedMs)
        XCTAssertGreaterThan(first, 0)
        XCTAssertGreaterThanOrEqual(dots, first)
    }
}
