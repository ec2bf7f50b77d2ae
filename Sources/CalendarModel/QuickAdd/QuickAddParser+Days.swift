import Foundation

/// Days: today, tomorrow, the day after tomorrow, weekdays ("Friday", "next Friday"), "in 3
/// days", "Dec 24", "24 Dec", "12/24", "2026-12-24", "24th", ranges ("Dec 14–16", "from Monday
/// to Wednesday"); 今日, 明日, 明後日, 来週の金曜, 3日後, 12月24日, 24日.
extension QuickAddParser {
    func readDays(_ phrase: inout QuickAddPhrase, _ reading: inout Reading) {
        typealias W = QuickAddWords
        if phrase.match(#"\ball[\s-]day\b|終日"#) != nil { reading.allDay = true }
        // "24 December" before anything reads "December 21" out of "24 December 21:00".
        // Not the end of a time ("9-10:30 Dec 24", "at 3 Dec 24", "from 9 to 11 Dec 24").
        if let named = phrase.match(#"(?<![:\d\-–—])(?<!\bat\s)(?<!\bto\s)\b(\d{1,2})(?:st|nd|rd|th)?\s+\#(W.month)(?:\s+(\d{4}))?\b(?!:)"#),
           let month = W.month(named[2]), let day = Int(named[1] ?? "") {
            reading.day = date(month: month, day: day, year: named[3].flatMap { Int($0) })
            if reading.day == nil { reading.problems.append(.impossibleDate((named[0] ?? "").trimmingCharacters(in: .whitespaces))) }
            return
        }
        // Ranges first: their days would otherwise be read one by one.
        if let range = phrase.match(#"\b\#(W.month)\s+(\d{1,2})\s*(?:-|–|—|to)\s*(\d{1,2})\b(?![:\d]|\s*(?:am|pm|a\.m\.|p\.m\.))"#),
           let month = W.month(range[1]), let first = Int(range[2] ?? ""), let last = Int(range[3] ?? ""),
           let start = date(month: month, day: first, year: nil) {
            reading.day = start
            guard let end = CalendarDay(year: start.year, month: month, day: last), end >= start else {
                reading.problems.append(.impossibleDate((range[0] ?? "").trimmingCharacters(in: .whitespaces)))
                return
            }
            reading.lastDay = end
            return
        }
        if let range = phrase.match(#"\bfrom\s+\#(W.weekday)\s+(?:to|until|till|-|–)\s+\#(W.weekday)\b"#),
           let first = W.weekday(range[1]), let last = W.weekday(range[2]) {
            let start = day(weekday: first, nextWeek: false)
            reading.day = start
            reading.lastDay = start.adding(days: (last - first + 7) % 7)
            return
        }
        if let range = phrase.match("(\\d{1,2})月(\\d{1,2})日\\s*(?:〜|～|~|-|から)\\s*(?:(\\d{1,2})月)?(\\d{1,2})日(?:まで)?"),
           let month = Int(range[1] ?? ""), let first = Int(range[2] ?? ""), let last = Int(range[4] ?? ""),
           let start = date(month: month, day: first, year: nil) {
            reading.day = start
            let lastMonth = range[3].flatMap { Int($0) } ?? month
            guard let end = CalendarDay(year: start.year + (lastMonth < month ? 1 : 0), month: lastMonth, day: last), end >= start else {
                reading.problems.append(.impossibleDate(range[0] ?? ""))
                return
            }
            reading.lastDay = end
            return
        }
        let (day, words) = singleDay(&phrase)
        reading.day = day
        // Words that name a day that does not exist ("Feb 30") are said, never guessed away.
        if day == nil, let words { reading.problems.append(.impossibleDate(words.trimmingCharacters(in: .whitespaces))) }
    }

    /// The day the phrase names, or nil with the words when they name none that exists.
    private func singleDay(_ phrase: inout QuickAddPhrase) -> (CalendarDay?, String?) {
        typealias W = QuickAddWords
        if phrase.match(#"\b(?:the\s+)?day\s+after\s+tomorrow\b|明後日|あさって"#) != nil { return (today.adding(days: 2), nil) }
        if phrase.match(#"\btomorrow\b|明日|あした"#) != nil { return (today.adding(days: 1), nil) }
        if phrase.match(#"\b(?:today|tonight)\b|今日|きょう"#) != nil { return (today, nil) }
        if let later = phrase.match(#"\bin\s+(\d{1,3})\s+(day|week)s?\b|(\d{1,3})(日|週間)後"#),
           let count = Int(later[1] ?? later[3] ?? "") {
            let weeks = (later[2] ?? "").lowercased() == "week" || later[4] == "週間"
            return (today.adding(days: count * (weeks ? 7 : 1)), nil)
        }
        if let next = phrase.match(#"\bnext\s+\#(W.weekday)\b"#), let weekday = W.weekday(next[1]) {
            return (day(weekday: weekday, nextWeek: true), nil)
        }
        if let next = phrase.match("(来週|今週)の?\(W.japaneseWeekday)"), let weekday = W.japaneseWeekday(next[2]) {
            return (day(weekday: weekday, nextWeek: next[1] == "来週"), nil)
        }
        if let iso = phrase.match(#"\b(\d{4})-(\d{1,2})-(\d{1,2})\b|(\d{4})年(\d{1,2})月(\d{1,2})日"#) {
            let parts = [iso[1] ?? iso[4], iso[2] ?? iso[5], iso[3] ?? iso[6]].map { Int($0 ?? "") ?? 0 }
            return (CalendarDay(year: parts[0], month: parts[1], day: parts[2]), iso[0])
        }
        if let named = phrase.match(#"\b\#(W.month)\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?\b(?!:|\s*(?:am|pm)\b)"#),
           let month = W.month(named[1]), let day = Int(named[2] ?? "") {
            return (date(month: month, day: day, year: named[3].flatMap { Int($0) }), named[0])
        }
        if let named = phrase.match(#"\b(\d{1,2})(?:st|nd|rd|th)?\s+\#(W.month)(?:\s+(\d{4}))?\b"#),
           let month = W.month(named[2]), let day = Int(named[1] ?? "") {
            return (date(month: month, day: day, year: named[3].flatMap { Int($0) }), named[0])
        }
        if let japanese = phrase.match("(\\d{1,2})月(\\d{1,2})日"), let month = Int(japanese[1] ?? ""), let day = Int(japanese[2] ?? "") {
            return (date(month: month, day: day, year: nil), japanese[0])
        }
        if let slash = phrase.match(#"\b(\d{1,2})/(\d{1,2})(?:/(\d{2,4}))?\b"#),
           let first = Int(slash[1] ?? ""), let second = Int(slash[2] ?? "") {
            return (date(month: dayFirst ? second : first, day: dayFirst ? first : second, year: slash[3].flatMap { Int($0) }), slash[0])
        }
        if let weekday = phrase.match(#"\b(?:this\s+)?\#(W.weekday)\b"#), let number = W.weekday(weekday[1]) {
            return (day(weekday: number, nextWeek: false), nil)
        }
        if let weekday = phrase.match(W.japaneseWeekday), let number = W.japaneseWeekday(weekday[1]) {
            return (day(weekday: number, nextWeek: false), nil)
        }
        if let ordinal = phrase.match(#"\b(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b|(?<![\d月])(\d{1,2})日(?![後間])"#),
           let day = Int(ordinal[1] ?? ordinal[2] ?? "") {
            return (date(monthDay: day), ordinal[0])
        }
        return (nil, nil)
    }
}
