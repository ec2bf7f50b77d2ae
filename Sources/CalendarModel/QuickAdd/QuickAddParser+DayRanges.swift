import Foundation

/// Ranges of days, each end written as a day alone is ("Dec 24 to Dec 28", "Dec 30 – Jan 2",
/// "2026-12-24 to 2026-12-28", "12/24–12/28", 12月24日～12月28日), or the last as the day of
/// the month only ("Dec 24–28", 12月24日〜28日, 12月24日から28日まで).
extension QuickAddParser {
    /// Any day in full, a separator, then any day in full or the day alone.
    private static let dayRange: String = {
        let first = QuickAddDayForm.full.map(\.edged).joined(separator: "|")
        let last = (QuickAddDayForm.full + QuickAddDayForm.dayAlone).map(\.edged).joined(separator: "|")
        return #"(?:\bfrom\s+)?(?:\#(first))\s*(?:\#(QuickAddWords.rangeSeparator)|through|thru)\s*(?:\#(last))(?:\s*まで)?"#
    }()

    /// Reads a range of days into `reading`: one plan over them all, the last included. A year
    /// left out is the first day's next one from today (as for a day alone) and the last day's
    /// the same, or the year after when its month comes earlier ("Dec 30 – Jan 2"). A last day
    /// before the first is said, never turned round. False when the phrase writes no range.
    func readDayRange(_ phrase: inout QuickAddPhrase, _ reading: inout Reading) -> Bool {
        guard let found = phrase.match(Self.dayRange) else { return false }
        let words = (found[0] ?? "").trimmingCharacters(in: .whitespaces)
        var offset = 1
        func written(in forms: [QuickAddDayForm]) -> QuickAddDayForm.Written? {
            var matched: QuickAddDayForm.Written?
            for form in forms {
                matched = matched ?? form.read(found, from: offset, dayFirst: dayFirst)
                offset += form.groupCount
            }
            return matched
        }
        guard let first = written(in: QuickAddDayForm.full), let firstMonth = first.month,
              let last = written(in: QuickAddDayForm.full + QuickAddDayForm.dayAlone) else { return false }
        let lastMonth = last.month ?? firstMonth
        // "Dec 30 – Jan 2, 2027": the first day's year is read from the last's.
        let firstYear = first.year ?? last.year.map { $0 - (lastMonth < firstMonth ? 1 : 0) }
        guard let start = date(month: firstMonth, day: first.day, year: firstYear),
              let end = CalendarDay(year: last.year ?? start.year + (lastMonth < firstMonth ? 1 : 0), month: lastMonth, day: last.day)
        else {
            reading.problems.append(.impossibleDate(words))
            return true
        }
        guard end >= start else {
            reading.problems.append(.endBeforeStart(words))
            return true
        }
        (reading.day, reading.lastDay) = (start, end)
        return true
    }
}
