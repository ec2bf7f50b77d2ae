import CalendarModel
import Foundation
import ICalendarReading
import Recurrence

/// Where a repeating event is cut for "this and all following", worked out from its master
/// before anything is written: the chosen occurrence on the rule's clock, the rule each part
/// gets, and which exceptions fall before it.
///
/// Only a series made by one RRULE (no RDATE, no EXRULE) can be cut: extra dates and
/// exception rules are counted from DTSTART in ways a second DTSTART would change.
struct SeriesSplit {
    let frame: SeriesFrame
    /// The chosen occurrence, on DTSTART's clock.
    let at: WallTime
    /// Whether some occurrence is left before it (not the first, nor after excluded ones only).
    let leavesOccurrencesBefore: Bool
    /// The old part's RRULE value: the same rule ending just before the chosen occurrence.
    let oldRule: String
    /// The new part's RRULE value: COUNT less the occurrences before, else as it was.
    let newRule: String

    init(master: ComponentText, key: String, zones: TimeZoneTable, lineEnd: String,
         occurrence: PropertyTime) throws(ICalendarError) {
        let title = master.value(of: "SUMMARY").map { "“\($0)”" } ?? "the plan"
        func refuse(_ why: String) -> ICalendarError {
            ICalendarError(path: "edit", problem: "\(title) \(why), so it cannot be split: change only this one or all of them")
        }
        guard master.line(named: "RDATE") == nil, master.line(named: "EXRULE") == nil else {
            throw refuse("repeats on extra dates (RDATE) or skips by a rule (EXRULE)")
        }
        let rules = master.allLines(named: "RRULE")
        guard rules.count == 1, let ruleLine = rules.first,
              let startLine = master.line(named: "DTSTART"), let start = PropertyTime(line: startLine) else {
            throw refuse("does not repeat by one rule")
        }
        let rule: RecurrenceRule
        do { rule = try RecurrenceRule(parsing: ruleLine.value) } catch { throw refuse("has a rule Koyomi cannot read (\(error))") }
        frame = SeriesFrame(start: start, zones: zones, lineEnd: lineEnd)
        at = frame.wall(of: occurrence)

        let expansion = RuleExpansion(rule: rule, start: start.wall.ruleTime, isDate: start.wall.isDate, until: nil)
        guard expansion.occurrences(from: at.ruleTime, through: at.ruleTime).times == [at.ruleTime] else {
            throw ICalendarError(path: "edit", problem: "\(title) has no occurrence at \(key) any more")
        }
        let exdates = Set(master.allLines(named: "EXDATE").flatMap(SeriesFrame.values(of:)).map(frame.wall(of:)))
        var before: [RuleTime] = []
        if at > start.wall {
            // Up to COUNT (all of them count), or enough to find one not excluded.
            let found = expansion.occurrences(from: start.wall.ruleTime, through: at.adding(seconds: -1).ruleTime,
                                              limit: rule.count ?? (exdates.count + 1))
            guard !found.isCut || rule.count == nil else { throw refuse("repeats too often to be counted") }
            before = found.times
        }
        leavesOccurrencesBefore = before.contains { time in
            let wall = WallTime(time, isDate: start.wall.isDate)
            return !exdates.contains(wall) && !exdates.contains(WallTime(date: wall.date, isDate: true))
        }

        // UNTIL where COUNT or UNTIL stood (libical writes the parts in its own order anyway).
        let parts = ruleLine.value.split(separator: ";").map(String.init)
        let isEnd = { (part: String) in ["COUNT", "UNTIL"].contains(part.prefix { $0 != "=" }.uppercased()) }
        var old = parts.filter { !isEnd($0) }
        old.insert("UNTIL=" + frame.until(before: at), at: min(parts.firstIndex(where: isEnd) ?? old.count, old.count))
        oldRule = old.joined(separator: ";")
        newRule = parts.map { part in
            guard part.prefix(while: { $0 != "=" }).uppercased() == "COUNT", let count = rule.count else { return part }
            return "COUNT=\(count - before.count)"
        }.joined(separator: ";")
    }

    /// Whether an EXDATE or RECURRENCE-ID value names an occurrence before the split (a date
    /// value of a timed series: a day before the chosen occurrence's day).
    func isBefore(_ time: PropertyTime) -> Bool {
        let wall = frame.wall(of: time)
        if wall.isDate && !at.isDate { return wall.date < at.date }
        return wall < at
    }

    /// The EXDATE lines of `master` that fall on the `before` side (true) or the other: a line
    /// all on one side keeps its text, a line with values on both is written once per value.
    func exdates(of master: ComponentText, before: Bool, text: PropertyText) -> [ContentLine] {
        master.allLines(named: "EXDATE").flatMap { line -> [ContentLine] in
            let values = SeriesFrame.values(of: line)
            let mine = values.filter { isBefore($0) == before }
            if mine.count == values.count { return [line] }
            return mine.compactMap { text.time("EXDATE", $0) }
        }
    }
}
