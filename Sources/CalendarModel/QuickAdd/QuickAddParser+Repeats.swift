import Foundation

/// "every weekday", "every Monday and Thursday", "every 2 weeks", "monthly on the 15th",
/// "every year", "until March", "5 times"; 毎日, 平日, 毎週月曜と木曜, 隔週, 毎月15日, 毎年, 5回.
extension QuickAddParser {
    func readRepeat(_ phrase: inout QuickAddPhrase, _ reading: inout Reading) {
        typealias W = QuickAddWords
        var rule: RecurrenceRule?
        if phrase.match(#"\bevery\s+weekday\b|\bweekdays\b|平日"#) != nil {
            rule = .everyWeekday
        } else if let days = phrase.match(#"\bevery\s+(?:other\s+)?(\#(W.weekday)(?:\s*(?:,|and|&)\s*\#(W.weekday))*)\b"#) {
            let names = (days[1] ?? "").components(separatedBy: CharacterSet(charactersIn: ", &")).filter { !$0.isEmpty && $0.lowercased() != "and" }
            let every = (days[0] ?? "").lowercased().contains("other") ? 2 : 1
            rule = .simple(.weekly, interval: every, weekdays: Set(names.compactMap(W.weekday)))
        } else if let japanese = phrase.match("(毎週|隔週)((?:[日月火水木金土]曜日?(?:と|・|、)?)*)") {
            let days = (japanese[2] ?? "").compactMap { W.japaneseWeekday(String($0)) }
            rule = .simple(.weekly, interval: japanese[1] == "隔週" ? 2 : 1, weekdays: Set(days))
        } else if let interval = phrase.match(#"\bevery\s+(\d+|other)\s+(day|week|month|year)s?\b"#) {
            let count = interval[1].flatMap { Int($0) } ?? 2
            rule = .simple(Self.frequency(interval[2]), interval: count)
        } else if let monthly = phrase.match(#"\b(?:monthly|every\s+month)\s+on\s+the\s+(\d{1,2})(?:st|nd|rd|th)?\b|毎月(\d{1,2})日"#),
                  let day = Int(monthly[1] ?? monthly[2] ?? ""), (1...31).contains(day) {
            rule = .simple(.monthly)
            rule?.byMonthDay = [day]
        } else if let plain = phrase.match(#"\b(?:every\s+(day|week|month|year)|(daily|weekly|monthly|yearly|annually))\b|(毎日|毎月|毎年)"#) {
            let word = (plain[1] ?? plain[2] ?? plain[3] ?? "").lowercased()
            let frequency: RecurrenceRule.Frequency = switch word {
            case "day", "daily", "毎日": .daily
            case "week", "weekly": .weekly
            case "month", "monthly", "毎月": .monthly
            default: .yearly
            }
            rule = .simple(frequency)
        }
        guard var rule else { return }
        if let count = phrase.match(#"\b(\d{1,3})\s+times\b|(\d{1,3})回"#), let number = Int(count[1] ?? count[2] ?? ""), number > 0 {
            rule.count = number
        } else if let until = phrase.match(#"\buntil\s+\#(W.month)(?:\s+(\d{1,2})(?:st|nd|rd|th)?)?\b"#),
                  let month = W.month(until[1]) {
            rule.until = (until[2].flatMap { Int($0) }.flatMap { date(month: month, day: $0, year: nil) } ?? lastDay(ofMonth: month))
                .map(RecurrenceRule.Until.init(day:))
        } else if let until = phrase.match("(\\d{1,2})月(?:(\\d{1,2})日)?まで"), let month = Int(until[1] ?? "") {
            rule.until = (until[2].flatMap { Int($0) }.flatMap { date(month: month, day: $0, year: nil) } ?? lastDay(ofMonth: month))
                .map(RecurrenceRule.Until.init(day:))
        }
        reading.repeatRule = rule
    }

    private static func frequency(_ unit: String?) -> RecurrenceRule.Frequency {
        switch unit?.lowercased() {
        case "day": .daily
        case "week": .weekly
        case "month": .monthly
        default: .yearly
        }
    }
}
