import Foundation

/// Days: today, tomorrow, the day after tomorrow, weekdays ("Friday", "next Friday"), "in 3
/// days", "Dec 24", "24 Dec", "12/24", "2026-12-24", "24th", ranges ("Dec 14–16", "Dec 30 –
/// Jan 2", "2026-12-24 to 2026-12-28", "from Monday to Wednesday"); 今日, 明日, 明後日, 来週の金曜,
/// 3日後, 12月24日, 24日, 12月24日〜28日.
extension QuickAddParser {
    func readDays(_ phrase: inout QuickAddPhrase, _ reading: inout Reading) {
        typealias W = QuickAddWords
        if phrase.match(#"\ball[\s-]day\b|終日"#) != nil { reading.allDay = true }
        // Ranges first: their days would otherwise be read one by one, or the last as a time.
        if readDayRange(&phrase, &reading) { return }
        // "24 December" before anything reads "December 21" out of "24 December 21:00".
        // Not the end of a time ("9-10:30 Dec 24", "at 3 Dec 24", "from 9 to 11 Dec 24").
        let dayMonth = QuickAddDayForm.dayMonth
        if let named = phrase.match(#"(?<![:\d\-–—])(?<!\bat\s)(?<!\bto\s)\b"# + dayMonth.pattern + #"\b(?!:)"#),
           let written = dayMonth.read(named, dayFirst: dayFirst), let month = written.month {
            reading.day = date(month: month, day: written.day, year: written.year)
            if reading.day == nil { reading.problems.append(.impossibleDate((named[0] ?? "").trimmingCharacters(in: .whitespaces))) }
            return
        }
        if let range = phrase.match(#"\bfrom\s+\#(W.weekday)\s+(?:to|until|till|-|–)\s+\#(W.weekday)\b"#),
           let first = W.weekday(range[1]), let last = W.weekday(range[2]) {
            let start = day(weekday: first, nextWeek: false)
            reading.day = start
            reading.lastDay = start.adding(days: (last - first + 7) % 7)
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
        for form in QuickAddDayForm.full {
            if let found = phrase.match(form.edged), let written = form.read(found, dayFirst: dayFirst) {
                return (written.month.flatMap { date(month: $0, day: written.day, year: written.year) }, found[0])
            }
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
