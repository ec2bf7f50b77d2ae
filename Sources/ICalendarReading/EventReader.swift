import CICal
import CalendarModel
import Foundation
import Recurrence

/// Reads one VEVENT component into an `EventRecord`, or says why it is skipped.
struct EventReader {
    let zones: TimeZoneTable
    let sourceName: String

    enum Outcome {
        case event(EventRecord, warnings: [String])
        case skipped(String)
    }

    func read(_ component: OpaquePointer, ordinal: Int) -> Outcome {
        var fields = EventFields()
        var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
        while let current = property {
            fields.take(current)
            property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
        }
        let name = fields.summary.map { "\"\($0)\"" } ?? fields.uid.map { "with UID \($0)" } ?? "#\(ordinal)"
        if let error = fields.parseError {
            return .skipped("event \(name) skipped: \(error)")
        }
        guard let dtstart = fields.dtstart else {
            return .skipped("event \(name) skipped: it has no DTSTART")
        }
        var warnings: [String] = []
        func time(_ raw: RawTime) -> EventTime {
            if raw.isUTC { return EventTime(wall: raw.wall, zone: .utc) }
            guard let tzid = raw.tzid else { return EventTime(wall: raw.wall, zone: .floating) }
            if let zone = zones.zone(forTZID: tzid) { return EventTime(wall: raw.wall, zone: zone) }
            let warning = "event \(name): unknown time zone \"\(tzid)\"; its times are read in "
                + zones.userZone.identifier
            if !warnings.contains(warning) { warnings.append(warning) }
            return EventTime(wall: raw.wall, zone: .floating)
        }
        let start = time(dtstart)
        var record = EventRecord(
            uid: fields.uid ?? "koyomi-\(sourceName)-\(ordinal)",
            title: fields.summary ?? "Untitled", location: fields.location, notes: fields.notes,
            color: fields.color, categories: fields.categories, status: fields.status,
            start: start, length: length(start: start, end: fields.dtend.map(time), duration: fields.duration))
        record.rule = fields.rules.first?.rule
        record.until = fields.rules.first?.until.map(time)
        record.moreRules = fields.rules.dropFirst().map { (RuleBox($0.rule), $0.until.map(time)) }
        warnings += ruleWarnings(fields, record: record, name: name)
        record.rdates = fields.rdates.map(time)
        for (index, period) in fields.rdatePeriods where index < record.rdates.count {
            record.rdateLengths[index] = length(start: record.rdates[index], end: period.end.map(time),
                                                duration: period.duration)
        }
        record.exdates = fields.exdates.map(time)
        record.recurrenceID = fields.recurrenceID.map(time)
        record.changesLaterOccurrences = fields.changesLaterOccurrences && record.recurrenceID != nil
        record.revision = fields.revision
        var alarms = EventAlarms(lastAcknowledged: fields.lastAcknowledged, snoozedUntil: fields.snoozedUntil)
        AlarmReader.read(component, into: &alarms, warnings: &warnings, name: name)
        if !alarms.alarms.isEmpty || !alarms.snoozedUntil.isEmpty { record.alarms = alarms }
        return .event(record, warnings: warnings)
    }

    /// What is wrong with the RRULE, said once at loading; the plan still shows (at least its
    /// first occurrence), so nothing vanishes without a word.
    private func ruleWarnings(_ fields: EventFields, record: EventRecord, name: String) -> [String] {
        let boxes = record.allRules.map(\.box)
        let rest = switch boxes.count {
        case 0: "only its first occurrence is shown"
        case 1: "its other repeat rule is followed"
        default: "its other repeat rules are followed"
        }
        var warnings = fields.ruleProblems.map { "event \(name): \($0); \(rest)" }
        guard !boxes.isEmpty else { return warnings }
        let start = record.start
        if !fields.ignoredRuleParts.isEmpty {
            let parts = fields.ignoredRuleParts.joined(separator: ", ")
            warnings.append("event \(name): its repeat rule's \(parts) is not part of RFC 5545 and is ignored")
        }
        // Made and checked once, in the record's boxes: expanding later reuses the answer.
        let expansions = boxes.map { $0.expansion(start: start.wall, until: nil) }
        if expansions.allSatisfy(\.neverRepeats) {
            let texts = boxes.map { "“\($0.rule.text)”" }.joined(separator: " and ")
            let rules = boxes.count == 1 ? "rule \(texts) matches" : "rules \(texts) match"
            warnings.append("event \(name): its repeat \(rules) no date after its first; only that one is shown")
        }
        for expansion in expansions where !expansion.neverRepeats
            && expansion.rule.frequency.rawValue < RecurrenceRule.Frequency.daily.rawValue {
            let month = WallTime(date: start.wall.date.adding(days: 31), isDate: false).ruleTime
            if expansion.occurrences(from: start.wall.ruleTime, through: month).isCut {
                warnings.append("event \(name): its repeat rule “\(expansion.rule.text)” repeats more than "
                    + "\(RuleExpansion.occurrenceLimit) times a month; only the first \(RuleExpansion.occurrenceLimit) "
                    + "of any range are shown")
            }
        }
        return warnings
    }

    /// Longer plans are cut to this (a century), so absurd DURATIONs stay within Foundation's dates.
    static let maximumDays = 36_525

    /// DTEND wins over DURATION; an all-day plan lasts at least a day, a timed one may be instant.
    private func length(start: EventTime, end: EventTime?, duration: NominalDuration?) -> EventRecord.Length {
        switch unclampedLength(start: start, end: end, duration: duration) {
        case let .days(days): return .days(min(days, Self.maximumDays))
        case let .seconds(seconds): return .seconds(min(seconds, Self.maximumDays * 86_400))
        case let .nominal(days, seconds):
            return .nominal(days: min(days, Self.maximumDays), seconds: min(seconds, Self.maximumDays * 86_400))
        }
    }

    private func unclampedLength(start: EventTime, end: EventTime?, duration: NominalDuration?) -> EventRecord.Length {
        if start.wall.isDate {
            if let end {
                return .days(max(1, start.wall.date.distance(to: end.wall.date)))
            }
            if let duration { return .days(max(1, duration.days + (duration.seconds + 86_399) / 86_400)) }
            return .days(1)
        }
        if let end {
            let seconds = zones.instant(of: end).timeIntervalSince(zones.instant(of: start))
            return .seconds(max(0, Int(seconds)))
        }
        guard let duration else { return .seconds(0) }
        return duration.days > 0 ? .nominal(days: duration.days, seconds: duration.seconds) : .seconds(duration.seconds)
    }
}
