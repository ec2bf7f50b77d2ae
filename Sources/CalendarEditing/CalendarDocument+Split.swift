import CalendarModel
import Foundation
import ICalendarReading

/// "This and all following": a repeating event split in two at one of its occurrences.
///
/// The old series gets an UNTIL just before the chosen occurrence (a COUNT becomes that
/// UNTIL), and a new event with a new UID (RELATED-TO the old one) starts at the chosen
/// occurrence with the rest of the rule; EXDATEs and RECURRENCE-ID overrides go with the part
/// they fall in, an override moving to the new series under its UID with its text otherwise as
/// it was. RANGE=THISANDFUTURE is not written: few clients and servers follow it, while a
/// split is what GNOME Calendar, Apple Calendar and Google write and every client reads.
extension CalendarDocument {
    /// Splits the series `id.uid` at the occurrence `id.occurrence`, the new series (`newUID`)
    /// unchanged yet. False, and nothing written, when no occurrence would be left before it
    /// (the first one): then "this and all following" is the whole series.
    @discardableResult
    public mutating func splitSeries(at id: Plan.ID, newUID: String, now: Date) throws(ICalendarError) -> Bool {
        try split(at: id, newUID: newUID, now: now)
    }

    /// Deletes the occurrence `id` and every later one: the series ends before it, and
    /// overrides of later occurrences go. False, and nothing written, for the first occurrence.
    @discardableResult
    public mutating func endSeries(before id: Plan.ID, now: Date) throws(ICalendarError) -> Bool {
        try split(at: id, newUID: nil, now: now)
    }

    /// Whether the occurrence `id` has a RECURRENCE-ID override of its own.
    public func hasOverride(_ id: Plan.ID) -> Bool {
        guard let key = id.occurrence else { return false }
        return overrideIndex(uid: id.uid, key: key, zones: zoneTable()) != nil
    }

    /// `updateEvent`, and when the change moves the series' start (keeping its kind and zone),
    /// its EXDATEs and its overrides' RECURRENCE-IDs move by as much on its clock, so they
    /// still name their occurrences. For a series Koyomi has just split off: whatever they
    /// named, they named in it.
    public mutating func updateSeriesKeepingExceptions(uid: String, _ changes: [PlanChange],
                                                       now: Date) throws(ICalendarError) {
        let before = master(uid: uid)?.line(named: "DTSTART").flatMap(PropertyTime.init(line:))
        try updateEvent(uid: uid, changes, now: now)
        guard let before, let index = masterPartIndex(uid: uid), case var .component(master) = parts[index],
              let after = master.line(named: "DTSTART").flatMap(PropertyTime.init(line:)) else { return }
        let zones = zoneTable()
        let old = SeriesFrame(start: before, zones: zones, lineEnd: lineEnd)
        let new = SeriesFrame(start: after, zones: zones, lineEnd: lineEnd)
        let shift: Int
        switch (before, after) {
        case let (.date(first), .date(moved)): shift = first.distance(to: moved) * 86_400
        case (.utc, .utc): shift = after.wall.seconds(since: before.wall)
        case let (.local(_, oldZone), .local(_, newZone)) where oldZone == newZone: shift = after.wall.seconds(since: before.wall)
        default: return
        }
        guard shift != 0 else { return }
        let text = PropertyText(lineEnd: lineEnd)
        let moved = { (time: PropertyTime) -> PropertyTime in
            let wall = old.wall(of: time)
            // A whole day named for a timed series (leniently) is left as written.
            return wall.isDate == after.wall.isDate ? new.time(wall.adding(seconds: shift)) : time
        }
        master.set("EXDATE", to: master.allLines(named: "EXDATE").flatMap(SeriesFrame.values(of:))
            .compactMap { text.time("EXDATE", moved($0)) })
        parts[index] = .component(master)
        for position in parts.indices {
            guard case var .component(override) = parts[position], override.kind == "VEVENT", override.uid == uid,
                  let line = override.recurrenceIDLine, let id = PropertyTime(line: line),
                  let movedID = text.time("RECURRENCE-ID", moved(id)) else { continue }
            override.set("RECURRENCE-ID", to: [movedID])
            parts[position] = .component(override)
        }
    }

    private mutating func split(at id: Plan.ID, newUID: String?, now: Date) throws(ICalendarError) -> Bool {
        guard let key = id.occurrence else { return false }
        guard let index = masterPartIndex(uid: id.uid), case let .component(original) = parts[index] else {
            throw missing(id.uid)
        }
        let zones = zoneTable()
        let occurrence = try occurrenceTime(key, master: original, zones: zones)
        let cut = try SeriesSplit(master: original, key: key, zones: zones, lineEnd: lineEnd, occurrence: occurrence)
        guard cut.leavesOccurrencesBefore else { return false }
        let text = PropertyText(lineEnd: lineEnd)
        let editor = EventEditor(lineEnd: lineEnd, zones: zones)
        func rule(_ value: String) throws(ICalendarError) -> ContentLine {
            guard let line = text.rule(value) else { throw ICalendarError(path: "edit", problem: "the repeat rule \(value) is not valid") }
            return line
        }

        // The new series first, from the master as it was: its start and end at the occurrence.
        var series: ComponentText?
        if let newUID {
            var new = try makeOverride(of: original, key: key, zones: zones)
            new.remove("RECURRENCE-ID")
            new.set("UID", to: text.text("UID", newUID).map { [$0] } ?? [])
            new.set("RRULE", to: [try rule(cut.newRule)])
            new.set("EXDATE", to: cut.exdates(of: original, before: false, text: text))
            new.set("SEQUENCE", to: text.sequence(0).map { [$0] } ?? [])
            new.set("CREATED", to: text.stamp("CREATED", now).map { [$0] } ?? [])
            new.append([text.raw("RELATED-TO;RELTYPE=SIBLING:" + id.uid)])
            try editor.stamp(&new, now: now)
            series = new
        }

        var old = original
        old.set("RRULE", to: [try rule(cut.oldRule)])
        old.set("EXDATE", to: cut.exdates(of: original, before: true, text: text))
        editor.bumpSequence(of: &old)
        try editor.stamp(&old, now: now)
        parts[index] = .component(old)

        // Overrides on or after the occurrence: to the new series, or gone with the deleted ones.
        var carried: [ComponentText] = []
        for position in parts.indices.reversed() {
            guard case var .component(override) = parts[position], override.kind == "VEVENT", override.uid == id.uid,
                  let line = override.recurrenceIDLine, let time = PropertyTime(line: line), !cut.isBefore(time) else { continue }
            parts.remove(at: position)
            guard let newUID else { continue }
            override.set("UID", to: text.text("UID", newUID).map { [$0] } ?? [])
            carried.insert(override, at: 0)
        }
        guard let series else { return true }
        // Right after what is left of the old series.
        let last = parts.lastIndex { part in
            if case let .component(component) = part { return component.kind == "VEVENT" && component.uid == id.uid }
            return false
        } ?? index
        parts.insert(contentsOf: ([series] + carried).map(Part.component), at: last + 1)
        return true
    }
}
