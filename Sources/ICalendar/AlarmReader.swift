import CICal
import Foundation

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
                trigger = value.flatMap { parseTrigger($0, toEnd: related) }
            case ICAL_REPEAT_PROPERTY: repeatCount = max(0, Int(icalproperty_get_repeat(current)))
            case ICAL_DURATION_PROPERTY: repeatSeconds = value.flatMap(duration).map { max(0, $0) } ?? 0
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

    /// "-PT15M", "P1D", "-P1DT2H" (seconds, signed) or "20261201T083000Z".
    static func parseTrigger(_ text: String, toEnd: Bool) -> EventAlarms.Alarm.Trigger? {
        if let seconds = duration(text) { return .relative(seconds: seconds, toEnd: toEnd) }
        return utcDate(text).map { .absolute($0) }
    }

    /// An RFC 5545 DURATION in seconds: [+-]P[nW] or [+-]P[nD][T[nH][nM][nS]].
    static func duration(_ text: String) -> Int? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces).uppercased())
        var sign = 1
        if rest.first == "-" { sign = -1; rest = rest.dropFirst() } else if rest.first == "+" { rest = rest.dropFirst() }
        guard rest.first == "P" else { return nil }
        rest = rest.dropFirst()
        var total = 0
        var number = ""
        var inTime = false
        var any = false
        for character in rest {
            if character.isNumber {
                number.append(character)
                continue
            }
            if character == "T" && number.isEmpty && !inTime {
                inTime = true
                continue
            }
            guard let value = Int(number), value < 1_000_000 else { return nil }
            number = ""
            any = true
            switch (character, inTime) {
            case ("W", false): total += value * 7 * 86_400
            case ("D", false): total += value * 86_400
            case ("H", true): total += value * 3600
            case ("M", true): total += value * 60
            case ("S", true): total += value
            default: return nil
            }
        }
        guard any, number.isEmpty else { return nil }
        return sign * total
    }

    /// "20261201T083000Z" as an instant (RFC 5545 wants absolute triggers in UTC).
    static func utcDate(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count == 16, trimmed.hasSuffix("Z"), let wall = CalendarDocument.wallTime(trimmed), !wall.isDate else { return nil }
        return wall.asUTC
    }
}
