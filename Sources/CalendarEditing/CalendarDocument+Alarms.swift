import CalendarModel
import Foundation
import ICalendarReading
import ICalendarText

/// What the user did with a reminder, written where other clients look (RFC 9074, and
/// Thunderbird's own properties on events Thunderbird manages). Only the alarm lines change:
/// no DTSTAMP, LAST-MODIFIED or SEQUENCE, since the plan itself did not (RFC 9074 §4), and
/// every other line keeps its bytes.
extension CalendarDocument {
    /// Dismissed at `now`: every alarm of the plan (the occurrence's own override, else the
    /// series or single event) gets ACKNOWLEDGED:`now`, snooze alarms are removed, and on an
    /// event Thunderbird manages X-MOZ-LASTACK moves to `now` and its snoozes are removed.
    public mutating func acknowledgeReminders(of id: Plan.ID, at now: Date) throws(ICalendarError) {
        let text = PropertyText(lineEnd: lineEnd)
        try editAlarms(of: id) { event, thunderbird in
            Self.acknowledge(&event, at: now, text: text)
            if thunderbird {
                event.set("X-MOZ-LASTACK", to: [text.raw("X-MOZ-LASTACK:" + WallTime(utcOf: now).utcText)])
                for name in Set(Self.ownNames(event)) where name.hasPrefix("X-MOZ-SNOOZE-TIME") {
                    event.remove(name)
                }
            }
        }
    }

    /// Snoozed at `now` until `until`: the alarms are acknowledged as for a dismissal and the
    /// reminder comes back then, as RFC 9074's snooze alarm (a VALARM with an absolute TRIGGER
    /// and RELATED-TO;RELTYPE=SNOOZE naming the alarm it snoozes) or, on an event Thunderbird
    /// manages, as X-MOZ-SNOOZE-TIME (-<occurrence> for one of a series, on the series).
    public mutating func snoozeReminders(of id: Plan.ID, until: Date, at now: Date,
                                         occurrenceStart: Date? = nil) throws(ICalendarError) {
        let text = PropertyText(lineEnd: lineEnd)
        try editAlarms(of: id) { event, thunderbird in
            Self.acknowledge(&event, at: now, text: text)
            let untilText = WallTime(utcOf: until).utcText
            if thunderbird {
                event.set("X-MOZ-LASTACK", to: [text.raw("X-MOZ-LASTACK:" + WallTime(utcOf: now).utcText)])
                // Thunderbird names an occurrence by its start in microseconds since 1970.
                let name = occurrenceStart.map { "X-MOZ-SNOOZE-TIME-\(Int64($0.timeIntervalSince1970) * 1_000_000)" }
                    ?? "X-MOZ-SNOOZE-TIME"
                event.set(name, to: [text.raw(name + ":" + untilText)])
                return
            }
            // The snooze alarm points at the first alarm, which gets a UID if it has none.
            var related: String?
            event.rewriteNested("VALARM") { alarm in
                guard related == nil, !Self.isSnooze(alarm) else { return alarm }
                if let uid = alarm.first(where: { $0.name == "UID" })?.value {
                    related = uid
                    return alarm
                }
                let uid = UUID().uuidString.lowercased()
                related = uid
                return Array(alarm.dropLast()) + [text.raw("UID:" + uid), alarm[alarm.count - 1]]
            }
            var snooze = [text.raw("BEGIN:VALARM"), text.raw("UID:" + UUID().uuidString.lowercased()),
                          text.raw("ACTION:DISPLAY"), text.raw("TRIGGER;VALUE=DATE-TIME:" + untilText)]
            if let summary = event.value(of: "SUMMARY").map(RawContentLine.unescape), let description = text.text("DESCRIPTION", summary) {
                snooze.append(description)
            }
            if let related { snooze.append(text.raw("RELATED-TO;RELTYPE=SNOOZE:" + related)) }
            snooze.append(text.raw("END:VALARM"))
            event.appendNested(snooze)
        }
    }

    /// ACKNOWLEDGED:`now` on every alarm of `event`; snooze alarms go (they have done their job).
    private static func acknowledge(_ event: inout ComponentText, at now: Date, text: PropertyText) {
        let acknowledged = text.stamp("ACKNOWLEDGED", now)
        event.rewriteNested("VALARM") { alarm in
            if isSnooze(alarm) { return nil }
            guard let acknowledged else { return alarm }
            // In the place of the one there was, else last; VALARMs nest nothing.
            let at = alarm.firstIndex { $0.name == "ACKNOWLEDGED" } ?? alarm.count - 1
            var lines = alarm.filter { $0.name != "ACKNOWLEDGED" }
            lines.insert(acknowledged, at: min(at, lines.count - 1))
            return lines
        }
    }

    /// RFC 9074 §5: a snooze alarm is related to the alarm it snoozes with RELTYPE=SNOOZE.
    static func isSnooze(_ alarm: [ContentLine]) -> Bool {
        alarm.contains { line in
            line.name == "RELATED-TO" && line.unfolded.prefix { $0 != ":" }.uppercased().contains("RELTYPE=SNOOZE")
        }
    }

    /// Applies `body` to the component holding the plan's alarms: an occurrence's override
    /// when it has one, else the series (or single event). `thunderbird`: the event carries
    /// Thunderbird's alarm bookkeeping (on the series, where Thunderbird keeps it).
    private mutating func editAlarms(of id: Plan.ID,
                                     _ body: (inout ComponentText, _ thunderbird: Bool) throws(ICalendarError) -> Void)
        throws(ICalendarError) {
        guard let masterAt = masterPartIndex(uid: id.uid), case let .component(master) = parts[masterAt] else {
            throw missing(id.description)
        }
        let thunderbird = master.allLines(named: "X-MOZ-LASTACK").count > 0
            || Self.ownNames(master).contains { $0.hasPrefix("X-MOZ-SNOOZE-TIME") }
        var index = masterAt
        if let key = id.occurrence, !thunderbird, let override = overrideIndex(uid: id.uid, key: key, zones: zoneTable()) {
            index = override
        }
        guard case var .component(event) = parts[index] else { throw missing(id.description) }
        try body(&event, thunderbird)
        parts[index] = .component(event)
    }

    private static func ownNames(_ event: ComponentText) -> [String] {
        event.ownLines.map(\.name)
    }
}

extension WallTime {
    /// "20261202T081500Z": the value of a UTC DATE-TIME.
    var utcText: String { icalText + "Z" }
}
