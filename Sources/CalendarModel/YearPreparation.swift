import Foundation

/// A year's slice to build away from the window's thread: the sources, calendars and order as
/// the store had them when it was asked for. Hand `build()` to a background closure and render
/// what it returns; ask again when the store notifies `.plans` or `.calendars` (or the first
/// weekday changes), as a slice built before holds the old plans.
///
/// Sendable by promise, not by type, as `IndexPreparation`: sources never change once handed
/// to a store, so reading them on another thread while the main thread reads them too is safe.
public struct YearPreparation: @unchecked Sendable {
    public let year: Int
    public let firstWeekday: Int
    let sources: [any PlanSource]
    let calendar: Calendar
    let titles: TitleCollation
    let calendars: [CalendarID: CalendarInfo]
    /// The locale and words to name the days in (`naming`), nil: the view names them.
    var namer: (locale: Locale, strings: FormatterStrings)? = nil

    /// The same preparation, also naming each day for screen readers as `formatter` does
    /// ("Monday, July 20, 2026: 1 plan"), on the building thread with a formatter of its own.
    public func naming(like formatter: CalendarFormatter) -> YearPreparation {
        var named = self
        named.namer = (formatter.locale, formatter.strings)
        return named
    }

    /// Places the year's plans and decorates (and names) its days: on any thread (it only reads).
    public func build() -> YearSlice {
        YearSlice.build(year: year, firstWeekday: firstWeekday, sources: sources, calendars: calendars,
                        calendar: calendar, titles: titles,
                        naming: namer.map { CalendarFormatter(locale: $0.locale, calendar: calendar, strings: $0.strings) })
    }
}

extension CalendarStore {
    /// What the year view of `year` shows, to build on another thread: the shown calendars'
    /// sources (hidden ones left out), laid out from the store's first weekday.
    public func yearPreparation(for year: Int) -> YearPreparation {
        YearPreparation(year: year, firstWeekday: firstWeekday, sources: visibleSources, calendar: calendar,
                        titles: titles, calendars: calendarsByID)
    }
}
