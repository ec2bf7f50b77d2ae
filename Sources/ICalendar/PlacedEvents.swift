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

    /// Makes room for `chunks`, so joining them copies each plan once (100,000 plans take
    /// tens of megabytes; regrowing would leave as much again behind in the heap).
    mutating func reserve(for chunks: [PlacedEvents]) {
        fixed.reserveCapacity(fixed.count + chunks.reduce(0) { $0 + $1.fixed.count })
        masters.reserveCapacity(masters.count + chunks.reduce(0) { $0 + $1.masters.count })
    }

    /// Adds the events of the chunk that follows this one in the file.
    mutating func append(_ chunk: PlacedEvents) {
        fixed += chunk.fixed
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
            let key = recurrenceID.occurrenceKey(zones: zones)
            placed.replaced[event.uid, default: []].insert(key)
            let plan = event.plan(calendarID: calendarID, occurrence: key, start: event.start, zones: zones)
            placed.fixed.append((plan, plan.interval(in: userCalendar)))
        } else if event.repeats {
            placed.masters.append(event)
        } else {
            let plan = event.plan(calendarID: calendarID, occurrence: nil, start: event.start, zones: zones)
            placed.fixed.append((plan, plan.interval(in: userCalendar)))
        }
    }
}
