import CICal
import Foundation
import ICalendarText

/// Reads an event's VALARMs into `EventAlarms`, or says why one is left out.
enum AlarmReader {
    /// Adds the VALARMs of the VEVENT `event` to `alarms`, with a warning for each that
    /// cannot be used and for alarms past `EventAlarms.maximumAlarms`.
    static func read(_ event: OpaquePointer, into alarms: inout EventAlarms, warnings: inout [String], name: String) {
        var component = icalcomponent_get_first_component(event, ICAL_VALARM_COMPONENT)
        var count = 0
        var skipped = 0
        while let alarm = component {
            count += 1
            if alarms.alarms.count >= EventAlarms.maximumAlarms {
                skipped += 1
            } else {
                switch read(alarm) {
                case let .success(read): alarms.alarms.append(read)
                case let .failure(problem): warnings.append("event \(name): a reminder is left out: \(problem.reason)")
                }
            }
            component = icalcomponent_get_next_component(event, ICAL_VALARM_COMPONENT)
        }
        if skipped > 0 {
            warnings.append("event \(name): it has \(count) reminders; only the first \(EventAlarms.maximumAlarms) are used")
        }
    }

    struct Problem: Error { let reason: String }

    private static func read(_ component: OpaquePointer) -> Result<EventAlarms.Alarm, Problem> {
        var action = "DISPLAY"
        var trigger: EventAlarms.Alarm.Trigger?
        var triggerText: String?
        var repeatCount = 0
        var repeatSeconds = 0
        var acknowledged: Date?
        var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
        while let current = property {
            let value = LibicalText.value(of: current)
            switch icalproperty_isa(current) {
            case ICAL_ACTION_PROPERTY: action = value?.uppercased() ?? action
            case ICAL_TRIGGER_PROPERTY:
                triggerText = value
                let related = icalproperty_get_first_parameter(current, ICAL_RELATED_PARAMETER)
                    .map { icalparameter_get_related($0) == ICAL_RELATED_END } ?? false
                trigger = self.trigger(icalproperty_get_trigger(current), toEnd: related)
            case ICAL_REPEAT_PROPERTY: repeatCount = max(0, Int(icalproperty_get_repeat(current)))
            case ICAL_DURATION_PROPERTY:
                repeatSeconds = max(0, Int(icaldurationtype_as_int(icalproperty_get_duration(current))))
            case ICAL_ACKNOWLEDGED_PROPERTY: acknowledged = value.flatMap(utcDate)
            // libical drops a TRIGGER it cannot read and quotes it in an error property.
            case ICAL_XLICERROR_PROPERTY where triggerText == nil:
                if let message = value, message.contains("TRIGGER"), let quoted = message.range(of: "Removing entire property: ") {
                    triggerText = RawContentLine.unescape(String(message[quoted.upperBound...]))
                }
            default: break
            }
            property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
        }
        guard let triggerText else { return .failure(Problem(reason: "it has no TRIGGER")) }
        guard let trigger else { return .failure(Problem(reason: "its TRIGGER “\(triggerText)” is not a duration or a UTC time")) }
        if case let .relative(seconds, _) = trigger, abs(seconds) > EventAlarms.maximumReach {
            return .failure(Problem(reason: "its TRIGGER “\(triggerText)” is more than a year from the plan"))
        }
        // Repeating more than once a minute, or for more than a day, is a flood: once is enough.
        if repeatSeconds < 60 || repeatCount * repeatSeconds > 86_400 { repeatCount = 0 }
        return .success(.init(trigger: trigger, repeatCount: repeatCount, repeatSeconds: repeatSeconds,
                              action: action, acknowledged: acknowledged))
    }

    /// A duration from the start (or end), or with VALUE=DATE-TIME a UTC instant (RFC 5545
    /// wants absolute triggers in UTC; a local one is not a trigger Koyomi can place).
    private static func trigger(_ value: icaltriggertype, toEnd: Bool) -> EventAlarms.Alarm.Trigger? {
        guard icaltime_is_null_time(value.time).isTrue else {
            guard icaltime_is_utc(value.time).isTrue, let wall = WallTime(value.time), !wall.isDate else { return nil }
            return .absolute(wall.asUTC)
        }
        guard icaldurationtype_is_bad_duration(value.duration) == 0 else { return nil }
        return .relative(seconds: Int(icaldurationtype_as_int(value.duration)), toEnd: toEnd)
    }

    /// "20261201T083000Z" as an instant (RFC 5545 wants absolute triggers in UTC).
    static func utcDate(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count == 16, trimmed.hasSuffix("Z"), let wall = WallTime(text: trimmed), !wall.isDate else { return nil }
        return wall.asUTC
    }
}
