import CalendarModel
import Foundation
import ICalendarReading
import TestSupport
import XCTest

/// Range queries read an index of single events and skip series that cannot reach the range;
/// what they return must be exactly what a scan of every plan returns.
final class RangeQueryTests: XCTestCase {
    /// Seeded events of every shape: all-day and multi-day, timed, instant, one very long.
    private func calendarText(count: Int) -> (text: String, spans: [String: DateInterval]) {
        var generator = SeededGenerator(seed: 4)
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Koyomi tests//EN"]
        var spans: [String: DateInterval] = [:]
        let base = TestSupport.date("2026-01-01 00:00")
        for number in 0..<count {
            let start = base.addingTimeInterval(TimeInterval(Int.random(in: 0..<365, using: &generator)) * 86_400
                                                + TimeInterval(Int.random(in: 0..<24, using: &generator)) * 3600)
            let days = number == 7 ? 200 : Int.random(in: 0..<4, using: &generator)
            let seconds = days == 0 ? Int.random(in: 0...3, using: &generator) * 1800 : days * 86_400
            let end = start.addingTimeInterval(TimeInterval(seconds))
            lines += ["BEGIN:VEVENT", "UID:e\(number)", "SUMMARY:Event \(number)",
                      "DTSTART:\(Self.utcText(start))", "DTEND:\(Self.utcText(end))", "END:VEVENT"]
            spans["e\(number)"] = DateInterval(start: start, end: end)
        }
        lines += ["END:VCALENDAR", ""]
        return (lines.joined(separator: "\r\n"), spans)
    }

    private static func utcText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TestSupport.utc
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }

    func testRangeQueriesMatchAScanOfEveryPlan() throws {
        let (text, spans) = calendarText(count: 400)
        let file = try ICalendarFile(text: text, sourceName: "many.ics", options: TestSupport.options())
        var generator = SeededGenerator(seed: 9)
        for _ in 0..<60 {
            let start = TestSupport.date("2025-12-01 00:00")
                .addingTimeInterval(TimeInterval(Int.random(in: 0..<(420 * 24), using: &generator)) * 3600)
            let window = DateInterval(start: start, duration: TimeInterval(Int.random(in: 0...42, using: &generator)) * 86_400)
            let expected = Set(spans.filter { Plan.span($0.value, overlaps: window) }.keys)
            let found = file.plans(overlapping: window).map(\.id.uid)
            XCTAssertEqual(found.count, Set(found).count, "each plan once")
            XCTAssertEqual(Set(found), expected, "window \(window)")
        }
    }

    func testFinishedSeriesAreSkippedAndOpenOnesStillFound() throws {
        let text = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//EN
        BEGIN:VEVENT
        UID:counted
        DTSTART:20200106T090000Z
        DTEND:20200106T100000Z
        RRULE:FREQ=WEEKLY;COUNT=3
        SUMMARY:Three Mondays
        END:VEVENT
        BEGIN:VEVENT
        UID:until
        DTSTART;VALUE=DATE:20200101
        RRULE:FREQ=MONTHLY;UNTIL=20200301
        SUMMARY:Three months
        END:VEVENT
        BEGIN:VEVENT
        UID:open
        DTSTART;VALUE=DATE:20200215
        RRULE:FREQ=YEARLY
        RDATE;VALUE=DATE:20190101
        SUMMARY:Every year
        END:VEVENT
        END:VCALENDAR
        """
        let file = try ICalendarFile(text: text, sourceName: "series.ics", options: TestSupport.options())
        let january = file.plans(overlapping: TestSupport.days("2020-01-01", "2020-02-01"))
        XCTAssertEqual(january.filter { $0.id.uid == "counted" }.count, 3)
        XCTAssertEqual(january.filter { $0.id.uid == "until" }.count, 1)
        XCTAssertEqual(file.plans(overlapping: TestSupport.days("2020-03-01", "2020-03-02")).map(\.id.uid), ["until"])
        XCTAssertTrue(file.plans(overlapping: TestSupport.days("2020-04-01", "2020-05-01")).isEmpty)
        XCTAssertEqual(file.plans(overlapping: TestSupport.days("2040-02-15", "2040-02-16")).map(\.id.uid), ["open"])
        XCTAssertEqual(file.plans(overlapping: TestSupport.days("2019-01-01", "2019-01-02")).map(\.id.uid), ["open"],
                       "an RDATE before DTSTART still counts")
    }
}
