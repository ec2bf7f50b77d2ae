import Foundation
import TestSupport
import XCTest

/// A small, seeded fuzz loop over the bundled calendars (issue 22): each run mutates a real
/// calendar (truncation, duplicated, swapped or lost lines, random bytes, huge counts, deep
/// nesting), puts it among the user's calendars beside one that stays untouched, and runs
/// `koyomi list` and, now and then, `koyomi add` on it. Every run must end within its time
/// limit with exit 0 or 2, never by a signal, and leave the other calendar byte for byte.
///
/// Bounded: at most `budget` seconds in all, whatever the machine. The seed is printed with any
/// failure; `KOYOMI_FUZZ_SEED` replays one.
final class CalendarFuzzTests: XCTestCase {
    private static let budget: TimeInterval = 40
    private static let perRun: TimeInterval = 20

    private static let dataFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("data")

    func testMutatedCalendarsEndInTimeCleanlyAndTouchNothingElse() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["KOYOMI_FUZZ_SEED"] ?? "") ?? 2026_12_01
        var random = SeededGenerator(seed: seed)
        let samples = try ["personal.ics", "work.ics", "holidays.ics"].map {
            try Data(contentsOf: Self.dataFolder.appendingPathComponent($0))
        }
        let home = try TestEnvironment.makeFolder("koyomi-fuzz")
        defer { try? FileManager.default.removeItem(at: home) }
        let calendars = home.appendingPathComponent("koyomi/calendars")
        try FileManager.default.createDirectory(at: calendars, withIntermediateDirectories: true)
        let other = calendars.appendingPathComponent("other.ics")
        try samples[1].write(to: other)
        let fuzzed = calendars.appendingPathComponent("fuzzed.ics")

        let start = Date()
        var runs = 0
        while Date().timeIntervalSince(start) < Self.budget {
            let mutation = Mutation.allCases[Int(random.next() % UInt64(Mutation.allCases.count))]
            let input = mutation.apply(to: samples[Int(random.next() % 3)], using: &random)
            try input.write(to: fuzzed)
            var commands = [["list", "--month", "2026-11"]]
            if runs % 4 == 0 { commands.append(["add", "--title", "Fuzz", "--start", "2026-11-10T10:00", "--calendar", "fuzzed"]) }
            if runs % 3 == 1 { commands.append(["reminders", "--days", "60"]) }
            for command in commands {
                let result = try TestEnvironment.koyomi(command, dataHome: home, timeout: Self.perRun)
                let context = "seed \(seed), run \(runs), \(mutation), koyomi \(command.joined(separator: " "))"
                XCTAssertFalse(result.timedOut, "did not end within \(Int(Self.perRun)) s: \(context)")
                XCTAssertFalse(result.wasSignalled, "ended by signal \(result.status): \(context)\n\(result.stderr)")
                XCTAssertTrue([0, 1, 2].contains(result.status) && (result.status != 1 || command[0] == "add"),
                              "exit \(result.status): \(context)\n\(result.stderr)")
                XCTAssertEqual(try Data(contentsOf: other), samples[1], "the other calendar changed: \(context)")
                if result.status != 0 {
                    XCTAssertFalse(result.stderr.isEmpty, "a failure without a word: \(context)")
                }
            }
            runs += 1
        }
        XCTAssertGreaterThan(runs, 10, "the loop ran")
        print("fuzz: \(runs) runs with seed \(seed)")
    }
}

/// How a calendar is spoiled.
private enum Mutation: CaseIterable {
    case truncate, duplicateLine, swapLines, dropLine, randomBytes, hugeCount, deepNesting, randomRule, randomAlarm

    func apply(to data: Data, using random: inout SeededGenerator) -> Data {
        var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\r\n")
        func pick() -> Int { Int(random.next() % UInt64(max(lines.count, 1))) }
        switch self {
        case .truncate:
            return data.prefix(Int(random.next() % UInt64(data.count)))
        case .duplicateLine:
            let index = pick()
            lines.insert(contentsOf: Array(repeating: lines[index], count: Int(random.next() % 50) + 1), at: index)
        case .swapLines:
            lines.swapAt(pick(), pick())
        case .dropLine:
            lines.remove(at: pick())
        case .randomBytes:
            var bytes = [UInt8](data)
            for _ in 0..<Int(random.next() % 20) + 1 {
                bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: Int(random.next() % UInt64(bytes.count)))
            }
            return Data(bytes)
        case .hugeCount:
            let rules = ["RRULE:FREQ=SECONDLY", "RRULE:FREQ=MINUTELY;COUNT=999999999", "RRULE:FREQ=DAILY;INTERVAL=0",
                         "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "RRULE:FREQ=DAILY;UNTIL=99991231T000000Z",
                         "RDATE:" + Array(repeating: "20261110T100000Z", count: 20_000).joined(separator: ",")]
            if let index = lines.firstIndex(where: { $0.hasPrefix("DTSTART") }) {
                lines.insert(rules[Int(random.next() % UInt64(rules.count))], at: index + 1)
            }
        case .randomRule:
            // Any mix of parts, values in and out of range (issue 16): read, expanded or refused, never a hang.
            func any(_ values: [String]) -> String { values[Int(random.next() % UInt64(values.count))] }
            var parts = ["FREQ=" + any(["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY", "FOO", ""])]
            for name in ["INTERVAL", "COUNT", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY", "BYMONTHDAY", "BYYEARDAY",
                         "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST", "UNTIL"] where random.next() % 3 == 0 {
                let number = any(["0", "1", "2", "7", "13", "31", "53", "60", "366", "-1", "-53", "-367", "999999999", "x"])
                let value = switch name {
                case "BYDAY": any(["MO", "1MO", "-1FR", "53SU", "0TU", "MO,TU,WE,TH,FR", "XX"])
                case "WKST": any(["MO", "SU", "XX"])
                case "UNTIL": any(["20261231", "20261231T235959Z", "99991231T000000Z", "1900", "20260230"])
                default: (0..<Int(random.next() % 3) + 1).map { _ in number }.joined(separator: ",")
                }
                parts.append("\(name)=\(value)")
            }
            if let index = lines.firstIndex(where: { $0.hasPrefix("DTSTART") }) {
                lines.insert("RRULE:" + parts.shuffled(using: &random).joined(separator: ";"), at: index + 1)
            }
        case .randomAlarm:
            if let index = lines.firstIndex(of: "END:VEVENT") {
                func any(_ values: [String]) -> String { values[Int(random.next() % UInt64(values.count))] }
                lines.insert(contentsOf: ["BEGIN:VALARM", "ACTION:" + any(["DISPLAY", "AUDIO", "EMAIL", "X"]),
                                          "TRIGGER" + any([":-PT15M", ";RELATED=END:PT0S", ";VALUE=DATE-TIME:20261110T090000Z",
                                                           ":-P99999W", ":soon", ":", ":P"]),
                                          any(["REPEAT:3", "REPEAT:-1", "REPEAT:999999999", ""]),
                                          any(["DURATION:PT1M", "DURATION:PT0S", "DURATION:x", ""]), "END:VALARM"], at: index)
            }
        case .deepNesting:
            if let index = lines.firstIndex(of: "END:VEVENT") {
                let depth = Int(random.next() % 5000) + 1
                lines.insert(contentsOf: Array(repeating: "BEGIN:VALARM", count: depth)
                             + Array(repeating: "END:VALARM", count: depth), at: index)
            }
        }
        return Data(lines.joined(separator: "\r\n").utf8)
    }
}
