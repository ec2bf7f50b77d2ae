import CalendarModel
import TestSupport
import XCTest
@testable import Recurrence

/// For random rules with every kind of BY part, expanding month by month (each month's walk
/// jumps straight to it) gives exactly what one walk over the whole range gives, and the
/// occurrences keep the rule's promises (COUNT, UNTIL, order, DTSTART first).
final class RuleExpansionPropertyTests: XCTestCase {
    func testMonthByMonthEqualsTheWholeRangeAtOnce() throws {
        var random = SeededGenerator(seed: 0x5265_6375_7272)
        var occurrences = 0
        for _ in 0..<300 {
            let (expansion, text) = try randomExpansion(using: &random)
            let first = expansion.start.day
            let last = first.adding(days: 900)
            let whole = expansion.occurrences(from: RuleTime(day: first), through: RuleTime(day: last, secondOfDay: 86_399),
                                              limit: 100_000).times
            var pieces: [RuleTime] = []
            var month = try XCTUnwrap(CalendarDay(year: first.year, month: first.month, day: 1))
            while month <= last {
                let next = month.adding(days: month.daysInMonth)
                let end = min(next.adding(days: -1), last)
                pieces += expansion.occurrences(from: RuleTime(day: month), through: RuleTime(day: end, secondOfDay: 86_399),
                                                limit: 100_000).times
                month = next
            }
            XCTAssertEqual(pieces, whole, text)
            XCTAssertEqual(whole.first, expansion.start, "DTSTART is the first occurrence: \(text)")
            XCTAssertEqual(whole, whole.sorted(), text)
            XCTAssertEqual(Set(whole).count, whole.count, "no occurrence twice: \(text)")
            if let count = expansion.rule.count { XCTAssertLessThanOrEqual(whole.count, count, text) }
            if let until = expansion.until { XCTAssertTrue(whole.dropFirst().allSatisfy { $0 <= until }, text) }
            occurrences += whole.count
        }
        XCTAssertGreaterThan(occurrences, 5_000, "the rules gave plenty of occurrences")
    }

    func testEveryOccurrenceMatchesItsRule() throws {
        // A check written apart from the expander: each occurrence of a monthly "last
        // weekday" or "Friday the 13th" rule is what its words say.
        let start = RuleTime(day: CalendarDay(year: 2026, month: 1, day: 30)!, secondOfDay: 9 * 3600)
        let lastWeekday = RuleExpansion(rule: try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"),
                                        start: start, isDate: false, until: nil)
        let days = lastWeekday.occurrences(from: start, through: RuleTime(day: CalendarDay(year: 2036, month: 1, day: 1)!)).times
        XCTAssertEqual(days.count, 120)
        for time in days {
            XCTAssertTrue((2...6).contains(time.day.weekday), "\(time) is a weekday")
            let later = (1...3).map { time.day.adding(days: $0) }.filter { $0.month == time.day.month }
            XCTAssertFalse(later.contains { (2...6).contains($0.weekday) }, "\(time) is the month's last weekday")
        }
        let friday13 = RuleExpansion(rule: try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13"),
                                     start: RuleTime(day: CalendarDay(year: 2026, month: 2, day: 13)!), isDate: true, until: nil)
        let fridays = friday13.occurrences(from: friday13.start, through: RuleTime(day: CalendarDay(year: 2030, month: 1, day: 1)!)).times
        XCTAssertEqual(fridays.map { String($0.description.prefix(8)) },
                       ["20260213", "20260313", "20261113", "20270813", "20281013", "20290413", "20290713"])
    }

    // MARK: - Generating

    private func randomExpansion(using random: inout SeededGenerator) throws -> (RuleExpansion, String) {
        let frequencies = ["YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY"]
        let codes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
        let frequency = frequencies.randomElement(using: &random)!
        var parts = ["FREQ=\(frequency)"]
        func maybe(_ chance: Int) -> Bool { Int.random(in: 0..<chance, using: &random) == 0 }
        func some(_ range: ClosedRange<Int>, signed: Bool, most: Int) -> String {
            (0..<Int.random(in: 1...most, using: &random)).map { _ in
                let value = Int.random(in: range, using: &random)
                return String(signed && Bool.random(using: &random) ? -value : value)
            }.joined(separator: ",")
        }
        if maybe(2) { parts.append("INTERVAL=\(Int.random(in: 1...5, using: &random))") }
        if maybe(3) { parts.append("BYMONTH=" + some(1...12, signed: false, most: 3)) }
        if maybe(3) {
            parts.append("BYDAY=" + (0..<Int.random(in: 1...3, using: &random)).map { _ in
                let ordinal = ["MONTHLY", "YEARLY"].contains(frequency) && maybe(2)
                    ? String([1, 2, 3, -1, -2].randomElement(using: &random)!) : ""
                return ordinal + codes.randomElement(using: &random)!
            }.joined(separator: ","))
        }
        if frequency != "WEEKLY" && maybe(3) { parts.append("BYMONTHDAY=" + some(1...31, signed: true, most: 3)) }
        if frequency == "YEARLY" && maybe(4) { parts.append("BYYEARDAY=" + some(1...366, signed: true, most: 3)) }
        if frequency == "YEARLY" && maybe(4) { parts.append("BYWEEKNO=" + some(1...53, signed: true, most: 2)) }
        if frequency != "HOURLY" && maybe(4) { parts.append("BYHOUR=" + some(0...23, signed: false, most: 2)) }
        if maybe(5) { parts.append("BYMINUTE=" + some(0...59, signed: false, most: 2)) }
        if maybe(4) { parts.append("BYSETPOS=" + some(1...4, signed: true, most: 2)) }
        if maybe(4) { parts.append("WKST=" + codes.randomElement(using: &random)!) }
        if maybe(3) { parts.append("COUNT=\(Int.random(in: 1...60, using: &random))") }
        let year = Int.random(in: 1995...2030, using: &random)
        let day = try XCTUnwrap(CalendarDay(year: year, month: Int.random(in: 1...12, using: &random),
                                            day: Int.random(in: 1...28, using: &random)))
        let start = RuleTime(day: day, secondOfDay: Int.random(in: 0...23, using: &random) * 3600 + 15 * 60)
        var until: RuleTime?
        if maybe(3) { until = RuleTime(day: day.adding(days: Int.random(in: 0...700, using: &random))) }
        let text = parts.joined(separator: ";")
        let rule = try RecurrenceRule(parsing: text)
        let isDate = frequency != "HOURLY" && maybe(4)
        return (RuleExpansion(rule: rule, start: isDate ? RuleTime(day: day) : start, isDate: isDate, until: until),
                "\(text) from \(start)")
    }
}
