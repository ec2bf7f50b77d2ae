import CalendarModel
import Foundation
import ICalendarReading

/// Shared helpers (the few of ICalendarTests' the vetting tests use): fixtures from the
/// bundle, a fixed zone, load options, days.
enum TestSupport {
    static let utc = TimeZone(identifier: "UTC")!

    /// The tests' loads: never closed, so nothing waits for a first frame.
    static let scheduler = LoadScheduler()

    static func options(_ zone: TimeZone = utc, id: String = "test") -> ICalendarLoadOptions {
        ICalendarLoadOptions(id: CalendarID(id), fallbackColor: "#777777", timeZone: zone, scheduler: scheduler)
    }

    static func fixturePath(_ name: String) -> String {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(name).path
    }

    static func day(_ text: String) -> CalendarDay { CalendarDay(parsing: text)! }

    /// The whole of the given days in `zone`, e.g. days("2026-11-01", "2026-12-01").
    static func days(_ from: String, _ to: String, zone: TimeZone = utc) -> DateInterval {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return DateInterval(start: day(from).start(in: calendar), end: day(to).start(in: calendar))
    }
}
