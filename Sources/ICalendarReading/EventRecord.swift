import CICal
import CalendarModel
import Foundation
import Recurrence
import Synchronization

/// One VEVENT kept compactly after loading (the libical tree is freed): a master, a
/// single event, or an override of one occurrence (`recurrenceID` set).
struct EventRecord {
    enum Length: Hashable {
        /// All-day plans: whole days.
        case days(Int)
        /// Timed plans with a DTEND, or a DURATION of hours, minutes and seconds only.
        case seconds(Int)
        /// Timed plans with a DURATION of days or weeks: that many days on the clock, then seconds.
        case nominal(days: Int, seconds: Int)

        /// An upper bound in seconds, for widening search windows.
        var approximateSeconds: Int {
            switch self {
            case let .days(days): days * 86_400
            case let .seconds(seconds): seconds
            case let .nominal(days, seconds): days * 86_400 + 3600 + seconds
            }
        }
    }

    var uid: String
    var title: String
    var location: String?
    var notes: String?
    var color: String?
    var categories: [String] = []
    var status: PlanStatus?
    var start: EventTime
    var length: Length
    /// The first RRULE, its UNTIL moved to `until`. Boxed, since most records do not repeat.
    var rule: RecurrenceRule? {
        get { ruleBox?.rule }
        set { ruleBox = newValue.map(RuleBox.init) }
    }
    var ruleBox: RuleBox? = nil
    var until: EventTime?
    /// RRULEs after the first, each with its own UNTIL: RFC 5545 allows several (§3.6.1: an RRULE
    /// SHOULD NOT occur more than once), and the event repeats on the union of all (§3.8.5.3).
    var moreRules: [(box: RuleBox, until: EventTime?)] = []
    var rdates: [EventTime] = []
    /// The lengths of RDATE;VALUE=PERIOD occurrences, by index in `rdates` (others last as
    /// long as the master).
    var rdateLengths: [Int: Length] = [:]
    var exdates: [EventTime] = []
    var recurrenceID: EventTime?
    /// RANGE=THISANDFUTURE on an override's RECURRENCE-ID.
    var changesLaterOccurrences = false
    /// Overrides with RANGE=THISANDFUTURE, on their master, earliest first: each changes its
    /// occurrence and every later one (shifted by as much as it moves its own, with its fields).
    var laterChanges: [EventRecord] = []
    /// The event's reminders; nil when it has none.
    var alarms: EventAlarms?
    /// Which copy wins when a file holds the same event twice; not kept past loading.
    var revision = Revision()

    var repeats: Bool { rule != nil || !rdates.isEmpty }

    /// Every RRULE with its UNTIL: the first, then `moreRules`.
    var allRules: [(box: RuleBox, until: EventTime?)] {
        guard let ruleBox else { return [] }
        return [(ruleBox, until)] + moreRules
    }

    /// A plan for one occurrence starting at `start` (the master's own fields; its length
    /// unless `length` is given).
    func plan(calendarID: CalendarID, occurrence: String?, start: EventTime, zones: TimeZoneTable,
              length: Length? = nil) -> Plan {
        let timing: PlanTiming
        switch (start.wall.isDate, length ?? self.length) {
        case let (true, .days(days)):
            timing = .allDay(start: start.wall.date, end: start.wall.date.adding(days: max(1, days)))
        case let (true, .seconds(seconds)):
            timing = .allDay(start: start.wall.date,
                             end: start.wall.date.adding(days: max(1, (seconds + 86_399) / 86_400)))
        case let (true, .nominal(days, seconds)):
            timing = .allDay(start: start.wall.date,
                             end: start.wall.date.adding(days: max(1, days + (seconds + 86_399) / 86_400)))
        case let (false, .nominal(days, seconds)):
            let later = WallTime(date: start.wall.date.adding(days: days), secondOfDay: start.wall.secondOfDay, isDate: false)
            let end = zones.instant(of: EventTime(wall: later, zone: start.zone)).addingTimeInterval(TimeInterval(seconds))
            timing = .timed(start: zones.instant(of: start), end: end)
        case let (false, .days(days)):
            let begin = zones.instant(of: start)
            timing = .timed(start: begin, end: begin.addingTimeInterval(TimeInterval(days * 86_400)))
        case let (false, .seconds(seconds)):
            let begin = zones.instant(of: start)
            timing = .timed(start: begin, end: begin.addingTimeInterval(TimeInterval(max(0, seconds))))
        }
        return Plan(id: Plan.ID(uid: uid, occurrence: occurrence), calendarID: calendarID, title: title,
                    location: location, notes: notes, color: color, categories: categories,
                    status: status, timing: timing)
    }
}

extension EventRecord {
    /// Whether the master's EXDATEs name the occurrence `key` (as `occurrenceKey` writes it),
    /// by the expander's rules: the same key, or a DATE naming the day a timed occurrence
    /// starts on in the master's zone.
    func excludes(occurrence key: String, zones: TimeZoneTable) -> Bool {
        guard !exdates.isEmpty else { return false }
        if exdates.contains(where: { $0.occurrenceKey(zones: zones) == key }) { return true }
        let days = exdates.filter(\.wall.isDate).map(\.wall.date)
        guard !start.wall.isDate, !days.isEmpty, let wall = WallTime(icaltime_from_string(key)), !wall.isDate else {
            return false
        }
        let instant = zones.instant(of: EventTime(wall: wall, zone: .utc))
        return days.contains(zones.wallTime(of: instant, in: start.zone).date)
    }
}

extension EventTime {
    /// How an occurrence is named in `Plan.ID.occurrence` and matched against EXDATE and
    /// RECURRENCE-ID: "20261110" for dates, the UTC instant "20261110T080000Z" otherwise.
    func occurrenceKey(zones: TimeZoneTable) -> String {
        wall.isDate ? wall.icalText : WallTime(utcOf: zones.instant(of: self)).icalText + "Z"
    }
}

extension EventTime {
    /// The occurrence keys a RECURRENCE-ID names: its own and, for a midnight date-time, the
    /// day as well, since Outlook names an all-day series' occurrences "…T000000" or
    /// "…T000000Z" (the same leniency as for EXDATE). Keys of timed occurrences always carry
    /// a time, so the extra day key cannot match one of them.
    package func recurrenceIDKeys(zones: TimeZoneTable) -> [String] {
        let own = occurrenceKey(zones: zones)
        guard !wall.isDate, wall.secondOfDay == 0 else { return [own] }
        return [own, WallTime(date: wall.date, isDate: true).icalText]
    }
}

/// An RRULE kept out of line (see `EventRecord.rule`), with its expansion for the record's
/// DTSTART made once and shared by every query (and thread) that expands it.
final class RuleBox: Sendable {
    let rule: RecurrenceRule
    private let made = Mutex<RuleExpansion?>(nil)

    init(_ rule: RecurrenceRule) {
        self.rule = rule
    }

    /// The expansion from `start` with `until` (on DTSTART's clock), made again only if the
    /// record's start or end changed.
    func expansion(start: WallTime, until: RuleTime?) -> RuleExpansion {
        made.withLock { memo in
            if let memo, memo.start == start.ruleTime, memo.isDate == start.isDate, memo.until == until { return memo }
            let expansion = RuleExpansion(rule: rule, start: start.ruleTime, isDate: start.isDate, until: until)
                .checked(reusing: memo)
            memo = expansion
            return expansion
        }
    }
}
