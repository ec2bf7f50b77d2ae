import CalendarModel
import Foundation
import GtkKit

/// Notices when "today" changes: at midnight, after a suspend, when the wall clock is set and
/// when the time zone changes, with no wake-up in between.
///
/// One wall-clock timer for the next local midnight (`WallClockTimer`: it fires on resume when
/// midnight passed during a suspend, and says when the clock is set), and a watch on
/// /etc/localtime, which the system replaces to change the zone.
@MainActor
final class DayClock {
    private let now: () -> Date
    private let zone: () -> TimeZone
    private let onChange: (TimeZone) -> Void
    private var timer: WallClockTimer?
    private var zoneWatch: FileMonitor?
    private var zoneIdentifier: String
    private var day: CalendarDay
    /// The file whose replacement changes the system's zone.
    static let zoneFile = "/etc/localtime"

    /// `onChange` receives the (possibly new) time zone whenever the day or the zone changed.
    init(now: @escaping () -> Date, zone: @escaping () -> TimeZone, onChange: @escaping (TimeZone) -> Void) {
        self.now = now
        self.zone = zone
        self.onChange = onChange
        let zone = zone()
        zoneIdentifier = zone.identifier
        day = CalendarDay(now(), in: Self.calendar(zone))
    }

    func start() {
        timer = WallClockTimer { [weak self] _ in self?.check() }
        zoneWatch = try? FileMonitor(path: Self.zoneFile, followingSymlink: false) { [weak self] event in
            guard event != .changed else { return } // a symlink is replaced, not written
            self?.check()
        }
        schedule()
    }

    private func schedule() {
        let calendar = Self.calendar(zone())
        let date = now()
        let nextMidnight = CalendarDay(date, in: calendar).adding(days: 1).start(in: calendar)
        timer?.fire(at: Self.wallClock(for: nextMidnight, now: date))
    }

    /// The machine's wall-clock moment for `moment` on a clock that reads `now` (a pinned
    /// `KOYOMI_NOW` clock runs at the real rate from another start).
    static func wallClock(for moment: Date, now: Date) -> Date {
        Date().addingTimeInterval(moment.timeIntervalSince(now))
    }

    func check() {
        let zone = zone()
        let today = CalendarDay(now(), in: Self.calendar(zone))
        if today != day || zone.identifier != zoneIdentifier {
            day = today
            zoneIdentifier = zone.identifier
            onChange(zone)
        }
        schedule()
    }

    private static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}
