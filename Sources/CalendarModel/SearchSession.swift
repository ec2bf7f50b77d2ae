import Foundation

/// Search as the user types: folds each query, and when it only grows or adds terms
/// ("caf" → "café", "lunch" → "lunch bob") checks just the previous matches instead of the
/// whole index. Not thread-safe: one per search field, on its thread.
public final class SearchSession {
    public let index: SearchIndex
    private var folding = SearchFolding()
    private var previous: (terms: [[UInt8]], matches: [Int])?

    public init(index: SearchIndex) {
        self.index = index
    }

    /// The plans matching `query`, nearest to today first, at most `limit` of them (with the
    /// total count). An empty or blank query finds nothing.
    public func search(_ query: String, limit: Int = 200) -> SearchResults {
        let terms = self.terms(of: query)
        guard !terms.isEmpty else {
            previous = nil
            return SearchResults(query: query, items: [], totalCount: 0)
        }
        let candidates = previous.flatMap { old in Self.narrows(old.terms, to: terms) ? old.matches : nil }
        let matches = index.matches(terms, among: candidates)
        previous = (terms, matches)
        let items = matches.prefix(max(0, limit)).map { index.result(at: $0) }
        return SearchResults(query: query, items: items, totalCount: matches.count)
    }

    /// The plans matching every term, upcoming ones (and those under way) nearest first, then
    /// past ones most recent first, at most `limit` of them: what a desktop-wide search lists.
    public func searchUpcomingFirst(_ terms: [String], limit: Int) -> [SearchResult] {
        let folded = self.terms(of: terms.joined(separator: " "))
        guard !folded.isEmpty else {
            previous = nil
            return []
        }
        let candidates = previous.flatMap { old in Self.narrows(old.terms, to: folded) ? old.matches : nil }
        let matches = index.matches(folded, among: candidates)
        previous = (folded, matches)
        var ordered = matches.filter { !index.isPast[$0] }.prefix(max(0, limit))
        if ordered.count < limit { ordered += matches.filter { index.isPast[$0] }.prefix(limit - ordered.count) }
        return ordered.map { index.result(at: $0) }
    }

    /// The folded query split at white space, duplicates removed.
    func terms(of query: String) -> [[UInt8]] {
        let folded = folding.fold(query)
        var terms: [[UInt8]] = []
        for part in folded.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D })
        where !terms.contains(where: { $0.elementsEqual(part) }) {
            terms.append(Array(part))
        }
        return terms
    }

    /// Whether everything `new` matches is among what `old` matched: each old term occurs
    /// inside some new term.
    static func narrows(_ old: [[UInt8]], to new: [[UInt8]]) -> Bool {
        old.allSatisfy { oldTerm in
            new.contains { newTerm in
                newTerm.withUnsafeBufferPointer { buffer in
                    guard let base = buffer.baseAddress else { return oldTerm.isEmpty }
                    return SearchIndex.find(oldTerm, in: base, length: buffer.count) != nil
                }
            }
        }
    }
}
