import Foundation
import Synchronization

/// The title rule of `PlanOrdering`, remembered per pair of titles.
///
/// On Linux `localizedStandardCompare` builds a locale and an ICU collator on every call
/// (about 10 µs); plans starting together (a day's all-day plans) are compared by title on
/// every page, and the same few titles meet again and again, so each pair is compared once.
/// The memo belongs to whoever sorts (the store owns one and hands it to its indexes; a
/// command makes its own), not to the process. The locale is the process's, which does not
/// change while it runs.
public final class TitleCollation: Sendable {
    private struct Pair: Hashable {
        var first: String
        var second: String
    }

    /// Bounds the memory: past this many pairs the memo starts again.
    private static let limit = 50_000
    private let memo = Mutex<[Pair: Bool]>([:])
    /// The shortcut is exact only where the collation does not tailor Latin letters, i.e.
    /// the root order that English uses; other languages always ask ICU.
    private let usesShortcut: Bool

    public init() {
        let locale = Locale.current
        usesShortcut = locale.language.languageCode?.identifier == "en" && locale.collation.identifier == "standard"
    }

    /// Whether `a` sorts before `b` (two different titles).
    func precedes(_ a: String, _ b: String) -> Bool {
        if usesShortcut, let order = Self.shortcut(a, b) { return order }
        let pair = Pair(first: a, second: b)
        if let known = memo.withLock({ $0[pair] }) { return known }
        let order = a.localizedStandardCompare(b)
        // Titles that differ only in ways the comparison ignores still need one order.
        let result = order == .orderedSame ? a < b : order == .orderedAscending
        memo.withLock { memo in
            if memo.count >= Self.limit { memo.removeAll(keepingCapacity: true) }
            memo[pair] = result
            memo[Pair(first: b, second: a)] = !result
        }
        return result
    }

    /// The order of two titles read from their first difference, when that alone decides it
    /// under the root collation, else nil. Up to the first different character the titles are
    /// the same text, so they weigh the same; two different Latin letters (case aside) then
    /// differ at the primary level, which outranks everything after them; and Latin letters
    /// come before kana and CJK ideographs in the root order.
    static func shortcut(_ a: String, _ b: String) -> Bool? {
        var restA = a.unicodeScalars.makeIterator()
        var restB = b.unicodeScalars.makeIterator()
        while let x = restA.next() {
            guard let y = restB.next() else { return nil }
            if x == y { continue }
            // A combining mark after either could make it another letter in some tailoring.
            if isCombining(restA.next()) || isCombining(restB.next()) { return nil }
            switch (latinLetter(x), latinLetter(y)) {
            case let (first?, second?): return first == second ? nil : first < second
            case (_?, nil): return isKanaOrIdeograph(y) ? true : nil
            case (nil, _?): return isKanaOrIdeograph(x) ? false : nil
            case (nil, nil): return nil
            }
        }
        return nil
    }

    /// An ASCII letter, lowercased; nil for anything else.
    private static func latinLetter(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 0x61...0x7A: scalar.value
        case 0x41...0x5A: scalar.value + 0x20
        default: nil
        }
    }

    /// A hiragana or katakana letter (no marks or punctuation), or a CJK unified ideograph of
    /// the basic block.
    private static func isKanaOrIdeograph(_ scalar: Unicode.Scalar) -> Bool {
        (0x3041...0x3096).contains(scalar.value) || (0x30A1...0x30FA).contains(scalar.value)
            || (0x4E00...0x9FFF).contains(scalar.value)
    }

    private static func isCombining(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar, scalar.value >= 0x300 else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
