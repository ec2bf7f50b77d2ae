@testable import CalendarEditing
import CalendarModel
import Foundation
@testable import ICalendarReading
import XCTest

/// Repeating plans through DST changes in five zones, read with the system's zone and with
/// the file's own VTIMEZONE alike: a time the clocks skip is read with the offset from before
/// the gap, a time they show twice means the first (RFC 5545 §3.3.5).
final class RecurrenceZoneTests: XCTestCase {
    /// Zone, a daily series' start, the day of the change, and the instant its occurrence on
    /// that day must have (worked out by hand from the zone's offsets).
    private let cases: [(zone: String, start: String, day: String, utc: String, what: String)] = [
        ("Europe/Berlin", "20260327T023000", "2026-03-29", "2026-03-29 01:30", "gap: 02:30 is 03:30 CEST"),
        ("Europe/Berlin", "20261023T023000", "2026-10-25", "2026-10-25 00:30", "fold: the first 02:30 (CEST)"),
        ("America/New_York", "20260306T023000", "2026-03-08", "2026-03-08 07:30", "gap: 02:30 is 03:30 EDT"),
        ("America/New_York", "20261030T013000", "2026-11-01", "2026-11-01 05:30", "fold: the first 01:30 (EDT)"),
        ("Europe/London", "20260327T013000", "2026-03-29", "2026-03-29 01:30", "gap: 01:30 is 02:30 BST"),
        ("Europe/London", "20261023T013000", "2026-10-25", "2026-10-25 00:30", "fold: the first 01:30 (BST)"),
        ("Australia/Sydney", "20261002T023000", "2026-10-04", "2026-10-03 16:30", "gap: 02:30 is 03:30 AEDT"),
        ("Australia/Sydney", "20260403T023000", "2026-04-05", "2026-04-04 15:30", "fold: the first 02:30 (AEDT)"),
        ("America/Santiago", "20260904T003000", "2026-09-06", "2026-09-06 04:30", "gap at midnight: 00:30 is 01:30 -03"),
        ("America/Santiago", "20260402T233000", "2026-04-04", "2026-04-05 02:30", "fold before midnight: the first 23:30 (-03)"),
    ]

    func testDailySeriesThroughEachChangeWithAndWithoutTheFilesZone() throws {
        for item in cases {
            let zone = try XCTUnwrap(TimeZone(identifier: item.zone))
            for withZone in [false, true] {
                var events = """
                    BEGIN:VEVENT
                    UID:daily
                    DTSTART;TZID=\(item.zone):\(item.start)
                    DURATION:PT15M
                    RRULE:FREQ=DAILY;COUNT=5
                    SUMMARY:Daily
                    END:VEVENT

                    """
                if withZone {
                    let vtimezone = try XCTUnwrap(VTimezoneText.component(for: item.zone, lineEnd: "\n"))
                    events = vtimezone.text + events
                }
                let file = try ICalendarFile(text: RecurrenceHandlingTests.calendar(events), sourceName: "zones.ics",
                                             options: TestSupport.options(zone))
                XCTAssertTrue(file.warnings.isEmpty, "\(file.warnings)")
                let starts = file.plans(overlapping: TestSupport.days("2026-01-01", "2027-01-01")).map(TestSupport.start)
                XCTAssertEqual(starts.count, 5, "\(item.zone) \(item.what)")
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = zone
                let onTheDay = starts.filter { CalendarDay($0, in: calendar) == TestSupport.day(item.day) }
                XCTAssertEqual(onTheDay, [TestSupport.date(item.utc)],
                               "\(item.zone) \(item.what), \(withZone ? "the file's VTIMEZONE" : "the system zone")")
                // Every other day keeps the wall time.
                let wall = item.start.dropFirst(9).prefix(4)
                for start in starts where !onTheDay.contains(start) {
                    let parts = calendar.dateComponents([.hour, .minute], from: start)
                    XCTAssertEqual(String(format: "%02d%02d", parts.hour ?? -1, parts.minute ?? -1), String(wall),
                                   "\(item.zone) \(start)")
                }
            }
        }
    }
}
