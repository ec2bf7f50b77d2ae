import Foundation

/// A month of a year: what the grid shows and what the pager moves.
public struct YearMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public init?(year: Int, month: Int) {
        guard (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    init(validYear year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    /// Parses "YYYY-MM" (the `--month` argument); nil when malformed or impossible.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              // Digits only: Int() alone would also accept "+1".
              parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
              let y = Int(parts[0]), let m = Int(parts[1]) else { return nil }
        self.init(year: y, month: m)
    }

    public func adding(months: Int) -> YearMonth {
        let index = year * 12 + (month - 1) + months
        let y = index >= 0 ? index / 12 : (index - 11) / 12
        return YearMonth(validYear: y, month: index - y * 12 + 1)
    }

    public var next: YearMonth { adding(months: 1) }
    public var previous: YearMonth { adding(months: -1) }

    public var firstDay: CalendarDay { CalendarDay(year: year, month: month, day: 1)! }
    public var lastDay: CalendarDay { CalendarDay(year: year, month: month, day: numberOfDays)! }
    public var numberOfDays: Int { Self.numberOfDays(year: year, month: month) }

    static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func numberOfDays(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func < (a: YearMonth, b: YearMonth) -> Bool {
        (a.year, a.month) < (b.year, b.month)
    }

    /// "2026-11"
    public var description: String { String(format: "%04d-%02d", year, month) }
}
