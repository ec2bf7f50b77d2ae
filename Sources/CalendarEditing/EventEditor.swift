import CICal
import CalendarModel
import Foundation
import ICalendarReading

/// Applies `PlanChange`s to one VEVENT's lines and keeps RFC 5545's bookkeeping
/// (DTSTAMP, LAST-MODIFIED, SEQUENCE). Lines it does not change keep their text.
struct EventEditor {
    let properties: PropertyText
    let zones: TimeZoneTable

    /// TZIDs the edited event now uses that need a VTIMEZONE in the calendar.
    private(set) var usedZones: [String] = []

    init(lineEnd: String, zones: TimeZoneTable) {
        properties = PropertyText(lineEnd: lineEnd)
        self.zones = zones
    }

    /// `countsAsRevision: false` for a new event, which starts at SEQUENCE:0.
    mutating func apply(_ changes: [PlanChange], to event: inout ComponentText, now: Date,
                        countsAsRevision: Bool = true) throws(ICalendarError) {
        // Times first: the RRULE's UNTIL is written in the frame of the (new) DTSTART.
        let errorsBefore = Self.parseErrors(in: event.text) ?? 0
        let ordered = changes.filter { if case .timing = $0 { true } else { false } }
            + changes.filter { if case .timing = $0 { false } else { true } }
        for change in ordered {
            try apply(change, to: &event)
        }
        if countsAsRevision, changes.contains(where: \.changesSchedule) { bumpSequence(of: &event) }
        try stamp(&event, now: now)
        // What we wrote must read back cleanly: no new X-LIC-ERROR, still one component.
        guard let errorsAfter = Self.parseErrors(in: event.text), errorsAfter <= errorsBefore else {
            throw invalid("libical cannot read the edited event back")
        }
    }

    /// How many X-LIC-ERROR properties libical adds when reading the component (nested ones
    /// included); nil when it cannot read it at all.
    static func parseErrors(in text: String) -> Int? {
        guard let component = text.withCString({ icalcomponent_new_from_string($0) }) else { return nil }
        defer { icalcomponent_free(component) }
        guard icalcomponent_isa(component) == ICAL_VEVENT_COMPONENT else { return nil }
        return Int(icalcomponent_count_errors(component))
    }

    /// DTSTAMP and LAST-MODIFIED become `now` (RFC 5545 §3.8.7.2/3).
    func stamp(_ event: inout ComponentText, now: Date) throws(ICalendarError) {
        event.set("DTSTAMP", to: try required(properties.stamp("DTSTAMP", now)))
        event.set("LAST-MODIFIED", to: try required(properties.stamp("LAST-MODIFIED", now)))
    }

    func bumpSequence(of event: inout ComponentText) {
        let current = event.value(of: "SEQUENCE").flatMap { Int($0) } ?? 0
        event.set("SEQUENCE", to: properties.sequence(current + 1).map { [$0] } ?? [])
    }

    private mutating func apply(_ change: PlanChange, to event: inout ComponentText) throws(ICalendarError) {
        switch change {
        case let .title(title): event.set("SUMMARY", to: try required(properties.text("SUMMARY", title)))
        case let .location(text): event.set("LOCATION", to: optionalText("LOCATION", text))
        case let .notes(text): event.set("DESCRIPTION", to: optionalText("DESCRIPTION", text))
        case let .color(text): event.set("COLOR", to: optionalText("COLOR", text))
        case let .categories(names):
            // One property per category: libical would escape a comma inside one value.
            event.set("CATEGORIES", to: names.filter { !$0.isEmpty }.compactMap { properties.text("CATEGORIES", $0) })
        case let .timing(timing, zone):
            let (start, end) = times(timing, zone: zone)
            event.set("DTSTART", to: try required(properties.time("DTSTART", start)))
            event.remove("DURATION")
            event.set("DTEND", to: try required(properties.time("DTEND", end)))
            if case let .local(_, tzid?) = start, !usedZones.contains(tzid) { usedZones.append(tzid) }
        case let .reminders(minutes):
            setReminders(minutes, of: &event)
        case let .repeatRule(rule):
            guard let rule else {
                event.remove("RRULE")
                return
            }
            var written = rule
            // A day (the editor's, quick add's) is written as DTSTART needs it; a time stays.
            if let day = rule.untilDay { written.until = RecurrenceRule.until(untilText(day, event: event)) }
            let value = written.text
            guard let line = properties.rule(value) else { throw invalid("the repeat rule \(value) is not valid") }
            event.set("RRULE", to: [line])
        }
    }

    /// DTSTART/DTEND values: dates for all-day plans (exclusive end, at least a day), wall
    /// times in the zone (or UTC) for timed ones.
    func times(_ timing: PlanTiming, zone: TimeZone?) -> (PropertyTime, PropertyTime) {
        switch timing {
        case let .allDay(start, end):
            return (.date(start), .date(max(end, start.adding(days: 1))))
        case let .timed(start, end):
            let end = max(start, end)
            guard let zone, !["UTC", "GMT"].contains(zone.identifier) else {
                return (.utc(WallTime(utcOf: start)), .utc(WallTime(utcOf: end)))
            }
            return (.local(TimeZoneTable.wallTime(of: start, in: zone), tzid: zone.identifier),
                    .local(TimeZoneTable.wallTime(of: end, in: zone), tzid: zone.identifier))
        }
    }

    /// UNTIL must match DTSTART: a date for dates, else the UTC instant ending that day.
    private func untilText(_ day: CalendarDay, event: ComponentText) -> String {
        guard let line = event.line(named: "DTSTART"), let start = PropertyTime(line: line) else {
            return WallTime(date: day, isDate: true).icalText
        }
        if case .date = start { return WallTime(date: day, isDate: true).icalText }
        let nextMidnight = WallTime(date: day.adding(days: 1), isDate: false)
        let last = zones.instant(of: EventTime(wall: nextMidnight, zone: eventZone(start))).addingTimeInterval(-1)
        return WallTime(utcOf: last).icalText + "Z"
    }

    /// The frame a property's wall time is read in.
    func eventZone(_ time: PropertyTime) -> ZoneRef {
        switch time {
        case .utc: .utc
        case .date, .local(_, nil): .floating
        case let .local(_, tzid?): zones.zone(forTZID: tzid) ?? .floating
        }
    }

    private func optionalText(_ name: String, _ value: String?) -> [ContentLine] {
        guard let value, !value.isEmpty else { return [] }
        return properties.text(name, value).map { [$0] } ?? []
    }

    private func required(_ line: ContentLine?) throws(ICalendarError) -> [ContentLine] {
        guard let line else { throw invalid("libical could not write a property") }
        return [line]
    }

    private func invalid(_ problem: String) -> ICalendarError {
        ICalendarError(path: "edit", problem: problem)
    }
}
