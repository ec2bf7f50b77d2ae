import CalendarModel
import TestSupport
import XCTest
@testable import Recurrence

/// Reading RRULE text, and expansions the vector files do not cover.
final class RecurrenceRuleTests: XCTestCase {
    private func problem(_ text: String) -> String? {
        do {
            _ = try RecurrenceRule(parsing: text)
            return nil
        } catch {
            return error.description
        }
    }

    func testUnreadableRulesAreRefusedInWords() {
        XCTAssertEqual(problem("FREQ=FOO"), "FREQ=FOO is not a frequency (SECONDLY … YEARLY)")
        XCTAssertEqual(problem("COUNT=3"), "it has no FREQ")
        XCTAssertEqual(problem("FREQ=DAILY;COUNT=-1"), "COUNT=-1 is not a count of 1 or more")
        XCTAssertEqual(problem("FREQ=DAILY;INTERVAL=0"), "INTERVAL=0 is not a whole number of 1 or more")
        XCTAssertEqual(problem("FREQ=DAILY;UNTIL=2026"), "UNTIL=2026 is not a date (YYYYMMDD) or a date and time")
        XCTAssertEqual(problem("FREQ=DAILY;BYMONTH=0"), "BYMONTH=0: “0” is not in 1…12")
        XCTAssertEqual(problem("FREQ=YEARLY;BYWEEKNO=54"), "BYWEEKNO=54: “54” is not in ±1…53")
        XCTAssertEqual(problem("FREQ=MONTHLY;BYDAY=6MO"), nil, "an ordinal up to 53 is allowed (a yearly one)")
        XCTAssertEqual(problem("FREQ=MONTHLY;BYDAY=0MO"), "BYDAY=0MO: “0MO” has an ordinal outside ±1…53")
        XCTAssertEqual(problem("FREQ=DAILY;FREQ=WEEKLY"), "FREQ is given twice")
        XCTAssertEqual(problem("FREQ=DAILY;WKST=XX"), "WKST=XX is not a weekday (MO, TU, …)")
        XCTAssertNil(problem("freq=weekly;byday=mo,-1fr;wkst=su"), "names and values in any case")
    }

    func testTextReadsBackToTheSameRule() throws {
        for text in ["FREQ=MONTHLY;COUNT=3;BYDAY=-1FR", "FREQ=YEARLY;UNTIL=20301231T235959Z;INTERVAL=2;BYDAY=SU;BYMONTH=3",
                     "FREQ=WEEKLY;BYDAY=MO,WE;WKST=SU", "FREQ=HOURLY;BYSECOND=0,30;BYMINUTE=15;BYSETPOS=1,-1",
                     "FREQ=YEARLY;BYMONTHDAY=-31;BYYEARDAY=-1;BYWEEKNO=-2,53"] {
            let rule = try RecurrenceRule(parsing: text)
            XCTAssertEqual(rule.text, text)
            XCTAssertEqual(try RecurrenceRule(parsing: rule.text), rule)
        }
    }

    private func starts(_ rule: String, from start: String, through end: String = "20400101") throws -> [String] {
        let first = try XCTUnwrap(RecurrenceRule.until(start))
        let last = try XCTUnwrap(RecurrenceRule.until(end))
        let parsed = try RecurrenceRule(parsing: rule)
        let expansion = RuleExpansion(rule: parsed, start: first.time, isDate: first.isDate, until: parsed.until?.time)
        return expansion.occurrences(from: first.time, through: last.time).times.map {
            first.isDate ? String($0.description.prefix(8)) : $0.description
        }
    }

    func testWeekNumbersCrossTheYearAsWKSTSays() throws {
        // December 30th in week 1 of the next year (libical refuses this rule).
        XCTAssertEqual(try starts("FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=30;BYWEEKNO=1;UNTIL=20320101", from: "20241230"),
                       ["20241230", "20251230", "20301230", "20311230"])
        // Monday of week 1 is in December when the year begins late in the week.
        XCTAssertEqual(try starts("FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO;COUNT=4", from: "20250101"),
                       ["20250101", "20251229", "20270104", "20280103"])
        // The last week, counted from the end; 2026 has 53 weeks.
        XCTAssertEqual(try starts("FREQ=YEARLY;BYWEEKNO=-1;BYDAY=TH;COUNT=3", from: "20261231"),
                       ["20261231", "20271230", "20281228"])
    }

