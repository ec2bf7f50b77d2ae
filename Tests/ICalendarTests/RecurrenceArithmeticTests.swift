import CalendarModel
import Foundation
@testable import ICalendar
import TestSupport
import XCTest

/// The arithmetic expansion of simple rules (`SimpleRecurrence`) must give exactly what
/// libical's iterator gives: the same plans with the same IDs, for any range.
final class RecurrenceArithmeticTests: XCTestCase {
    private let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    func testSeededRandomSimpleRulesMatchLibical() throws {
        var random = SeededGenerator(seed: 0x4B6F_796F_6D69)
        for userZone in ["UTC", "Asia/Tokyo", "America/New_York"] {
            let zone = try XCTUnwrap(TimeZone(identifier: userZone))
            let events = (0..<400).map { randomEvent(index: $0, using: &random) }
            let zones = TimeZoneTable(userZone: zone)
            let masters = try parse(events.joined(), zones: zones)
            XCTAssertEqual(masters.count, events.count)
            let arithmetic = masters.filter { $0.ruleBox?.simple != nil }.count
            XCTAssertGreaterThan(arithmetic, masters.count * 9 / 10, "most generated rules are simple")
            try compare(masters, texts: events, zones: zones, zone: zone, using: &random)
        }
    }

    func testCountFarBeforeTheRangeIsCountedFromDTSTART() throws {
        let text = event(uid: "w", start: "DTSTART:20200106T070000Z", rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=300")
        let zones = TimeZoneTable(userZone: TestSupport.utc)
        let master = try XCTUnwrap(parse(text, zones: zones).first)
        XCTAssertNotNil(master.ruleBox?.simple)
        let (fast, slow) = expanders(zones: zones, zone: TestSupport.utc)
        let range = TestSupport.days("2025-09-01", "2025-10-01")
        let plans = fast.plans(of: master, overlapping: range, replaced: [])
        XCTAssertEqual(plans, slow.plans(of: master, overlapping: range, replaced: []))
        // 300 occurrences, 2 every fortnight: the last fortnight begins on Monday 2025-09-22.
        XCTAssertEqual(plans.compactMap(\.id.occurrence),
                       ["20250908T070000Z", "20250911T070000Z", "20250922T070000Z", "20250925T070000Z"])
    }

    // MARK: - Comparing

    private func compare(_ masters: [EventRecord], texts: [String], zones: TimeZoneTable, zone: TimeZone,
                         using random: inout SeededGenerator) throws {
        let (fast, slow) = expanders(zones: zones, zone: zone)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var occurrences = 0
        for (master, text) in zip(masters, texts) {
            let fastBounds = fast.bounds(of: master), slowBounds = slow.bounds(of: master)
            XCTAssertEqual(fastBounds.earliest, slowBounds.earliest, master.uid)
            XCTAssertEqual(fastBounds.latest, slowBounds.latest, master.uid)
            for _ in 0..<6 {
                let first = CalendarDay(year: Int.random(in: 2016...2033, using: &random),
                                        month: Int.random(in: 1...12, using: &random), day: 1)
                let start = try XCTUnwrap(first).adding(days: Int.random(in: 0...27, using: &random))
                let end = start.adding(days: Int.random(in: 1...75, using: &random))
                let range = DateInterval(start: start.start(in: calendar), end: end.start(in: calendar))
                let expected = slow.plans(of: master, overlapping: range, replaced: [])
                let actual = fast.plans(of: master, overlapping: range, replaced: [])
                XCTAssertEqual(actual.map(\.id), expected.map(\.id), "\(text) in \(start)–\(end)")
                XCTAssertEqual(actual, expected, "\(master.uid) in \(start)–\(end)")
                occurrences += expected.count
            }
        }
        XCTAssertGreaterThan(occurrences, 1000, "the ranges meet many occurrences")
    }

    private func expanders(zones: TimeZoneTable, zone: TimeZone) -> (fast: RecurrenceExpander, slow: RecurrenceExpander) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let fast = RecurrenceExpander(zones: zones, userCalendar: calendar, calendarID: CalendarID("t"))
        var slow = fast
        slow.usesArithmetic = false
        return (fast, slow)
    }

