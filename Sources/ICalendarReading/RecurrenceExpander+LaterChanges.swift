import Foundation

/// RECURRENCE-ID;RANGE=THISANDFUTURE: an override that changes its occurrence and every later one.
extension RecurrenceExpander {
    /// The THISANDFUTURE override in force at the occurrence `start` (the latest at or before
    /// it), and the occurrence moved as that override moved its own.
    func laterChange(of master: EventRecord, at start: EventTime) -> (EventRecord, EventTime)? {
        guard !master.laterChanges.isEmpty else { return nil }
        let instant = start.wall.isDate ? nil : zones.instant(of: start)
        guard let change = master.laterChanges.last(where: { change in
            guard let id = change.recurrenceID else { return false }
            if let instant, !id.wall.isDate { return zones.instant(of: id) <= instant }
            return id.wall.date <= start.wall.date
        }), let id = change.recurrenceID else { return nil }
        if start.wall.isDate || change.start.wall.isDate || id.wall.isDate {
            let days = id.wall.date.distance(to: change.start.wall.date)
            let moved = WallTime(date: start.wall.date.adding(days: days), secondOfDay: change.start.wall.secondOfDay,
                                 isDate: change.start.wall.isDate)
            return (change, EventTime(wall: moved, zone: change.start.wall.isDate ? .floating : change.start.zone))
        }
        let shift = zones.instant(of: change.start).timeIntervalSince(zones.instant(of: id))
        let moved = zones.instant(of: start).addingTimeInterval(shift)
        return (change, EventTime(wall: zones.wallTime(of: moved, in: change.start.zone), zone: change.start.zone))
    }

    /// Seconds the THISANDFUTURE overrides may move an occurrence, either way.
    static func laterChangeReach(of master: EventRecord) -> Int {
        master.laterChanges.reduce(0) { reach, change in
            guard let id = change.recurrenceID else { return reach }
            let moved = abs(id.wall.seconds(since: change.start.wall)) + 86_400
            return max(reach, moved + change.length.approximateSeconds)
        }
    }
}
