import Foundation

/// One way quick add reads a day written out: "2026-12-24", 2026年12月24日, "Dec 24", "24 Dec",
/// 12月24日, "12/24". A day alone and each end of a range of days ("Dec 30 – Jan 2",
/// "2026-12-24 to 2026-12-28") are read with the same forms, so each is written once.
struct QuickAddDayForm: Sendable {
    /// A day as written; a year (and, for a range's last day, a month) left out is nil.
    struct Written {
        var year: Int?
        var month: Int?
        var day: Int
    }

    /// The words, with capture groups.
    let pattern: String
    /// `pattern` with what must stand before and after it (a word's edge, no ":" after).
    let edged: String
    /// How many capture groups `pattern` has.
    let groupCount: Int
    /// The day its groups write; `dayFirst`: "12/11" is 12 November.
    private let reading: @Sendable (_ groups: [String?], _ dayFirst: Bool) -> Written?

    private init(_ pattern: String, before: String = "", after: String = "",
                 read: @escaping @Sendable (_ groups: [String?], _ dayFirst: Bool) -> Written?) {
        self.pattern = pattern
        edged = before + pattern + after
        groupCount = (try? NSRegularExpression(pattern: pattern))?.numberOfCaptureGroups ?? 0
        reading = read
    }

    /// The day written in `groups` from `offset` on (the groups of a match of a pattern this
    /// form's pattern is part of), or nil when this form is not what matched there.
    func read(_ groups: [String?], from offset: Int = 1, dayFirst: Bool) -> Written? {
        guard offset >= 0, offset + groupCount <= groups.count else { return nil }
        let own = Array(groups[offset..<offset + groupCount])
        guard own.contains(where: { $0 != nil }) else { return nil }
        return reading(own, dayFirst)
    }

    private static func number(_ text: String?) -> Int? { text.flatMap { Int($0) } }

    /// Two-digit years are this century's ("12/24/27").
    private static func year(_ text: String?) -> Int? { number(text).map { $0 < 100 ? 2000 + $0 : $0 } }

    static let iso = QuickAddDayForm(#"(\d{4})-(\d{1,2})-(\d{1,2})"#, before: #"\b"#, after: #"\b"#) { groups, _ in
        number(groups[2]).map { Written(year: year(groups[0]), month: number(groups[1]), day: $0) }
    }
    static let japaneseWithYear = QuickAddDayForm("(\\d{4})年(\\d{1,2})月(\\d{1,2})日") { groups, _ in
        number(groups[2]).map { Written(year: year(groups[0]), month: number(groups[1]), day: $0) }
    }
    /// Not "December 21" out of "December 21:00", nor "Dec 3" of "Dec 3pm".
    static let monthDay = QuickAddDayForm(#"\#(QuickAddWords.month)\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?"#, before: #"\b"#,
                                          after: #"\b(?!:|\s*(?:am|pm)\b)"#) { groups, _ in
        number(groups[1]).map { Written(year: year(groups[2]), month: QuickAddWords.month(groups[0]), day: $0) }
    }
    static let dayMonth = QuickAddDayForm(#"(\d{1,2})(?:st|nd|rd|th)?\s+\#(QuickAddWords.month)(?:\s+(\d{4}))?"#, before: #"\b"#,
                                          after: #"\b"#) { groups, _ in
        number(groups[0]).map { Written(year: year(groups[2]), month: QuickAddWords.month(groups[1]), day: $0) }
    }
    static let japanese = QuickAddDayForm("(\\d{1,2})月(\\d{1,2})日") { groups, _ in
        number(groups[1]).map { Written(month: number(groups[0]), day: $0) }
    }
    /// Month/day, or day/month where the locale writes the day first.
    static let slashed = QuickAddDayForm(#"(\d{1,2})/(\d{1,2})(?:/(\d{2,4}))?"#, before: #"\b"#, after: #"\b"#) { groups, dayFirst in
        guard let first = number(groups[0]), let second = number(groups[1]) else { return nil }
        return Written(year: year(groups[2]), month: dayFirst ? second : first, day: dayFirst ? first : second)
    }

    /// Every day written in full, in the order they are tried.
    static let full = [iso, japaneseWithYear, monthDay, dayMonth, japanese, slashed]

    /// A range's last day written as the day alone ("Dec 24–28", 12月24日〜28日): its month
    /// and year are the first day's. Never a time ("Dec 24 – 9:30", "Dec 24 – 11pm").
    static let dayAlone: [QuickAddDayForm] = [
        QuickAddDayForm("(\\d{1,2})日") { groups, _ in number(groups[0]).map { Written(day: $0) } },
        QuickAddDayForm(#"(\d{1,2})(?:st|nd|rd|th)?"#, before: #"\b"#, after: #"\b(?![:\d/]|\s*(?:am|pm|a\.m\.|p\.m\.))"#) { groups, _ in
            number(groups[0]).map { Written(day: $0) }
        },
    ]
}
