import Foundation

extension CalendarStore {
    /// Every plan and series of every visible source for search, series by their occurrence nearest
    /// to today. Reads the sources, so call it on the store's thread.
    public func searchablePlans() -> [SearchablePlan] {
        let now = today.start(in: calendar)
        return visibleSources.flatMap { $0.searchEntries(near: now) }
    }

    /// A search index over every plan of every source, measured from today in the store's
    /// time zone. Build it when search starts, again after `.plans`, `.calendars` or `.today`
    /// changes. (`SearchIndex(entries:today:calendar:)` on `searchablePlans()` can run on
    /// another thread.)
    public func makeSearchIndex() -> SearchIndex {
        SearchIndex(entries: searchablePlans(), today: today, calendar: calendar)
    }
}
