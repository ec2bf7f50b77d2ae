import CalendarModel
import ICalendar

/// What Ctrl+Z (or a toast's Undo) puts back: the text a plan's components had before an
/// edit, a delete or an add. Restoring writes that text again as a new revision, on top of
/// whatever else changed in the file since, so undo never rolls back another program's work.
struct UndoHistory {
    /// One plan in one calendar, as it was (an empty snapshot: it did not exist).
    struct Step {
        var calendar: CalendarID
        var uid: String
        var before: EventSnapshot
    }

    /// One user action: usually one step; moving a plan to another calendar takes two.
    struct Entry {
        var steps: [Step]
        /// What the toast said ("“Dentist” deleted"), so undoing can say what came back.
        var summary: String
    }

    /// Older actions beyond this are forgotten (the backups folder keeps whole files anyway).
    static let limit = 50
    private(set) var entries: [Entry] = []

    mutating func push(_ entry: Entry) {
        entries.append(entry)
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
    }

    mutating func popLast() -> Entry? { entries.popLast() }

    /// A calendar that is gone can no longer be restored into.
    mutating func forget(_ calendar: CalendarID) {
        entries.removeAll { $0.steps.contains { $0.calendar == calendar } }
    }

    var isEmpty: Bool { entries.isEmpty }
}
