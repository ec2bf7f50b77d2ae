import CalendarModel
import Foundation
import ICalendarReading
import ICalendarText

/// The reminders the editor shows and writes: display alarms a number of whole minutes before
/// the start (or at it). Any other alarm (absolute, after the end, repeating, e-mail, a
/// snooze) is left as it was written.
extension EventAlarms {
    /// A display alarm as RFC 5545 §3.6.6 requires it: ACTION, TRIGGER and DESCRIPTION.
    static func displayAlarm(minutesBefore minutes: Int, title: String, text: PropertyText) -> [ContentLine] {
        let trigger = minutes == 0 ? "PT0S" : (minutes % 1440 == 0 ? "-P\(minutes / 1440)D" : "-PT\(minutes)M")
        return [text.raw("BEGIN:VALARM"), text.raw("ACTION:DISPLAY"), text.raw("TRIGGER:" + trigger)]
            + (text.text("DESCRIPTION", title).map { [$0] } ?? []) + [text.raw("END:VALARM")]
    }

    /// Minutes before the start when the alarm (its lines, BEGIN to END) is one the editor
    /// shows; nil for any other.
    static func editableMinutes(_ alarm: [ContentLine]) -> Int? {
        guard !CalendarDocument.isSnooze(alarm) else { return nil }
        let own = alarm.dropFirst().dropLast()
        let action = own.first { $0.name == "ACTION" }?.value.uppercased() ?? "DISPLAY"
        guard action == "DISPLAY" || action == "AUDIO", !own.contains(where: { $0.name == "REPEAT" }),
              let trigger = own.first(where: { $0.name == "TRIGGER" }) else { return nil }
        // Parameters: only RELATED=START (the default) and VALUE=DURATION are the editor's.
        let parameters = trigger.unfolded.prefix { $0 != ":" }.uppercased()
        guard !parameters.contains("RELATED=END"), !parameters.contains("VALUE=DATE-TIME"),
              let seconds = durationSeconds(trigger.value), seconds <= 0, seconds % 60 == 0 else { return nil }
        return -seconds / 60
    }

    /// RFC 5545 §3.3.6 DURATION ("-PT15M", "-P1DT2H", "P1W") in seconds; nil when malformed.
    static func durationSeconds(_ text: String) -> Int? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces).uppercased())
        var sign = 1
        if rest.hasPrefix("-") { sign = -1; rest = rest.dropFirst() } else if rest.hasPrefix("+") { rest = rest.dropFirst() }
        guard rest.hasPrefix("P") else { return nil }
        rest = rest.dropFirst()
        var total = 0, number = "", inTime = false, any = false
        for character in rest {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            if character == "T" { inTime = true; continue }
            guard let value = Int(number) else { return nil }
            number = ""
            any = true
            switch (character, inTime) {
            case ("W", false): total += value * 604_800
            case ("D", false): total += value * 86_400
            case ("H", true): total += value * 3_600
            case ("M", true): total += value * 60
            case ("S", true): total += value
            default: return nil
            }
        }
        return any && number.isEmpty ? sign * total : nil
    }
}

extension CalendarDocument {
    /// The reminders of the event `uid` the editor can show, in minutes before the start.
    public func reminderMinutes(uid: String) -> [Int] {
        guard let index = masterPartIndex(uid: uid), case let .component(event) = parts[index] else { return [] }
        return PlanForm.normalized(event.nested("VALARM").compactMap(EventAlarms.editableMinutes))
    }
}

extension EventEditor {
    /// The editor's reminders become `minutes`: its alarms still wanted keep their lines, the
    /// others go, new ones are added; alarms of other kinds are untouched.
    func setReminders(_ minutes: [Int], of event: inout ComponentText) {
        var wanted = Set(minutes)
        event.rewriteNested("VALARM") { alarm in
            guard let shown = EventAlarms.editableMinutes(alarm) else { return alarm }
            return wanted.remove(shown) != nil ? alarm : nil
        }
        let title = event.value(of: "SUMMARY").map(RawContentLine.unescape) ?? ""
        for minutes in PlanForm.normalized(Array(wanted)) {
            event.appendNested(EventAlarms.displayAlarm(minutesBefore: minutes, title: title, text: properties))
        }
    }
}