    private func parse(_ events: String, zones: TimeZoneTable) throws -> [EventRecord] {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi tests//EN\r\n" + events + "END:VCALENDAR\r\n"
        let reader = text.withUTF8 {
            ICalendarSource.parse($0, zones: zones, sourceName: "random.ics", calendarID: CalendarID("t"),
                                  userCalendar: Calendar(identifier: .gregorian))
        }
        // Every generated event repeats, so all of them are masters.
        return try XCTUnwrap(reader).events.masters
    }

    // MARK: - Generating

    private func event(uid: String, start: String, rule: String, extra: String = "") -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\n\(start)\r\n\(extra)RRULE:\(rule)\r\nSUMMARY:\(uid)\r\nEND:VEVENT\r\n"
    }

    private func randomEvent(index: Int, using random: inout SeededGenerator) -> String {
        let year = Int.random(in: 2017...2031, using: &random)
        let month = Int.random(in: 1...12, using: &random)
        // Mostly days every month has; some 29th–31st, which stay with libical.
        let maxDay = Int.random(in: 0..<10, using: &random) == 0 ? 31 : 28
        let day = Int.random(in: 1...maxDay, using: &random)
        guard let date = CalendarDay(year: year, month: month, day: day) else {
            return randomEvent(index: index, using: &random)
        }
        let dateText = String(format: "%04d%02d%02d", year, month, day)
        let kind = Int.random(in: 0..<4, using: &random)
        let time = String(format: "T%02d%02d00", Int.random(in: 0...23, using: &random),
                          [0, 15, 30, 45].randomElement(using: &random) ?? 0)
        let start: String
        switch kind {
        case 0: start = "DTSTART;VALUE=DATE:\(dateText)"
        case 1: start = "DTSTART:\(dateText)\(time)"
        case 2: start = "DTSTART:\(dateText)\(time)Z"
        default: start = "DTSTART;TZID=Europe/Berlin:\(dateText)\(time)"
        }
        let length = kind == 0 ? "DURATION:P\(Int.random(in: 1...3, using: &random))D\r\n"
            : "DURATION:PT\(Int.random(in: 0...30, using: &random))H\r\n"
        var parts: [String]
        switch Int.random(in: 0..<4, using: &random) {
        case 0: parts = ["FREQ=DAILY"]
        case 1: parts = ["FREQ=WEEKLY"]
        case 2: parts = ["FREQ=MONTHLY"]
        default: parts = ["FREQ=YEARLY"]
        }
        if Bool.random(using: &random) { parts.append("INTERVAL=\(Int.random(in: 1...4, using: &random))") }
        if parts[0] == "FREQ=WEEKLY", Bool.random(using: &random) {
            var days = Set(weekdays.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random)))
            // Usually DTSTART's own weekday is among them, as the editor writes it.
            if Int.random(in: 0..<5, using: &random) > 0 { days.insert(weekdays[(date.weekday + 5) % 7]) }
            parts.append("BYDAY=" + weekdays.filter(days.contains).joined(separator: ","))
            if Int.random(in: 0..<4, using: &random) == 0 { parts.append("WKST=\(weekdays.randomElement(using: &random) ?? "MO")") }
        }
        switch Int.random(in: 0..<5, using: &random) {
        case 0, 1: parts.append("COUNT=\(Int.random(in: 1...80, using: &random))")
        case 2, 3:
            let until = date.adding(days: Int.random(in: -20...1500, using: &random))
            let untilText = String(format: "%04d%02d%02d", until.year, until.month, until.day)
            parts.append("UNTIL=" + (kind == 0 ? untilText : untilText + time + (kind == 1 ? "" : "Z")))
        default: break
        }
        return event(uid: "e\(index)", start: start, rule: parts.joined(separator: ";"), extra: length)
    }
}
