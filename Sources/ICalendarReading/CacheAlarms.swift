import Foundation

/// `EventAlarms` in the reopen cache (`CacheWriter+Parsed`).
extension CacheWriter {
    mutating func alarms(_ alarms: EventAlarms?) {
        guard let alarms else { return bool(false) }
        bool(true)
        unsigned(UInt64(alarms.alarms.count))
        for alarm in alarms.alarms {
            switch alarm.trigger {
            case let .relative(seconds, toEnd):
                unsigned(toEnd ? 1 : 0)
                int(seconds)
            case let .absolute(date):
                unsigned(2)
                double(date.timeIntervalSinceReferenceDate)
            }
            int(alarm.repeatCount)
            int(alarm.repeatSeconds)
            string(alarm.action)
            date(alarm.acknowledged)
        }
        date(alarms.lastAcknowledged)
        unsigned(UInt64(alarms.snoozedUntil.count))
        for snooze in alarms.snoozedUntil { double(snooze.timeIntervalSinceReferenceDate) }
    }

    private mutating func date(_ date: Date?) {
        bool(date != nil)
        if let date { double(date.timeIntervalSinceReferenceDate) }
    }
}

extension CacheReader {
    /// `.some(nil)` for an event without alarms; nil when the bytes are out of place.
    mutating func alarms() -> EventAlarms?? {
        guard let present = bool() else { return nil }
        guard present else { return .some(nil) }
        guard let alarmCount = count(), alarmCount <= EventAlarms.maximumAlarms else { return nil }
        var alarms = EventAlarms()
        for _ in 0..<alarmCount {
            guard let kind = unsigned() else { return nil }
            let trigger: EventAlarms.Alarm.Trigger
            switch kind {
            case 0, 1:
                guard let seconds = int() else { return nil }
                trigger = .relative(seconds: seconds, toEnd: kind == 1)
            case 2:
                guard let value = double() else { return nil }
                trigger = .absolute(Date(timeIntervalSinceReferenceDate: value))
            default: return nil
            }
            guard let repeatCount = int(), let repeatSeconds = int(), let action = string(),
                  let acknowledged = date() else { return nil }
            alarms.alarms.append(.init(trigger: trigger, repeatCount: repeatCount, repeatSeconds: repeatSeconds,
                                       action: action, acknowledged: acknowledged))
        }
        guard let lastAcknowledged = date(), let snoozes = count() else { return nil }
        alarms.lastAcknowledged = lastAcknowledged
        for _ in 0..<snoozes {
            guard let value = double() else { return nil }
            alarms.snoozedUntil.append(Date(timeIntervalSinceReferenceDate: value))
        }
        return .some(alarms)
    }

    private mutating func date() -> Date?? {
        guard let present = bool() else { return nil }
        guard present else { return .some(nil) }
        return double().map { .some(Date(timeIntervalSinceReferenceDate: $0)) }
    }
}
