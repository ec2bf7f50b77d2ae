import Foundation

/// How new one copy of an event is, by RFC 5545's revision properties: higher SEQUENCE
/// (absent = 0), then later LAST-MODIFIED, then later DTSTAMP (each compared when both
/// copies have it). Used when importing and when a file holds the same event twice.
package struct Revision: Hashable {
    var sequence = 0
    /// UTC stamps as yyyymmddhhmmss numbers, which compare like the times.
    var lastModified: Int64?
    var stamp: Int64?

    package init(sequence: Int = 0, lastModified: Int64? = nil, stamp: Int64? = nil) {
        self.sequence = sequence
        self.lastModified = lastModified
        self.stamp = stamp
    }

    /// `.orderedDescending` when self is newer than `other`.
    package func compare(_ other: Revision) -> ComparisonResult {
        if sequence != other.sequence { return sequence > other.sequence ? .orderedDescending : .orderedAscending }
        for (mine, theirs) in [(lastModified, other.lastModified), (stamp, other.stamp)] {
            guard let mine, let theirs, mine != theirs else { continue }
            return mine > theirs ? .orderedDescending : .orderedAscending
        }
        return .orderedSame
    }

    /// "20261110T090000Z" → 20261110090000 (a date alone is its midnight).
    package static func number(_ value: String) -> Int64? {
        let digits = value.filter(\.isNumber)
        guard digits.count >= 8 else { return nil }
        let padded = digits.count >= 14 ? String(digits.prefix(14)) : digits.padding(toLength: 14, withPad: "0", startingAt: 0)
        return Int64(padded)
    }

    package static func later(_ a: Int64?, _ b: Int64?) -> Int64? {
        guard let a else { return b }
        guard let b else { return a }
        return max(a, b)
    }
}