    func testNegativeMonthDaysWithDailyAndSetPositionsWithMinutes() throws {
        XCTAssertEqual(try starts("FREQ=DAILY;BYMONTHDAY=-1;COUNT=4", from: "20260131T080000"),
                       ["20260131T080000", "20260228T080000", "20260331T080000", "20260430T080000"])
        XCTAssertEqual(try starts("FREQ=DAILY;BYMINUTE=0,15,30,45;BYHOUR=9;BYSETPOS=-1;COUNT=3", from: "20260101T094500"),
                       ["20260101T094500", "20260102T094500", "20260103T094500"])
        XCTAssertEqual(try starts("FREQ=HOURLY;INTERVAL=5;BYMINUTE=10,50;BYSETPOS=2;COUNT=3", from: "20260101T000000"),
                       ["20260101T000000", "20260101T005000", "20260101T055000"])
    }

    func testRulesThatNeverMatchAreKnownAndCheap() throws {
        for rule in ["FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=31", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=24",
                     "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=DAILY;BYMONTH=4;BYMONTHDAY=31",
                     "FREQ=WEEKLY;BYDAY=MO;BYMONTHDAY=13;BYYEARDAY=1,2,3,4,5",
                     "FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=-30", "FREQ=YEARLY;BYWEEKNO=53;BYMONTH=6"] {
            let expansion = RuleExpansion(rule: try RecurrenceRule(parsing: rule),
                                          start: RuleTime(day: CalendarDay(year: 2026, month: 2, day: 1)!), isDate: false, until: nil)
            XCTAssertFalse(expansion.repeatsAfterStart, rule)
            XCTAssertTrue(expansion.checked().neverRepeats, rule)
        }
        // Rare is not never: Friday the 13th of February, every few years.
        let rare = RuleExpansion(rule: try RecurrenceRule(parsing: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=13;BYDAY=FR"),
                                 start: RuleTime(day: CalendarDay(year: 2026, month: 2, day: 13)!), isDate: true, until: nil)
        XCTAssertTrue(rare.repeatsAfterStart)
        XCTAssertEqual(try starts("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO;COUNT=3", from: "20040229", through: "20500101"),
                       ["20040229", "20160229", "20440229"])
    }

    /// Thousands of random rules, valid or not: each is refused in words or expanded (a month,
    /// its last start, whether it repeats) without trapping; the walks are bounded.
    func testRandomRulesAreRefusedOrExpandedNeverTrap() {
        var random = SeededGenerator(seed: 0x1605)
        func any(_ values: [String]) -> String { values[Int(random.next() % UInt64(values.count))] }
        var refused = 0
        var expanded = 0
        for _ in 0..<3_000 {
            var parts = ["FREQ=" + any(["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY", "FOO"])]
            for name in ["INTERVAL", "COUNT", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY", "BYMONTHDAY", "BYYEARDAY",
                         "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST"] where random.next() % 3 == 0 {
                let number = { any(["1", "2", "3", "7", "12", "13", "29", "31", "53", "59", "366", "-1", "-7", "-53"]) }
                let value = switch name {
                case "BYDAY": (0..<Int(random.next() % 3) + 1).map { _ in any(["", "1", "-1", "2", "5", "53"]) + any(["MO", "TU", "FR", "SU"]) }
                    .joined(separator: ",")
                case "WKST": any(["MO", "SU", "TH"])
                default: (0..<Int(random.next() % 3) + 1).map { _ in number() }.joined(separator: ",")
                }
                parts.append("\(name)=\(value)")
            }
            let text = parts.joined(separator: ";")
            guard let rule = try? RecurrenceRule(parsing: text) else {
                refused += 1
                continue
            }
            expanded += 1
            let day = CalendarDay(year: 2000 + Int(random.next() % 40), month: 1 + Int(random.next() % 12), day: 1 + Int(random.next() % 28))!
            let start = RuleTime(day: day, secondOfDay: Int(random.next() % 86_400))
            let expansion = RuleExpansion(rule: rule, start: start, isDate: random.next() % 4 == 0, until: nil).checked()
            let month = expansion.occurrences(from: RuleTime(day: day.adding(days: 400)), through: RuleTime(day: day.adding(days: 431)))
            XCTAssertLessThanOrEqual(month.times.count, RuleExpansion.occurrenceLimit, text)
            XCTAssertEqual(month.times, month.times.sorted(), text)
            _ = expansion.lastStart()
        }
        XCTAssertGreaterThan(refused, 300, "many are refused")
        XCTAssertGreaterThan(expanded, 300, "and many expanded")
    }

    func testTooManyOccurrencesAreCut() throws {
        let expansion = RuleExpansion(rule: try RecurrenceRule(parsing: "FREQ=SECONDLY"),
                                      start: RuleTime(day: CalendarDay(year: 2026, month: 1, day: 1)!), isDate: false, until: nil)
        let month = expansion.occurrences(from: expansion.start, through: RuleTime(day: CalendarDay(year: 2026, month: 2, day: 1)!))
        XCTAssertEqual(month.times.count, RuleExpansion.occurrenceLimit)
        XCTAssertTrue(month.isCut)
    }
}
