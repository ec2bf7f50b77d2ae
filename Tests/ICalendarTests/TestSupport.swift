import CalendarModel
import Foundation
import ICalendarReading
import XCTest

/// Shared helpers: fixtures from the bundle, fixed zones, and instants written as UTC text.
enum TestSupport {
    static let utc = TimeZone(identifier: "UTC")!
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    /// The tests' loads: never closed, so nothing waits for a first frame.
    static let scheduler = LoadScheduler()

    static func options(_ zone: TimeZone = utc, id: String = "test") -> ICalendarLoadOptions {
        ICalendarLoadOptions(id: CalendarID(id), fallbackColor: "#777777", timeZone: zone, scheduler: scheduler)
    }

    static func fixturePath(_ name: String) -> String {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(name).path
    }

    static func load(_ name: String, zone: TimeZone = utc) throws -> ICalendarFile {
        try ICalendarFile.load(path: fixturePath(name), options: options(zone))
    }

    /// The error a load throws, or a test failure when it loads.
    static func loadError(path: String, file: StaticString = #filePath, line: UInt = #line) -> ICalendarError? {
        do {
            _ = try ICalendarFile.load(path: path, options: options())
            XCTFail("\(path) loaded but should not have", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// "2026-11-10 09:00" in UTC.
    static func date(_ text: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = utc
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text)!
    }

    static func day(_ text: String) -> CalendarDay { CalendarDay(parsing: text)! }

    /// The whole of the given days in `zone`, e.g. days("2026-11-01", "2026-12-01").
    static func days(_ from: String, _ to: String, zone: TimeZone = utc) -> DateInterval {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return DateInterval(start: day(from).start(in: calendar), end: day(to).start(in: calendar))
    }

    static func plan(_ plans: [Plan], uid: String, file: StaticString = #filePath, line: UInt = #line) -> Plan? {
        let found = plans.filter { $0.id.uid == uid }
        XCTAssertEqual(found.count, 1, "plans with UID \(uid)", file: file, line: line)
        return found.first
    }

    /// Start instants of the timed plans with `uid`, sorted.
    /// A timed plan's start and end (distant past for an all-day one).
    static func start(_ plan: Plan) -> Date {
        if case let .timed(start, _) = plan.timing { return start }
        return .distantPast
    }

    static func end(_ plan: Plan) -> Date {
        if case let .timed(_, end) = plan.timing { return end }
        return .distantPast
    }

    static func starts(_ plans: [Plan], uid: String) -> [Date] {
        plans.filter { $0.id.uid == uid }.compactMap { plan -> Date? in
            if case let .timed(start, _) = plan.timing { return start }
            return nil
        }.sorted()
    }
}
