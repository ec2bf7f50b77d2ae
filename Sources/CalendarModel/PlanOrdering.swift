import Foundation
import Synchronization

/// The one order in which a day's plans are listed and turned into dots.
public enum PlanOrdering {
    /// All-day plans (multi-day ones too) first, then timed plans by start instant, then by
    /// end, then by title (`localizedStandardCompare`, so "Item 2" precedes "Item 10"), then
    /// by id, calendar and finally input position, so the result never depends on the order
    /// a source returned them in (except for exact duplicates).
    ///
    /// The order is the same on every day a plan touches: a plan that continued from an earlier
    /// day sorts by its real start and so comes before the ones that start on `day`.
    /// `day` and `calendar` are part of the signature so a future rule may depend on them.
    public static func sorted(_ plans: [Plan], on day: CalendarDay, calendar: Calendar) -> [Plan] {
        sorted(plans, by: { $0 })
    }

    /// Sorts any values that carry a plan (e.g. `PlanOnDay`) by the same rules.
    static func sorted<Item>(_ items: [Item], by plan: (Item) -> Plan) -> [Item] {
        // Small numeric keys are computed once and sorted; the plans' texts are read only
        // for the rare ties of kind, start and end (moving strings around is what costs).
        let plans = items.map(plan)
        let titles = plans.map(\.title)
        var keys = plans.indices.map { SortKey(plans[$0], position: $0) }
        keys.sort { a, b in
            if a.group != b.group { return a.group < b.group }
            if a.start != b.start { return a.start < b.start }
            if a.end != b.end { return a.end < b.end }
            let titleA = titles[a.position], titleB = titles[b.position]
            if titleA != titleB { return TitleOrder.precedes(titleA, titleB) }
            return tieBreak(plans[a.position], plans[b.position], a.position, b.position)
        }
        return keys.map { items[$0.position] }
    }

    /// Same title: id, calendar and input position.
    private static func tieBreak(_ a: Plan, _ b: Plan, _ positionA: Int, _ positionB: Int) -> Bool {
        if a.id.uid != b.id.uid { return a.id.uid < b.id.uid }
        let occurrenceA = a.id.occurrence ?? "", occurrenceB = b.id.occurrence ?? ""
        if occurrenceA != occurrenceB { return occurrenceA < occurrenceB }
        if a.calendarID != b.calendarID { return a.calendarID.rawValue < b.calendarID.rawValue }
        return positionA < positionB
    }
}

/// The numeric part of the order, precomputed.
private struct SortKey {
    var group: Int          // 0 all-day, 1 timed
    var start: Double       // day number for all-day, seconds for timed
    var end: Double
    var position: Int

    init(_ plan: Plan, position: Int) {
        switch plan.timing {
        case let .allDay(start, end):
            group = 0
            self.start = Double(start.julianOffset)
            self.end = Double(end.julianOffset)
        case let .timed(start, end):
            group = 1
            self.start = start.timeIntervalSinceReferenceDate
            self.end = end.timeIntervalSinceReferenceDate
        }
        self.position = position
    }
}

/// The title rule of `PlanOrdering`, remembered per pair of titles.
///
/// On Linux `localizedStandardCompare` builds a locale and an ICU collator on every call
/// (about 10 µs); plans starting together (a day's all-day plans) are compared by title on
/// every page, and the same few titles meet again and again, so each pair is compared once.
/// The locale is the process's, which does not change while it runs.
enum TitleOrder {
    private struct Pair: Hashable {
        var first: String
        var second: String
    }

    /// Bounds the memory: past this many pairs the memo starts again.
    private static let limit = 50_000
    private static let memo = Mutex<[Pair: Bool]>([:])

    /// Whether `a` sorts before `b` (two different titles).
    static func precedes(_ a: String, _ b: String) -> Bool {
        if usesShortcut, let order = shortcut(a, b) { return order }
        let pair = Pair(first: a, second: b)
        if let known = memo.withLock({ $0[pair] }) { return known }
        let order = a.localizedStandardCompare(b)
        // Titles that differ only in ways the comparison ignores still need one order.
        let result = order == .orderedSame ? a < b : order == .orderedAscending
        memo.withLock { memo in
            if memo.count >= limit { memo.removeAll(keepingCapacity: true) }
            memo[pair] = result
            memo[Pair(first: b, second: a)] = !result
        }
        return result
    }

    /// The shortcut is exact only where the collation does not tailor Latin letters, i.e.
    /// the root order that English uses; other languages always ask ICU.
    private static let usesShortcut: Bool = {
        let locale = Locale.current
        return locale.language.languageCode?.identifier == "en" && locale.collation.identifier == "standard"
    }()

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
