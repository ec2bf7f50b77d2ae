import CalendarModel
import Foundation

/// What the events of a file become: single events and overrides as plans with their spans,
/// repeating events as masters, the occurrences the overrides replace, and the warnings, each
/// in file order. Built chunk by chunk while reading (`CalendarReader`), then joined.
struct PlacedEvents {
    var fixed: [(plan: Plan, span: DateInterval)] = []
    var masters: [EventRecord] = []
    /// Occurrence keys replaced by RECURRENCE-ID overrides, per UID.
    var replaced: [String: Set<String>] = [:]
    var warnings: [String] = []
    /// The revision of each of `fixed`, for settling copies of one event (see `settle()`).
    var fixedRevisions: [Revision] = []
    /// The alarms of each of `fixed` while reading; `alarms` once settled.
    var fixedAlarms: [EventAlarms?] = []
    /// The alarms of single events and overrides that have any, by plan.
    var alarms: [Plan.ID: EventAlarms] = [:]
    /// Overrides with RANGE=THISANDFUTURE, to be handed to their masters.
    var laterChanges: [EventRecord] = []

    /// Makes room for `chunks`, so joining them copies each plan once (100,000 plans take
    /// tens of megabytes; regrowing would leave as much again behind in the heap).
    mutating func reserve(for chunks: [PlacedEvents]) {
        fixed.reserveCapacity(fixed.count + chunks.reduce(0) { $0 + $1.fixed.count })
        masters.reserveCapacity(masters.count + chunks.reduce(0) { $0 + $1.masters.count })
        fixedRevisions.reserveCapacity(fixed.capacity)
        fixedAlarms.reserveCapacity(fixed.capacity)
    }

    /// Adds the events of the chunk that follows this one in the file.
    mutating func append(_ chunk: PlacedEvents) {
        fixed += chunk.fixed
        fixedRevisions += chunk.fixedRevisions
        fixedAlarms += chunk.fixedAlarms
        laterChanges += chunk.laterChanges
        masters += chunk.masters
        for (uid, keys) in chunk.replaced { replaced[uid, default: []].formUnion(keys) }
        warnings += chunk.warnings
    }
}

/// Turns read events into plans: they carry `calendarID`, all-day plans are placed in the
/// user's calendar and timed ones through the file's zones.
struct EventPlacement {
    let calendarID: CalendarID
    let zones: TimeZoneTable
    let userCalendar: Calendar

    /// Places the next event of the file.
    func place(_ event: EventRecord, into placed: inout PlacedEvents) {
        if let recurrenceID = event.recurrenceID {
            let keys = recurrenceID.recurrenceIDKeys(zones: zones)
            placed.replaced[event.uid, default: []].formUnion(keys)
            // An all-day override names its occurrence by the day, as the series does.
            let key = event.start.wall.isDate ? keys[keys.count - 1] : keys[0]
            let plan = event.plan(calendarID: calendarID, occurrence: key, start: event.start, zones: zones)
            placed.fixed.append((plan, plan.interval(in: userCalendar)))
            placed.fixedRevisions.append(event.revision)
            placed.fixedAlarms.append(event.alarms)
            if event.changesLaterOccurrences { placed.laterChanges.append(event) }
        } else if event.repeats {
            placed.masters.append(event)
        } else {
            let plan = event.plan(calendarID: calendarID, occurrence: nil, start: event.start, zones: zones)
            placed.fixed.append((plan, plan.interval(in: userCalendar)))
            placed.fixedRevisions.append(event.revision)
            placed.fixedAlarms.append(event.alarms)
        }
    }
}
