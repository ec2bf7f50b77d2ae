import Foundation

/// A span's day index to build away from the main thread: the span, the sources as they were
/// when it was asked for, and the store's index generation at that moment.
///
/// Sendable by promise, not by type: sources never change once handed to a store (a file
/// that changed becomes a new source), so reading them on another thread while the main
/// thread reads them too is safe (`PlanSource`).
public struct IndexPreparation: @unchecked Sendable {
    public let span: DaySpan
    let sources: [any PlanSource]
    let calendar: Calendar
    /// The store's, shared with the thread that builds (it is Sendable).
    let titles: TitleCollation
    /// The store's calendars, for the days' decorations (a change of them also changes the
    /// generation).
    let calendars: [CalendarID: CalendarInfo]
    let generation: Int

    /// Builds the index with every day's decoration: on any thread, as it only reads the
    /// sources, so paging there leaves the window's thread only drawing to do.
    public func build() -> PreparedIndex {
        let index = DayIndex(span: span, sources: sources, calendar: calendar, titles: titles)
        index.decorateAll(calendars: calendars)
        return PreparedIndex(index: index, generation: generation)
    }
}

/// A built index on its way back to the store (`CalendarStore.adopt`), read by the main thread
/// only once handed over.
public struct PreparedIndex: @unchecked Sendable {
    let index: DayIndex
    let generation: Int
}
