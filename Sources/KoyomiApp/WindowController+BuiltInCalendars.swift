import CalendarModel
import Foundation

/// The calendars Koyomi makes itself rather than reads from a file (issue 40): Japan's
/// holidays, computed, on by default in a Japanese locale and off, until switched on in the
/// calendars list, in any other.
extension WindowController {
    /// Japan's holidays, named in the locale's language, placed on days in `calendar`'s zone
    /// (a new source when the zone changes, as the files are read again then).
    func holidaySource(placingDaysWith calendar: Calendar) -> JapaneseHolidaySource {
        JapaneseHolidaySource(locale: localeSettings.locale, timeCalendar: calendar)
    }

    /// The built-in calendars hidden unless the user switched them on (`Settings.shownCalendars`).
    var builtInCalendarsOffByDefault: Set<CalendarID> {
        JapaneseHolidaySource.isJapanese(localeSettings.locale) ? [] : [JapaneseHolidaySource.calendarID]
    }
}
