import Accounts
import CalendarEditing
import CalendarModel
import Foundation
import ICalendarReading

/// What Ctrl+Z (or a toast's Undo) puts back, and what Ctrl+Shift+Z then brings again.
///
/// A plan change is kept as the text the plan's components had before it: restoring writes
/// that text again as a new revision, on top of whatever else changed in the file since, so
/// undo never rolls back another program's work. A removed calendar is kept as its file's
/// bytes (the backups folder has them too). Undoing an entry gives the entry that redoes it.
struct UndoHistory {
    /// One plan in one calendar, as it was (an empty snapshot: it did not exist).
    struct Step {
        var calendar: CalendarID
        var uid: String
        var before: EventSnapshot
    }

    /// A calendar the user removed from the calendars list.
    struct RemovedCalendar {
        /// Its file (and so its `CalendarID`).
        var path: String
        /// The file's bytes when one of the user's own was deleted; nil for a file opened from
        /// elsewhere, which was only closed and is opened again.
        var data: Data?
        /// The CalDAV accounts that synced it, and as what: they sync it again once it is back.
        var syncedBy: [(accountID: String, calendar: AccountCalendar)]
        var wasReadOnly: Bool
        var wasHidden: Bool
    }

    enum Change {
        /// Plans as they were; usually one, two when a plan moved to another calendar.
        case plans([Step])
        /// Undoing brings the calendar back.
        case calendarRemoved(RemovedCalendar)
        /// Undoing (a redo of the removal) removes it again.
        case calendarRestored(RemovedCalendar)
    }

    /// One user action.
    struct Entry {
        var change: Change
        /// What the toast said ("“Dentist” deleted"), so undoing can say what came back.
        var summary: String
    }

    /// Older actions beyond this are forgotten (the backups folder keeps whole files anyway).
    static let limit = 50
    private(set) var entries: [Entry] = []
    /// What was undone, newest last; any new action clears it, as in every editor.
    private(set) var undone: [Entry] = []

    /// A new action: it can be undone, and nothing undone before it can be redone any more.
    mutating func push(_ entry: Entry) {
        append(entry)
        undone.removeAll()
    }

    mutating func popLast() -> Entry? { entries.popLast() }

    /// `entry` redoes what was just undone.
    mutating func pushUndone(_ entry: Entry) { undone.append(entry) }

    mutating func popUndone() -> Entry? { undone.popLast() }

    /// `entry` undoes what was just redone; what else waits to be redone stays.
    mutating func pushRedone(_ entry: Entry) { append(entry) }

    /// A calendar that is gone can no longer be restored into: its plan changes are dropped
    /// (its own removal stays, so it can come back).
    mutating func forget(_ calendar: CalendarID) {
        entries.removeAll { $0.touches(calendar) }
        undone.removeAll { $0.touches(calendar) }
    }

    var isEmpty: Bool { entries.isEmpty }

    private mutating func append(_ entry: Entry) {
        entries.append(entry)
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
    }
}

extension UndoHistory.Entry {
    /// Whether undoing or redoing it writes plans into `calendar`.
    func touches(_ calendar: CalendarID) -> Bool {
        guard case let .plans(steps) = change else { return false }
        return steps.contains { $0.calendar == calendar }
    }
}
