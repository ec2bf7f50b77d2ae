import Foundation

/// One plan found by search, with where it sits relative to today.
public struct SearchResult: Hashable, Sendable {
    /// The plan; for a repeating series, its occurrence nearest to today.
    public let plan: Plan
    /// Whether `plan` is one occurrence of a repeating series.
    public let repeats: Bool
    /// The occurrence's first day: where activating the result takes the calendar.
    public let day: CalendarDay
    /// Whole days from today to the occurrence: 0 while it covers today, positive ahead,
    /// negative when it is over.
    public let distance: Int
}

/// What one query found: the nearest results first, and how many matched in all.
public struct SearchResults: Equatable, Sendable {
    public let query: String
    /// At most the limit asked for, nearest to today first.
    public let items: [SearchResult]
    /// Every matching plan or series, beyond the limit too.
    public let totalCount: Int

    public static let empty = SearchResults(query: "", items: [], totalCount: 0)
}
