import Foundation

/// Showing and hiding whole calendars, and taking one away.
extension CalendarStore {
    /// Whether `id`'s plans are shown (true for ids the store has never heard of).
    public func isCalendarVisible(_ id: CalendarID) -> Bool {
        !hiddenCalendars.contains(id)
    }

    /// The user switched a calendar on or off in the calendars list: its dots, labels, list
    /// rows and search results appear or vanish at once. Notifies `.calendars` and `.plans`
    /// when the hidden set really changed; works for ids not loaded (yet), so settings can be
    /// applied before the files are read.
    public func setCalendar(_ id: CalendarID, visible: Bool) {
        var hidden = hiddenCalendars
        if visible { hidden.remove(id) } else { hidden.insert(id) }
        setHiddenCalendars(hidden)
    }

    /// Replaces the whole hidden set (the saved settings at start-up), notifying once.
    public func setHiddenCalendars(_ ids: Set<CalendarID>) {
        guard ids != hiddenCalendars else { return }
        hiddenCalendars = ids
        sourcesChanged()
    }

    /// Takes the calendar `id` away (it was removed from disk): its plans vanish and it leaves
    /// `calendars`. It is forgotten in `hiddenCalendars` too, so a new calendar that later gets
    /// the same file path starts out visible. Does nothing for an unknown id.
    public func removeSource(_ id: CalendarID) {
        let before = sources.count
        sources.removeAll { $0.calendar.id == id }
        guard sources.count != before else { return }
        hiddenCalendars.remove(id)
        sourcesChanged()
    }
}

extension CalendarStore {
    /// Takes back a calendar shown from part of its file when the rest could not be read: its
    /// plans vanish, and whether the user hid it is kept (the file may read well later).
    public func withdrawSource(_ id: CalendarID) {
        let before = sources.count
        sources.removeAll { $0.calendar.id == id }
        guard sources.count != before else { return }
        sourcesChanged()
    }
}
