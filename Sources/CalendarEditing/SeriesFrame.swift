import Foundation
import ICalendarReading

/// The clock a repeating event's rule runs on: its DTSTART's (a date, UTC, a zone or
/// floating). EXDATE and RECURRENCE-ID values are compared, and written again, in it.
struct SeriesFrame {
    let start: PropertyTime
    let zones: TimeZoneTable
    private let editor: EventEditor

    init(start: PropertyTime, zones: TimeZoneTable, lineEnd: String) {
        self.start = start
        self.zones = zones
        editor = EventEditor(lineEnd: lineEnd, zones: zones)
    }

    /// What DTSTART's clock shows at `time`: a date series takes the value's day; a timed
    /// value in another zone (a UTC EXDATE of a zoned series) is turned into this one's.
    /// A date value of a timed series stays a date (it names a whole day, leniently).
    func wall(of time: PropertyTime) -> WallTime {
        if case .date = start { return WallTime(date: time.wall.date, isDate: true) }
        if time.wall.isDate { return time.wall }
        let zone = editor.eventZone(time), frame = editor.eventZone(start)
        if zone == frame { return time.wall }
        return zones.wallTime(of: zones.instant(of: EventTime(wall: time.wall, zone: zone)), in: frame)
    }

    /// `wall` (on this clock) written as DTSTART is: a date, UTC, or the wall time in its zone.
    func time(_ wall: WallTime) -> PropertyTime {
        switch start {
        case .date: .date(wall.date)
        case .utc: .utc(wall)
        case let .local(_, tzid): .local(wall, tzid: tzid)
        }
    }

    /// UNTIL for a rule that must end just before the occurrence at `wall` (RFC 5545
    /// §3.3.10): the day before for a date series, else the second before, in UTC for a UTC
    /// or zoned start and as a floating time for a floating one.
    func until(before wall: WallTime) -> String {
        switch start {
        case .date:
            return WallTime(date: wall.date.adding(days: -1), isDate: true).icalText
        case .local(_, nil):
            return wall.adding(seconds: -1).icalText
        case .utc, .local:
            let instant = zones.instant(of: EventTime(wall: wall, zone: editor.eventZone(start)))
            return WallTime(utcOf: instant.addingTimeInterval(-1)).icalText + "Z"
        }
    }

    /// The time values of a multi-valued line (EXDATE:a,b), each read with the line's parameters.
    static func values(of line: ContentLine) -> [PropertyTime] {
        let unfolded = line.unfolded
        guard let colon = Self.valueColon(in: unfolded) else { return [] }
        let head = unfolded[..<colon]
        return unfolded[unfolded.index(after: colon)...].split(separator: ",").compactMap { value in
            PropertyTime(line: ContentLine(text: head + ":" + value.trimmingCharacters(in: .whitespaces)))
        }
    }

    /// The colon that starts a line's value: the first outside quoted parameter values.
    private static func valueColon(in line: String) -> String.Index? {
        var inQuotes = false
        for index in line.indices {
            if line[index] == "\"" { inQuotes.toggle() }
            if line[index] == ":" && !inQuotes { return index }
        }
        return nil
    }
}
