import CICal
import CalendarModel
import Foundation
import ICalendarReading

/// Tasks (VTODOs): adding one and checking one off, every other line of the file kept as read.
extension CalendarDocument {
    /// UIDs of the VTODOs, in file order, each once.
    public var taskUIDs: [String] {
        var seen = Set<String>()
        return components.filter { $0.kind == "VTODO" }.compactMap(\.uid).filter { seen.insert($0).inserted }
    }

    /// Adds a new VTODO (STATUS:NEEDS-ACTION) with a fresh UID, DTSTAMP, CREATED,
    /// LAST-MODIFIED and SEQUENCE:0; a due time in a zone gets its TZID and the VTIMEZONE.
    @discardableResult
    public mutating func addTask(_ draft: TaskDraft, now: Date,
                                 uid: String = UUID().uuidString.lowercased() + "@koyomi") throws(ICalendarError) -> String {
        let text = PropertyText(lineEnd: lineEnd)
        var lines: [ContentLine?] = [text.raw("BEGIN:VTODO"), text.text("UID", uid), text.stamp("DTSTAMP", now),
                                     text.stamp("CREATED", now), text.stamp("LAST-MODIFIED", now), text.sequence(0),
                                     text.text("SUMMARY", draft.title)]
        var zones: [String] = []
        if let due = draft.due {
            let value: PropertyTime
            switch due {
            case let .day(day): value = .date(day)
            case let .instant(instant):
                if let zone = draft.timeZone, !["UTC", "GMT"].contains(zone.identifier) {
                    value = .local(TimeZoneTable.wallTime(of: instant, in: zone), tzid: zone.identifier)
                    zones.append(zone.identifier)
                } else {
                    value = .utc(WallTime(utcOf: instant))
                }
            }
            if draft.repeatRule != nil { lines.append(text.time("DTSTART", value)) }
            lines.append(text.time("DUE", value))
            if let rule = draft.repeatRule {
                var written = rule
                // UNTIL as the due value needs it: a date for a day, else the UTC end of that day.
                if let day = rule.untilDay {
                    let until: String
                    switch value {
                    case .date: until = WallTime(date: day, isDate: true).icalText
                    case .utc, .local:
                        var calendar = Calendar(identifier: .gregorian)
                        calendar.timeZone = draft.timeZone ?? .gmt
                        let end = day.adding(days: 1).start(in: calendar)
                        until = WallTime(utcOf: end.addingTimeInterval(-1)).icalText + "Z"
                    }
                    written.until = RecurrenceRule.until(until)
                }
                guard let line = text.rule(written.text) else {
                    throw ICalendarError(path: "edit", problem: "the repeat rule \(written.text) is not valid")
                }
                lines.append(line)
            }
        }
        lines += [text.status(.needsAction), text.raw("END:VTODO")]
        guard lines.allSatisfy({ $0 != nil }) else {
            throw ICalendarError(path: "edit", problem: "libical could not write the task")
        }
        let task = ComponentText(lines: lines.compactMap { $0 })
        guard Self.parseErrors(in: task) == 0 else {
            throw ICalendarError(path: "edit", problem: "libical cannot read the new task back")
        }
        try insertZones(zones)
        parts.insert(.component(task), at: insertionIndex)
        return uid
    }

