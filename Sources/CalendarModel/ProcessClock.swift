import Foundation

/// "Now" for a whole `koyomi` process: the machine's clock, or, when `KOYOMI_NOW` names an
/// instant, a clock that starts there and runs on at the real rate.
///
/// The pin is for tests: a `koyomi` that a test starts as a child process would otherwise see
/// the machine's date, and a test written on one day would fail on another. Unset (or empty),
/// nothing changes. The zone is not part of it: that comes from `TZ` as always.
public struct ProcessClock: Sendable {
    /// The environment variable that pins the clock, e.g. `KOYOMI_NOW=2026-11-29T12:00:00Z`.
    public static let variable = "KOYOMI_NOW"

    /// The pinned instant the clock started at, or nil for the machine's clock.
    public let pinnedStart: Date?
    /// The monotonic clock's reading when the pinned clock started.
    private let startUptime: TimeInterval

    /// The machine's own clock.
    public static let system = ProcessClock(pinnedStart: nil)

    /// A clock that reads `start` now and runs on from there.
    public init(pinnedStart start: Date?) {
        pinnedStart = start
        startUptime = ProcessInfo.processInfo.systemUptime
    }

    /// The clock `environment` asks for: pinned by `KOYOMI_NOW`, else the machine's.
    public init(environment: [String: String]) throws(PinError) {
        guard let text = environment[Self.variable], !text.isEmpty else {
            self.init(pinnedStart: nil)
            return
        }
        guard let start = Self.instant(parsing: text) else { throw PinError(text: text) }
        self.init(pinnedStart: start)
    }

    /// The time now.
    public func now() -> Date {
        guard let pinnedStart else { return Date() }
        return pinnedStart.addingTimeInterval(ProcessInfo.processInfo.systemUptime - startUptime)
    }

    /// `KOYOMI_NOW` was set to something that is not an instant.
    public struct PinError: Error, Equatable, CustomStringConvertible {
        public var text: String
        public var description: String {
            "\(ProcessClock.variable) must be a date and time with its offset from UTC, "
                + "like 2026-11-29T12:00:00Z or 2026-11-29T21:00:00+09:00, not “\(text)”"
        }
    }

    /// Parses `YYYY-MM-DDTHH:MM[:SS]` followed by `Z` or `±HH:MM`, refusing impossible dates
    /// and times (Foundation alone would roll February 30 over into March).
    public static func instant(parsing text: String) -> Date? {
        guard !text.contains(where: \.isWhitespace), let separator = text.firstIndex(of: "T"), let day = CalendarDay(parsing: String(text[..<separator])) else {
            return nil
        }
        var clock = text[text.index(after: separator)...]
        let offset: Int
        if clock.hasSuffix("Z") {
            offset = 0
            clock = clock.dropLast()
        } else if clock.count > 6, let sign = clock.dropLast(5).last, sign == "+" || sign == "-",
                  let zone = PlanForm.parseClockTime(String(clock.suffix(5))) {
            offset = (sign == "-" ? -1 : 1) * (zone.hour * 3600 + zone.minute * 60)
            clock = clock.dropLast(6)
        } else {
            return nil
        }
        var second = 0
        if clock.count == 8, clock.dropLast(2).last == ":", let seconds = Int(clock.suffix(2)),
           clock.suffix(2).allSatisfy({ ("0"..."9").contains($0) }), seconds < 60 {
            second = seconds
            clock = clock.dropLast(3)
        }
        guard clock.count == 5, let time = PlanForm.parseClockTime(String(clock)), let zone = TimeZone(secondsFromGMT: offset) else {
            return nil
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day,
                                                  hour: time.hour, minute: time.minute, second: second))
    }
}
