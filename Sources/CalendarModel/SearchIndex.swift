import Foundation

/// Every plan and series of all sources over all dates, with their texts (title, location,
/// notes) folded once (`SearchFolding`) into one byte buffer, ordered nearest to today first.
///
/// A query is folded the same way and split at spaces into terms; an entry matches when every
/// term occurs in one of its texts. Matching is a `memchr`/`memcmp` scan over the buffer, so a keystroke
/// costs one pass over the folded text at most (`SearchSession` narrows further), and results
/// come out already in order. Immutable and `Sendable`: it can be built on another thread.
public struct SearchIndex: Sendable {
    /// The day results are measured from.
    public let today: CalendarDay
    /// Places occurrences on days (the user's time zone).
    public let calendar: Calendar
    /// Entries nearest to today first.
    let entries: [SearchablePlan]
    /// The folded texts; entry `i` is `text[starts[i]..<starts[i + 1]]`, its fields separated
    /// and ended by a 0 byte, which no folded query contains, so no match spans two fields.
    let text: [UInt8]
    let starts: [Int]
    /// How often each byte value occurs in `text`: searches anchor on a term's rarest byte.
    let byteCounts: [Int]
    /// Per entry: whether it is over (ended before today), for upcoming-first orders.
    let isPast: [Bool]

    /// Builds the index. `calendar` (Gregorian, the user's time zone) decides which day is today's.
    public init(entries: [SearchablePlan], today: CalendarDay, calendar: Calendar) {
        self.today = today
        self.calendar = calendar
        let todayStart = today.start(in: calendar)
        let todayEnd = today.adding(days: 1).start(in: calendar)
        // Sort keys without Calendar calls (slow on Linux): seconds between the occurrence
        // and today's span, all-day plans measured in whole days from their dates.
        let keyed = entries.map { entry -> (distance: Double, past: Bool, start: Double, entry: SearchablePlan) in
            switch entry.plan.timing {
            case let .timed(start, end):
                let end = max(start, end)
                if start >= todayEnd { return (start.timeIntervalSince(todayEnd), false, start.timeIntervalSince1970, entry) }
                if end <= todayStart && !(start == end && start == todayStart) {
                    return (todayStart.timeIntervalSince(end), true, start.timeIntervalSince1970, entry)
                }
                return (0, false, start.timeIntervalSince1970, entry)
            case let .allDay(first, after):
                let last = max(first, after.adding(days: -1))
                let startKey = Double(first.julianOffset) * 86_400
                if first > today { return (Double(today.distance(to: first) - 1) * 86_400, false, startKey, entry) }
                if last < today { return (Double(last.distance(to: today) - 1) * 86_400, true, startKey, entry) }
                return (0, false, startKey, entry)
            }
        }
        let sorted = keyed.sorted { a, b in
            if a.distance != b.distance { return a.distance < b.distance }
            if a.past != b.past { return !a.past }
            if a.start != b.start { return a.past ? a.start > b.start : a.start < b.start }
            return a.entry.plan.title < b.entry.plan.title
        }
        var folding = SearchFolding()
        var text: [UInt8] = []
        var starts: [Int] = []
        starts.reserveCapacity(sorted.count + 1)
        for item in sorted {
            starts.append(text.count)
            let plan = item.entry.plan
            for field in [plan.title, plan.location, plan.notes] {
                guard let field, !field.isEmpty else { continue }
                folding.append(field, to: &text)
                text.append(0)
            }
        }
        starts.append(text.count)
        var counts = [Int](repeating: 0, count: 256)
        for byte in text { counts[Int(byte)] += 1 }
        self.byteCounts = counts
        self.entries = sorted.map(\.entry)
        self.isPast = sorted.map(\.past)
        self.text = text
        self.starts = starts
    }

    /// The position of the first entry whose plan `matches` (a linear scan).
    public func firstPosition(where matches: (Plan) -> Bool) -> Int? {
        entries.firstIndex { matches($0.plan) }
    }

    /// How many plans and series the index holds.
    public var count: Int { entries.count }

    /// The result for the entry at `position` (an index into the nearest-first order).
    public func result(at position: Int) -> SearchResult {
        let entry = entries[position]
        let span = entry.plan.days(in: calendar)
        let distance = span.lowerBound > today ? today.distance(to: span.lowerBound)
            : span.upperBound < today ? today.distance(to: span.upperBound) : 0
        return SearchResult(plan: entry.plan, repeats: entry.repeats, day: span.lowerBound, distance: distance)
    }

    /// Positions (nearest-first) of the entries matching every term; `candidates`, when given,
    /// limits the check to those positions (a narrowing query).
    func matches(_ terms: [[UInt8]], among candidates: [Int]? = nil) -> [Int] {
        guard let longest = terms.max(by: { $0.count < $1.count }), !longest.isEmpty else { return [] }
        return text.withUnsafeBufferPointer { buffer -> [Int] in
            guard let base = buffer.baseAddress else { return [] }
            let anchors = terms.map(anchor(of:))
            let longestAnchor = anchor(of: longest)
            func entryContains(_ position: Int, _ term: [UInt8], _ termAnchor: Int) -> Bool {
                let from = starts[position]
                return Self.find(term, anchor: termAnchor, in: base + from, length: starts[position + 1] - from) != nil
            }
            func containsOthers(_ position: Int) -> Bool {
                zip(terms, anchors).allSatisfy { term, termAnchor in
                    term == longest || entryContains(position, term, termAnchor)
                }
            }
            if let candidates {
                return candidates.filter { entryContains($0, longest, longestAnchor) && containsOthers($0) }
            }
            var found: [Int] = []
            var offset = 0
            while offset < buffer.count,
                  let hit = Self.find(longest, anchor: longestAnchor, in: base + offset, length: buffer.count - offset) {
                let position = entryPosition(containing: offset + hit)
                if containsOthers(position) { found.append(position) }
                offset = starts[position + 1]
            }
            return found
        }
    }

    /// The entry whose bytes contain `offset` (binary search over `starts`).
    private func entryPosition(containing offset: Int) -> Int {
        var low = 0
        var high = entries.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The offset of `needle` in `length` bytes at `haystack`: `memchr` for the needle's byte
    /// at `anchor` (its rarest, so few false starts), then `memcmp` for the whole needle.
    static func find(_ needle: [UInt8], anchor: Int = 0, in haystack: UnsafePointer<UInt8>, length: Int) -> Int? {
        let count = needle.count
        guard count > 0, length >= count else { return nil }
        let anchorByte = Int32(needle[anchor])
        let lastAnchor = length - count + anchor
        return needle.withUnsafeBufferPointer { wanted -> Int? in
            guard let wantedBase = wanted.baseAddress else { return nil }
            var position = anchor
            while position <= lastAnchor {
                guard let hit = memchr(haystack + position, anchorByte, lastAnchor - position + 1) else { return nil }
                let at = UnsafeRawPointer(hit) - UnsafeRawPointer(haystack)
                if memcmp(haystack + (at - anchor), wantedBase, count) == 0 { return at - anchor }
                position = at + 1
            }
            return nil
        }
    }

    /// The position in `term` of the byte that is rarest in the indexed text.
    func anchor(of term: [UInt8]) -> Int {
        term.indices.min { byteCounts[Int(term[$0])] < byteCounts[Int(term[$1])] } ?? 0
    }
}
