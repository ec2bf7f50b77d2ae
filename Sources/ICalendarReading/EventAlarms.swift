import Foundation

/// The reminders one event asks for (RFC 5545 §3.6.6 VALARMs) and what other clients recorded
/// about them: RFC 9074's ACKNOWLEDGED on each alarm, Thunderbird's X-MOZ-LASTACK and
/// X-MOZ-SNOOZE-TIME on the event.
package struct EventAlarms: Hashable, Sendable {
    struct Alarm: Hashable, Sendable {
        enum Trigger: Hashable, Sendable {
            /// Seconds after the start (negative: before), or after the end with RELATED=END.
            case relative(seconds: Int, toEnd: Bool)
            /// VALUE=DATE-TIME: once, at this instant.
            case absolute(Date)
        }

        var trigger: Trigger
        /// REPEAT and DURATION: this many more times, this many seconds apart.
        var repeatCount = 0
        var repeatSeconds = 0
        /// DISPLAY and AUDIO remind; EMAIL and PROCEDURE are kept in the file, never run.
        var action: String
        /// RFC 9074: dealt with (on any device) up to this instant.
        var acknowledged: Date?

        var reminds: Bool { action == "DISPLAY" || action == "AUDIO" }

        /// When this alarm comes due for an occurrence from `start` to `end`, in order.
        func dueTimes(start: Date, end: Date) -> [Date] {
            let first: Date
            switch trigger {
            case let .relative(seconds, toEnd): first = (toEnd ? end : start).addingTimeInterval(TimeInterval(seconds))
            case let .absolute(date): first = date
            }
            let count = repeatSeconds > 0 ? repeatCount : 0
            return (0...count).map { first.addingTimeInterval(TimeInterval($0 * repeatSeconds)) }
        }
    }

    var alarms: [Alarm] = []
    /// X-MOZ-LASTACK: every alarm of the event due up to this instant was dealt with.
    var lastAcknowledged: Date?
    /// X-MOZ-SNOOZE-TIME (and X-MOZ-SNOOZE-TIME-<occurrence>): a snoozed reminder comes back then.
    var snoozedUntil: [Date] = []

    /// Whether a reminder due at `date` was already dealt with.
    func isAcknowledged(_ date: Date, by alarm: Alarm) -> Bool {
        if let lastAcknowledged, date <= lastAcknowledged { return true }
        if let acknowledged = alarm.acknowledged, date <= acknowledged { return true }
        return false
    }

    /// Seconds before an occurrence's start (or after its end) its reminders may fall: how far
    /// around a range occurrences must be looked for.
    var reach: TimeInterval {
        alarms.reduce(0) { reach, alarm in
            guard case let .relative(seconds, _) = alarm.trigger else { return reach }
            return max(reach, TimeInterval(abs(seconds) + alarm.repeatCount * alarm.repeatSeconds))
        }
    }

    /// More alarms on one event than anyone sets; the rest are left out (and said).
    static let maximumAlarms = 20
    /// A relative trigger further than this from its plan is left out (and said).
    static let maximumReach = 366 * 86_400
}
