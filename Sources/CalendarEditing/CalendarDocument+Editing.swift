import CICal
import CalendarModel
import Foundation
import ICalendarReading

/// Edits: add, change and delete events and single occurrences, keeping every other
/// component's text as it was read.
extension CalendarDocument {
    /// Adds a new VEVENT with a fresh UID, DTSTAMP, CREATED, LAST-MODIFIED and SEQUENCE:0;
    /// a timed plan in a zone gets its TZID and (once per calendar) the matching VTIMEZONE.
    @discardableResult
    public mutating func addEvent(_ draft: PlanDraft, now: Date,
                                  uid: String = UUID().uuidString.lowercased() + "@koyomi") throws(ICalendarError) -> Plan.ID {
        let text = PropertyText(lineEnd: lineEnd)
        var event = ComponentText(lines: [text.raw("BEGIN:VEVENT"), text.raw("END:VEVENT")])
        var editor = EventEditor(lineEnd: lineEnd, zones: zoneTable())
        event.append(text.text("UID", uid).map { [$0] } ?? [])
        for line in [text.stamp("DTSTAMP", now), text.stamp("CREATED", now), text.stamp("LAST-MODIFIED", now),
                     text.sequence(0)] {
            event.append(line.map { [$0] } ?? [])
        }
        try editor.apply(draft.changes, to: &event, now: now, countsAsRevision: false)
        for minutes in draft.remindersBefore {
            event.appendNested(EventAlarms.displayAlarm(minutesBefore: minutes, title: draft.title, text: text))
        }
        try insertZones(editor.usedZones)
        parts.insert(.component(event), at: insertionIndex)
        return Plan.ID(uid: uid)
    }

    /// Changes fields of an event (the master of a repeating one; its overrides keep theirs).
    public mutating func updateEvent(uid: String, _ changes: [PlanChange], now: Date) throws(ICalendarError) {
        let index = try masterIndex(uid: uid)
        guard case var .component(event) = parts[index] else { return }
        var editor = EventEditor(lineEnd: lineEnd, zones: zoneTable())
        try editor.apply(changes, to: &event, now: now)
        try insertZones(editor.usedZones)
        try replace(uid: uid, with: event)
    }

    /// Removes the event with all its occurrences and overrides.
    public mutating func deleteEvent(uid: String) throws(ICalendarError) {
        let before = parts.count
        parts.removeAll { part in
            if case let .component(component) = part { return component.kind == "VEVENT" && component.uid == uid }
            return false
        }
        if parts.count == before { throw missing(uid) }
    }

    /// Removes one occurrence of a repeating event: an EXDATE in the master's own value
    /// type and zone, and the occurrence's override if it had one.
    public mutating func deleteOccurrence(_ id: Plan.ID, now: Date) throws(ICalendarError) {
        guard let key = id.occurrence else { return try deleteEvent(uid: id.uid) }
        let index = try masterIndex(uid: id.uid)
        guard case var .component(master) = parts[index] else { return }
        let zones = zoneTable()
        let editor = EventEditor(lineEnd: lineEnd, zones: zones)
        let time = try occurrenceTime(key, master: master, zones: zones)
        guard let exdate = PropertyText(lineEnd: lineEnd).time("EXDATE", time) else { throw missing(id.description) }
        master.append([exdate])
        editor.bumpSequence(of: &master)
        try editor.stamp(&master, now: now)
        try replace(uid: id.uid, with: master)
        if let override = overrideIndex(uid: id.uid, key: key, zones: zones) { parts.remove(at: override) }
    }

    /// Changes one occurrence only: edits its RECURRENCE-ID override, creating it from the
    /// master (same properties, alarms and X- properties; no RRULE/RDATE/EXDATE) when needed.
    public mutating func updateOccurrence(_ id: Plan.ID, _ changes: [PlanChange], now: Date) throws(ICalendarError) {
        guard let key = id.occurrence else { return try updateEvent(uid: id.uid, changes, now: now) }
        let zones = zoneTable()
        var editor = EventEditor(lineEnd: lineEnd, zones: zones)
        let index: Int
        if let existing = overrideIndex(uid: id.uid, key: key, zones: zones) {
            index = existing
        } else {
            let masterAt = try masterIndex(uid: id.uid)
            guard case let .component(master) = parts[masterAt] else { throw missing(id.description) }
            let override = try makeOverride(of: master, key: key, zones: zones)
            parts.insert(.component(override), at: masterAt + 1)
            index = masterAt + 1
        }
        guard case var .component(event) = parts[index] else { return }
        try editor.apply(changes, to: &event, now: now)
        parts[index] = .component(event)
        try insertZones(editor.usedZones)
    }

    // MARK: - Finding components

    private func masterIndex(uid: String) throws(ICalendarError) -> Int {
        guard let index = masterPartIndex(uid: uid) else { throw missing(uid) }
        return index
    }

    func overrideIndex(uid: String, key: String, zones: TimeZoneTable, kind: String = "VEVENT") -> Int? {
        let editor = EventEditor(lineEnd: lineEnd, zones: zones)
        return parts.firstIndex { part in
            guard case let .component(component) = part, component.kind == kind, component.uid == uid,
                  let line = component.recurrenceIDLine, let time = PropertyTime(line: line) else { return false }
            return EventTime(wall: time.wall, zone: editor.eventZone(time)).recurrenceIDKeys(zones: zones).contains(key)
        }
    }

    /// Puts an edited master back (its index may have moved when zones were inserted).
    private mutating func replace(uid: String, with event: ComponentText) throws(ICalendarError) {
        parts[try masterIndex(uid: uid)] = .component(event)
    }

    /// Before the END:VCALENDAR of the last calendar in the file.
    var insertionIndex: Int {
        parts.lastIndex { part in
            if case let .line(line) = part { return line.endName == "VCALENDAR" }
            return false
        } ?? parts.count
    }

    mutating func insertZones(_ tzids: [String]) throws(ICalendarError) {
        let present = Set(components.compactMap(\.tzid))
        for tzid in tzids where !present.contains(tzid) {
            guard let zone = VTimezoneText.component(for: tzid, lineEnd: lineEnd) else {
                throw ICalendarError(path: "edit", problem: "the time zone \(tzid) is unknown to libical")
            }
            parts.insert(.component(zone), at: insertionIndex)
        }
    }

    /// The document's VTIMEZONEs (they win over the system's zones, as when reading).
    func zoneTable() -> TimeZoneTable {
        let table = TimeZoneTable(userZone: timeZone)
        for component in components where component.kind == "VTIMEZONE" {
            guard let parsed = component.text.withCString({ icalcomponent_new_from_string($0) }) else { continue }
            table.add(vtimezone: parsed)
            icalcomponent_free(parsed)
        }
        return table
    }

    func missing(_ what: String) -> ICalendarError {
        ICalendarError(path: "edit", problem: "has no event \(what)")
    }
}
