import CalendarModel
import FileSafety
import Foundation
import ICalendarReading

/// What Koyomi has reminded of, kept across restarts in `$XDG_DATA_HOME/koyomi/reminders.json`,
/// so a reminder is never shown twice (also for read-only calendars, where no ACKNOWLEDGED can
/// be written) and a snooze comes back after a restart.
struct ReminderStateFile {
    struct Entry: Codable, Equatable {
        var calendar: String
        var plan: String
        var due: Date
        /// When it was shown, or when a snoozed one comes back.
        var at: Date
    }

    struct State: VersionedList, Equatable {
        static let currentVersion = 1
        static var empty: State { State(version: currentVersion, shown: [], snoozed: []) }
        var version: Int
        var shown: [Entry]
        var snoozed: [Entry]
    }

    let file: VersionedListFile<State>

    init(path: String) {
        file = VersionedListFile(path: path)
    }

    init(environment: [String: String]) {
        self.init(path: Folders.data(environment: environment).appendingPathComponent("reminders.json").path)
    }

    /// The schedule as it was left; an unreadable file is set aside (and said) and the
    /// schedule starts empty, so at worst a reminder is shown again.
    func read(now: Date, problems: inout [String]) -> ReminderSchedule {
        do {
            let state = try file.read().list
            func keyed(_ entries: [Entry]) -> [ReminderSchedule.Key: Date] {
                Dictionary(entries.map { (ReminderSchedule.Key(calendar: $0.calendar, plan: $0.plan, due: $0.due), $0.at) },
                           uniquingKeysWith: max)
            }
            return ReminderSchedule(shown: keyed(state.shown), snoozed: keyed(state.snoozed))
        } catch {
            if case .broken = error, let aside = try? file.setAsideIfBroken(now: now) {
                // TRANSLATORS: %@ is where an unreadable file was moved.
                problems.append(FormatterStrings.fill(L("The list of reminders already shown could not be read; it was kept as %@"), aside))
            } else {
                problems.append(FormatterStrings.fill(L("The list of reminders already shown could not be read: %@"), "\(error)"))
            }
            return ReminderSchedule()
        }
    }

    func write(_ schedule: ReminderSchedule) throws(VersionedListProblem) {
        func entries(_ keyed: [ReminderSchedule.Key: Date]) -> [Entry] {
            keyed.sorted { $0.key < $1.key }.map { Entry(calendar: $0.key.calendar, plan: $0.key.plan, due: $0.key.due, at: $0.value) }
        }
        let state = State(version: State.currentVersion, shown: entries(schedule.shown), snoozed: entries(schedule.snoozed))
        try file.modify({ (list: inout State) throws(VersionedListProblem) in list = state }, problem: { $0 })
    }
}