    /// Checks the task `uid` off: STATUS:COMPLETED, COMPLETED now (UTC), PERCENT-COMPLETE:100,
    /// SEQUENCE up by one, DTSTAMP and LAST-MODIFIED now. For a repeating task only its
    /// earliest open occurrence is checked off, in an override whose RECURRENCE-ID is that
    /// occurrence's start written as the master's DTSTART (DUE when it has none), as
    /// Thunderbird, Evolution and Nextcloud read it; the next occurrence is then the open one.
    /// Throws when there is no task `uid`, or a repeating one has no open occurrence left.
    public mutating func completeTask(uid: String, now: Date) throws(ICalendarError) -> TaskCompletion {
        let tasks = try ICalendarTasks(text: text, sourceName: "edit", calendarID: CalendarID("edit"), timeZone: timeZone)
        guard tasks.contains(uid: uid) else { throw missingTask(uid) }
        let zones = zoneTable()
        guard tasks.repeats(uid: uid) else {
            let index = parts.firstIndex { part in
                guard case let .component(component) = part else { return false }
                return component.kind == "VTODO" && component.uid == uid && component.recurrenceIDLine == nil
            } ?? parts.firstIndex { part in
                guard case let .component(component) = part else { return false }
                return component.kind == "VTODO" && component.uid == uid
            }
            guard let index, case var .component(task) = parts[index] else { throw missingTask(uid) }
            if task.value(of: "STATUS")?.uppercased() == "COMPLETED" { return .alreadyDone }
            try markCompleted(&task, now: now)
            parts[index] = .component(task)
            return .completed(occurrence: nil)
        }
        guard let key = tasks.openOccurrence(uid: uid) else {
            throw ICalendarError(path: "edit", problem: "task \(uid) has no open occurrence left")
        }
        let index: Int
        if let existing = overrideIndex(uid: uid, key: key, zones: zones, kind: "VTODO") {
            index = existing
        } else {
            guard let masterAt = parts.firstIndex(where: { part in
                guard case let .component(component) = part else { return false }
                return component.kind == "VTODO" && component.uid == uid && component.recurrenceIDLine == nil
            }), case let .component(master) = parts[masterAt] else { throw missingTask(uid) }
            // After the series' last component: overrides stay in the order they were made.
            let last = parts.lastIndex { part in
                guard case let .component(component) = part else { return false }
                return component.kind == "VTODO" && component.uid == uid
            } ?? masterAt
            parts.insert(.component(try makeTaskOverride(of: master, key: key, zones: zones)), at: last + 1)
            index = last + 1
        }
        guard case var .component(occurrence) = parts[index] else { throw missingTask(uid) }
        try markCompleted(&occurrence, now: now)
        parts[index] = .component(occurrence)
        return .completed(occurrence: key)
    }

    private func markCompleted(_ task: inout ComponentText, now: Date) throws(ICalendarError) {
        let text = PropertyText(lineEnd: lineEnd)
        let editor = EventEditor(lineEnd: lineEnd, zones: zoneTable())
        let errorsBefore = Self.parseErrors(in: task) ?? 0
        guard let status = text.status(.completed), let completed = text.stamp("COMPLETED", now),
              let percent = text.percentComplete(100) else {
            throw ICalendarError(path: "edit", problem: "libical could not write the task's completion")
        }
        task.set("STATUS", to: [status])
        task.set("COMPLETED", to: [completed])
        task.set("PERCENT-COMPLETE", to: [percent])
        editor.bumpSequence(of: &task)
        try editor.stamp(&task, now: now)
        guard let errorsAfter = Self.parseErrors(in: task), errorsAfter <= errorsBefore else {
            throw ICalendarError(path: "edit", problem: "libical cannot read the checked-off task back")
        }
    }

    /// One occurrence of a repeating task: the master's lines without its recurrence rules,
    /// its DTSTART and DUE moved to the occurrence, and the RECURRENCE-ID naming it.
    private func makeTaskOverride(of master: ComponentText, key: String, zones: TimeZoneTable) throws(ICalendarError) -> ComponentText {
        let anchorName = master.line(named: "DTSTART") != nil ? "DTSTART" : "DUE"
        let time = try occurrenceTime(key, master: master, zones: zones, anchor: anchorName)
        guard let anchor = master.line(named: anchorName).flatMap(PropertyTime.init(line:)) else { throw missingTask(key) }
        let text = PropertyText(lineEnd: lineEnd)
        let editor = EventEditor(lineEnd: lineEnd, zones: zones)
        var override = master
        for name in ["RRULE", "RDATE", "EXRULE", "EXDATE"] { override.remove(name) }
        for name in ["DTSTART", "DUE"] {
            guard let line = master.line(named: name), let value = PropertyTime(line: line) else { continue }
            let moved = name == anchorName ? time : shifted(value, from: anchor, to: time, editor: editor)
            override.set(name, to: text.time(name, moved).map { [$0] } ?? [])
        }
        guard let recurrenceID = text.time("RECURRENCE-ID", time) else {
            throw ICalendarError(path: "edit", problem: "could not write RECURRENCE-ID \(key)")
        }
        override.set("RECURRENCE-ID", to: [recurrenceID])
        return override
    }

    /// How many X-LIC-ERRORs libical adds reading the VTODO; nil when it reads no VTODO.
    private static func parseErrors(in task: ComponentText) -> Int? {
        guard let component = task.text.withCString({ icalcomponent_new_from_string($0) }) else { return nil }
        defer { icalcomponent_free(component) }
        guard icalcomponent_isa(component) == ICAL_VTODO_COMPONENT else { return nil }
        return Int(icalcomponent_count_errors(component))
    }

    func missingTask(_ uid: String) -> ICalendarError {
        ICalendarError(path: "edit", problem: "has no task \(uid)")
    }
}
