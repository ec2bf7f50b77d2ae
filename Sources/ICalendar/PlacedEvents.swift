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

    /// Once the whole file is read: of several copies of one event (the same UID, or the same
    /// UID and RECURRENCE-ID, written twice by a careless sync or merge) only the newest is
    /// shown, said once; the file keeps every copy. Then each THISANDFUTURE override joins
    /// its master.
    mutating func settle(zones: TimeZoneTable) {
        keepNewestCopies()
        fixedRevisions = []
        for (index, alarms) in fixedAlarms.enumerated() {
            if let alarms, index < fixed.count { self.alarms[fixed[index].plan.id] = alarms }
        }
        fixedAlarms = []
        guard !laterChanges.isEmpty else { return }
        var changes: [String: [EventRecord]] = [:]
        for change in laterChanges { changes[change.uid, default: []].append(change) }
        for index in masters.indices {
            guard let list = changes[masters[index].uid] else { continue }
            masters[index].laterChanges = list.sorted {
                zones.instant(of: $0.recurrenceID ?? $0.start) < zones.instant(of: $1.recurrenceID ?? $1.start)
            }
        }
        laterChanges = []
    }

    private enum Copy: Hashable { case fixed(Int), master(Int) }

    private mutating func keepNewestCopies() {
        var shown: [Plan.ID: Copy] = [:]
        shown.reserveCapacity(fixed.count + masters.count)
        var dropped = Set<Copy>()
        var copies: [Plan.ID: Int] = [:]
        func revision(_ copy: Copy) -> Revision {
            switch copy {
            case let .fixed(index): index < fixedRevisions.count ? fixedRevisions[index] : Revision()
            case let .master(index): masters[index].revision
            }
        }
        func offer(_ id: Plan.ID, _ copy: Copy) {
            guard let other = shown.updateValue(copy, forKey: id) else { return }
            copies[id, default: 1] += 1
            if revision(copy).compare(revision(other)) == .orderedDescending {
                dropped.insert(other)
            } else {
                shown[id] = other
                dropped.insert(copy)
            }
        }
        for index in fixed.indices { offer(fixed[index].plan.id, .fixed(index)) }
        for index in masters.indices { offer(Plan.ID(uid: masters[index].uid), .master(index)) }
        guard !dropped.isEmpty else { return }
        for (id, count) in copies.sorted(by: { $0.key.description < $1.key.description }) {
            let title = shown[id].map { copy -> String in
                switch copy {
                case let .fixed(index): fixed[index].plan.title
                case let .master(index): masters[index].title
                }
            } ?? id.uid
            let part = id.occurrence.map { "its change to \($0)" } ?? "it"
            warnings.append("event \"\(title)\" (UID \(id.uid)): \(part) is in the file \(count) times; "
                + "the newest copy is shown and every copy is kept in the file")
        }
        let keptFixed = fixed.indices.filter { !dropped.contains(.fixed($0)) }
        fixedAlarms = keptFixed.map { $0 < fixedAlarms.count ? fixedAlarms[$0] : nil }
        fixed = keptFixed.map { fixed[$0] }
        masters = masters.indices.filter { !dropped.contains(.master($0)) }.map { masters[$0] }
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
