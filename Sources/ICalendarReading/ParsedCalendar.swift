import CalendarModel
import Foundation

/// Everything `ICalendarFile` keeps from one file, before the load options' calendar ID is
/// attached: what a parse produces and what `ReopenCache` stores.
package struct ParsedCalendar {
    var name: String?
    var color: String?
    var kind: String?
    /// The file's VTIMEZONE components as written, in file order (the first per TZID wins).
    var zoneTexts: [String]
    /// Non-repeating events and overrides as plans with their spans, in file order.
    var fixed: [(plan: Plan, span: DateInterval)]
    var masters: [EventRecord]
    /// Occurrence keys replaced by RECURRENCE-ID overrides, per UID.
    var replaced: [String: Set<String>]
    /// Reminders of single events and overrides, by plan (a series' are on its master).
    var alarms: [Plan.ID: EventAlarms]
    var warnings: [String]

    /// What the reader found.
    init(reader: CalendarReader) {
        name = reader.name
        color = reader.color
        kind = reader.kind
        zoneTexts = reader.zoneTexts
        fixed = reader.events.fixed
        masters = reader.events.masters
        replaced = reader.events.replaced
        alarms = reader.events.alarms
        warnings = reader.events.warnings
    }

    init(name: String?, color: String?, kind: String?, zoneTexts: [String],
         fixed: [(plan: Plan, span: DateInterval)], masters: [EventRecord],
         replaced: [String: Set<String>], alarms: [Plan.ID: EventAlarms], warnings: [String]) {
        self.name = name
        self.color = color
        self.kind = kind
        self.zoneTexts = zoneTexts
        self.fixed = fixed
        self.masters = masters
        self.replaced = replaced
        self.alarms = alarms
        self.warnings = warnings
    }
}
