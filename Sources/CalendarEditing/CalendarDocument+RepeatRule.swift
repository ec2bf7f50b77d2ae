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

    /// The event's repeat rule as the editor offers it; nil when it has no RRULE or one that
    /// `RepeatRule` cannot represent exactly (BYSETPOS, BYMONTHDAY lists, numbered BYDAY like
    /// "2TU", several RRULEs, extra RDATEs, …), so the editor must leave the rule alone.
    public func repeatRule(uid: String) -> RepeatRule? {
        guard let master = master(uid: uid), master.line(named: "RDATE") == nil else { return nil }
        let rules = master.allLines(named: "RRULE")
        guard rules.count == 1, let rule = rules.first,
              let startLine = master.line(named: "DTSTART"), let start = PropertyTime(line: startLine) else { return nil }
        var parts: [String: String] = [:]
        for part in rule.value.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, parts.updateValue(pair[1], forKey: pair[0].uppercased()) == nil else { return nil }
        }
        guard let frequencyText = parts.removeValue(forKey: "FREQ"),
              var frequency = RepeatRule.Frequency(rawValue: frequencyText.uppercased()) else { return nil }
        let interval = parts.removeValue(forKey: "INTERVAL").map { Int($0) } ?? 1
        guard let interval, interval >= 1 else { return nil }

        var weekdays: [RepeatRule.Weekday] = []
        if let byDay = parts.removeValue(forKey: "BYDAY") {
            let days = byDay.split(separator: ",").map { RepeatRule.Weekday(rawValue: $0.uppercased()) }
            guard !days.contains(nil) else { return nil }
            weekdays = days.compactMap { $0 }
            // Every day filtered to some weekdays is, at interval 1, weekly on those days.
            if frequency == .daily, interval == 1 { frequency = .weekly }
            guard frequency == .weekly else { return nil }
        }
        // The week start only matters for weekly rules skipping weeks on several days.
        if let weekStart = parts.removeValue(forKey: "WKST"),
           weekStart.uppercased() != "MO", interval > 1, weekdays.count > 1 { return nil }
        // BYMONTHDAY/BYMONTH that only repeat DTSTART's own day and month change nothing.
        let day = start.wall.date
        if let monthDay = parts.removeValue(forKey: "BYMONTHDAY") {
            guard [.monthly, .yearly].contains(frequency), Int(monthDay) == day.day else { return nil }
        }
        if let month = parts.removeValue(forKey: "BYMONTH") {
            guard frequency == .yearly, Int(month) == day.month else { return nil }
        }

        let end: RepeatRule.End
        switch (parts.removeValue(forKey: "COUNT"), parts.removeValue(forKey: "UNTIL")) {
        case (nil, nil): end = .never
        case let (count?, nil):
            guard let number = Int(count), number >= 1 else { return nil }
            end = .afterCount(number)
        case let (nil, until?):
            guard let last = lastDay(until: until, start: start) else { return nil }
            end = .on(last)
        default: return nil
        }
        guard parts.isEmpty else { return nil }
        return RepeatRule(frequency: frequency, interval: interval, weekdays: weekdays, end: end)
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
    private func lastDay(until text: String, start: PropertyTime) -> CalendarDay? {
        let digits = text.uppercased()
        func number(_ from: Int, _ length: Int) -> Int? {
            let chars = Array(digits)
            guard chars.count >= from + length else { return nil }
            return Int(String(chars[from..<from + length]))
        }
        guard let year = number(0, 4), let month = number(4, 2), let dayNumber = number(6, 2),
              let day = CalendarDay(year: year, month: month, day: dayNumber) else { return nil }
        if digits.count == 8 { return day }
        guard digits.count >= 15, Array(digits)[8] == "T",
              let hour = number(9, 2), let minute = number(11, 2), let second = number(13, 2) else { return nil }
        var wall = WallTime(date: day, secondOfDay: hour * 3600 + minute * 60 + second, isDate: false)
        let zones = zoneTable()
        if digits.hasSuffix("Z") {
            wall = zones.wallTime(of: wall.asUTC, in: EventEditor(lineEnd: lineEnd, zones: zones).eventZone(start))
        }
        if case .date = start { return wall.date }
        return wall.secondOfDay < start.wall.secondOfDay ? wall.date.adding(days: -1) : wall.date
    }
}
