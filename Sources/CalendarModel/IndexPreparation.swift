import Foundation

/// A month's day index to build away from the main thread: the layout, the sources as they
/// were when it was asked for, and the store's index generation at that moment.
///
/// Sendable by promise, not by type: sources never change once handed to a store (a file
/// that changed becomes a new source), so reading them on another thread while the main
/// thread reads them too is safe (`PlanSource`).
public struct IndexPreparation: @unchecked Sendable {
    let layout: MonthLayout
    let sources: [any PlanSource]
    let calendar: Calendar
    let generation: Int

    /// The month being prepared.
    public var month: YearMonth { layout.month }

    /// Builds the index: on any thread, as it only reads the sources.
    public func build() -> PreparedIndex {
        PreparedIndex(index: DayIndex(layout: layout, sources: sources, calendar: calendar), generation: generation)
    }
}

/// A built index on its way back to the store (`CalendarStore.adopt`), read by the main thread
/// only once handed over.
public struct PreparedIndex: @unchecked Sendable {
    let index: DayIndex
    let generation: Int
}
