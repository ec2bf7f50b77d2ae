import CICal
import CalendarModel
import Foundation
import ICalendarReading

/// Naming single occurrences of a repeating event in the master's own terms.
extension CalendarDocument {
    /// The occurrence `key` ("20261110" or the UTC instant "20261110T080000Z", as in
    /// `Plan.ID.occurrence`) written like the master's DTSTART: a date, UTC, or a wall time
    /// in the master's TZID (or floating). A task without DTSTART counts its occurrences from
    /// its DUE (`anchor`).
    func occurrenceTime(_ key: String, master: ComponentText, zones: TimeZoneTable,
                        anchor: String = "DTSTART") throws(ICalendarError) -> PropertyTime {
        guard let line = master.line(named: anchor), let start = PropertyTime(line: line) else {
            throw ICalendarError(path: "edit", problem: "\(master.kind == "VTODO" ? "task" : "event") \(master.uid ?? "?") has no readable \(anchor)")
        }
        guard let wall = WallTime(text: key) else {
            throw ICalendarError(path: "edit", problem: "\"\(key)\" names no occurrence")
        }
        switch start {
        case .date:
            return .date(wall.date)
        case .utc:
            return .utc(wall)
        case let .local(_, tzid):
            let editor = EventEditor(lineEnd: lineEnd, zones: zones)
            let local = wall.isDate ? wall : zones.wallTime(of: wall.asUTC, in: editor.eventZone(start))
            return .local(WallTime(date: local.date, secondOfDay: local.secondOfDay, isDate: false), tzid: tzid)
        }
    }

    /// An override for one occurrence: the master's lines without its recurrence rules,
    /// starting at the occurrence with the master's length.
    func makeOverride(of master: ComponentText, key: String, zones: TimeZoneTable) throws(ICalendarError) -> ComponentText {
        let time = try occurrenceTime(key, master: master, zones: zones)
        let text = PropertyText(lineEnd: lineEnd)
        let editor = EventEditor(lineEnd: lineEnd, zones: zones)
        var override = master
        for name in ["RRULE", "RDATE", "EXRULE", "EXDATE"] { override.remove(name) }
        if let start = master.line(named: "DTSTART").flatMap(PropertyTime.init(line:)),
           let endLine = master.line(named: "DTEND"), let end = PropertyTime(line: endLine) {
            override.set("DTEND", to: text.time("DTEND", shifted(end, from: start, to: time, editor: editor)).map { [$0] } ?? [])
        }
        override.set("DTSTART", to: text.time("DTSTART", time).map { [$0] } ?? [])
        guard let recurrenceID = text.time("RECURRENCE-ID", time) else {
            throw ICalendarError(path: "edit", problem: "could not write RECURRENCE-ID \(key)")
        }
        override.set("RECURRENCE-ID", to: [recurrenceID])
        return override
    }

    /// `end` moved by as much as the start moves from `start` to `newStart` (exact seconds
    /// for timed values, whole days for dates).
    func shifted(_ end: PropertyTime, from start: PropertyTime, to newStart: PropertyTime,
                         editor: EventEditor) -> PropertyTime {
        if case let .date(first) = start, case let .date(last) = end, case let .date(day) = newStart {
            return .date(day.adding(days: first.distance(to: last)))
        }
        let zones = editor.zones
        let length = zones.instant(of: EventTime(wall: end.wall, zone: editor.eventZone(end)))
            .timeIntervalSince(zones.instant(of: EventTime(wall: start.wall, zone: editor.eventZone(start))))
        let newEnd = zones.instant(of: EventTime(wall: newStart.wall, zone: editor.eventZone(newStart)))
            .addingTimeInterval(max(0, length))
        switch newStart {
        case .date, .utc: return .utc(WallTime(utcOf: newEnd))
        case let .local(_, tzid): return .local(zones.wallTime(of: newEnd, in: editor.eventZone(newStart)), tzid: tzid)
        }
    }
}
