import CGtk

/// GtkCalendar: a month of days to pick one from (the date picker of the plan editor).
/// Days are civil dates (year, month 1–12, day); no time zone is involved.
@MainActor
public final class CalendarPicker: Widget {
    public init() {
        super.init(retaining: UnsafeMutableRawPointer(gtk_calendar_new()))
    }

    /// The selected day. Setting it shows its month and emits "day-selected" when it changes.
    public var selectedDay: (year: Int, month: Int, day: Int) {
        get {
            guard let date = gtk_calendar_get_date(opaque) else { return (1970, 1, 1) }
            defer { g_date_time_unref(date) }
            var year: gint = 0, month: gint = 0, day: gint = 0
            g_date_time_get_ymd(date, &year, &month, &day)
            return (Int(year), Int(month), Int(day))
        }
        set {
            // Noon in UTC: the calendar reads the day back in its own terms, never near midnight.
            guard let date = g_date_time_new_utc(gint(newValue.year), gint(newValue.month), gint(newValue.day), 12, 0, 0)
            else { return } // an impossible day: keep the current selection
            defer { g_date_time_unref(date) }
            gtk_calendar_select_day(opaque, date)
        }
    }

    /// Called with the newly selected day: a click on a day, the month and year arrows (which
    /// move the selection), or `selectedDay`.
    @discardableResult
    public func onDaySelected(_ handler: @escaping @MainActor ((year: Int, month: Int, day: Int)) -> Void) -> SignalConnection {
        onSignal("day-selected") { [weak self] in
            guard let self else { return }
            handler(self.selectedDay)
        }
    }
}
