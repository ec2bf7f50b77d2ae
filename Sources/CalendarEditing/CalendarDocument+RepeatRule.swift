import CalendarModel
import Foundation
import ICalendarReading

/// Reading an event's repeat rule back for the editor.
extension CalendarDocument {
    /// Whether the event repeats (its master has an RRULE or an RDATE).
    public func isRepeating(uid: String) -> Bool {
        guard let master = master(uid: uid) else { return false }
        return master.line(named: "RRULE") != nil || master.line(named: "RDATE") != nil
    }

    /// The event's repeat rule in the simple terms the editor and quick add use
    /// (`RecurrenceRule.simplified`), UNTIL turned into the event's last day; nil when it has
    /// no RRULE or one those terms cannot say exactly (BYSETPOS, BYMONTHDAY lists, numbered
    /// BYDAY like "2TU", several RRULEs, extra RDATEs, …), so the editor must leave it alone.
    public func repeatRule(uid: String) -> RecurrenceRule? {
        guard let master = master(uid: uid), master.line(named: "RDATE") == nil else { return nil }
        let rules = master.allLines(named: "RRULE")
        guard rules.count == 1, let line = rules.first, var rule = try? RecurrenceRule(parsing: line.value),
              let startLine = master.line(named: "DTSTART"), let start = PropertyTime(line: startLine) else { return nil }
        if let until = rule.until { rule.until = RecurrenceRule.Until(day: lastDay(until: until, start: start)) }
        return rule.simplified(startingOn: start.wall.date)
    }

    /// The master (no RECURRENCE-ID) VEVENT of `uid`: of several copies, the one shown.
    func master(uid: String) -> ComponentText? {
        guard let index = masterPartIndex(uid: uid), case let .component(component) = parts[index] else { return nil }
        return component
    }

    /// Where in `parts` the master of `uid` is. A file may hold an event twice (a careless
    /// merge); the window shows the newest copy (`PlacedEvents.settle`), so edits go to it and
    /// the other copies stay as they are.
    func masterPartIndex(uid: String) -> Int? {
        var best: (index: Int, revision: Revision)?
        for (index, part) in parts.enumerated() {
            guard case let .component(component) = part, component.kind == "VEVENT", component.uid == uid,
                  component.recurrenceIDLine == nil else { continue }
            let revision = Revision([component])
            if best.map({ revision.compare($0.revision) == .orderedDescending }) ?? true { best = (index, revision) }
        }
        return best?.index
    }

    /// UNTIL as "the last day an occurrence may start on", in the event's own frame: a UTC
    /// UNTIL is turned into the event's wall time, and a day whose UNTIL falls before the
    /// event's time of day does not count.
    private func lastDay(until: RecurrenceRule.Until, start: PropertyTime) -> CalendarDay {
        if until.isDate { return until.time.day }
        var wall = WallTime(date: until.time.day, secondOfDay: until.time.secondOfDay, isDate: false)
        let zones = zoneTable()
        if until.isUTC {
            wall = zones.wallTime(of: wall.asUTC, in: EventEditor(lineEnd: lineEnd, zones: zones).eventZone(start))
        }
        if case .date = start { return wall.date }
        return wall.secondOfDay < start.wall.secondOfDay ? wall.date.adding(days: -1) : wall.date
    }
}
