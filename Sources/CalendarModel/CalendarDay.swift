import Foundation

/// A civil date (year, month, day) with no time zone: what a calendar cell stands for.
///
/// Plans are placed on days by converting their instants with an injected `Calendar`
/// (which carries the user's time zone), so the grid itself never depends on the clock.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Returns nil for dates that cannot exist (February 30, month 13, day 0).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1,
              day <= YearMonth.numberOfDays(year: year, month: month) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day that contains `date` in `calendar`'s time zone.
    public init(_ date: Date, in calendar: Calendar) {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.year = parts.year!
        self.month = parts.month!
        self.day = parts.day!
    }

    /// Parses "YYYY-MM-DD"; nil when malformed or impossible.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              // Digits only: Int() alone would also accept "+1".
              parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public var yearMonth: YearMonth { YearMonth(validYear: year, month: month) }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar; lets day arithmetic
    /// stay exact and independent of time zones and DST.
    public var julianOffset: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The inverse of `julianOffset`.
    public init(julianOffset z0: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    public func adding(days: Int) -> CalendarDay {
        CalendarDay(julianOffset: julianOffset + days)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func distance(to other: CalendarDay) -> Int {
        other.julianOffset - julianOffset
    }

    /// 1 = Sunday … 7 = Saturday, as `Calendar.firstWeekday` counts.
    public var weekday: Int {
        // 1970-01-01 was a Thursday (5).
        let r = (julianOffset + 4) % 7
        return (r < 0 ? r + 7 : r) + 1
    }

    /// The first instant of this day in `calendar`'s time zone (midnight, or the first
    /// existing instant when a DST change skips midnight).
    public func start(in calendar: Calendar) -> Date {
        if calendar.identifier == .gregorian, let midnight = Self.midnight(julianOffset, in: calendar.timeZone) {
            return midnight
        }
        let parts = DateComponents(year: year, month: month, day: day)
        let noon = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
        return calendar.date(from: parts).map { calendar.startOfDay(for: $0) }
            ?? calendar.startOfDay(for: noon)
    }

    /// Midnight of the day `julianOffset` in `zone` from the zone's offsets alone, several times
    /// quicker than asking Foundation's calendar (loading places every all-day plan this way).
    /// Of two midnights (a clock set back over midnight) the first; nil when midnight does not
    /// exist (a DST change or a skipped day), which Foundation then resolves.
    static func midnight(_ julianOffset: Int, in zone: TimeZone) -> Date? {
        let asUTC = Date(timeIntervalSince1970: TimeInterval(julianOffset) * 86_400)
        let before = zone.secondsFromGMT(for: asUTC.addingTimeInterval(-86_400))
        let after = zone.secondsFromGMT(for: asUTC.addingTimeInterval(86_400))
        for offset in before == after ? [before] : [max(before, after), min(before, after)] {
            let candidate = asUTC.addingTimeInterval(TimeInterval(-offset))
            if zone.secondsFromGMT(for: candidate) == offset { return candidate }
        }
        return nil
    }

    /// `[start of this day, start of the next day)` in `calendar`'s time zone.
    public func interval(in calendar: Calendar) -> DateInterval {
        DateInterval(start: start(in: calendar), end: adding(days: 1).start(in: calendar))
    }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// "2026-11-29"
    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }
}
