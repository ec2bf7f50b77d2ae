import CalendarModel

/// What the user asked for in the calendars list. The list changes nothing itself: the
/// coordinator does the work (settings, storage) and then calls `CalendarsPopover.render`.
@MainActor
protocol CalendarsListDelegate: AnyObject {
    /// A calendar's visibility check box was flipped.
    func calendarsList(_ list: CalendarsPopover, setVisible visible: Bool, for id: CalendarID)
    /// "New Calendar…" was saved; `color` is "#rrggbb", `name` is trimmed and never empty.
    func calendarsList(_ list: CalendarsPopover, create name: String, color: String)
    /// A writable calendar's name was changed (trimmed, never empty).
    func calendarsList(_ list: CalendarsPopover, rename id: CalendarID, to name: String)
    /// A writable calendar's colour was changed; `color` is "#rrggbb".
    func calendarsList(_ list: CalendarsPopover, recolor id: CalendarID, to color: String)
    /// The reminders a writable calendar gives its new plans changed (minutes before the start).
    func calendarsList(_ list: CalendarsPopover, setDefaultReminders minutes: [Int], for id: CalendarID)
    /// The user confirmed removing a writable calendar.
    func calendarsList(_ list: CalendarsPopover, remove id: CalendarID)
}
