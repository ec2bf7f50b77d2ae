import CalendarModel
import Foundation
import GtkKit

/// Notices when "today" changes: at midnight, after a suspend (GLib timers stop counting
/// while the machine sleeps, so one long timer could fire hours late), and when the time
/// zone changes. It re-checks at midnight and at least once a minute.
@MainActor
final class DayClock {
    private let now: () -> Date
    private let zone: () -> TimeZone
    private let onChange: (TimeZone) -> Void
    private var timer: MainLoopSource?
    private var zoneIdentifier: String
    private var day: CalendarDay

    /// `onChange` receives the (possibly new) time zone whenever the day or the zone changed.
    init(now: @escaping () -> Date, zone: @escaping () -> TimeZone, onChange: @escaping (TimeZone) -> Void) {
        self.now = now
        self.zone = zone
        self.onChange = onChange
        let zone = zone()
        zoneIdentifier = zone.identifier
        day = CalendarDay(now(), in: Self.calendar(zone))
    }

    isolated deinit { timer?.cancel() }

    func start() { schedule() }

    private func schedule() {
        let calendar = Self.calendar(zone())
        let date = now()
        let nextMidnight = CalendarDay(date, in: calendar).adding(days: 1).start(in: calendar)
        let seconds = max(1, min(60, Int(nextMidnight.timeIntervalSince(date).rounded(.up))))
        timer = MainLoop.after(seconds: UInt32(seconds)) { [weak self] in self?.check() }
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
