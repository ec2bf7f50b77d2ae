import CalendarModel
import Foundation

/// What can only be decided once every chunk of a file is read: which copy of an event
/// written twice is shown, which overrides their master's EXDATE hides, and which master
/// each THISANDFUTURE override changes.
extension PlacedEvents {
    /// Once the whole file is read: of several copies of one event (the same UID, or the same
    /// UID and RECURRENCE-ID, written twice by a careless sync or merge) only the newest is
    /// shown, said once; the file keeps every copy. An override of an occurrence its master
    /// excludes is not shown. Then each THISANDFUTURE override joins its master.
    mutating func settle(zones: TimeZoneTable) {
        keepNewestCopies()
        fixedRevisions = []
        hideExcludedOverrides(zones: zones)
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

    /// RFC 5545 §3.8.5.3: an EXDATE takes its occurrence out of the recurrence set, and an
    /// override can only change an occurrence of the set, so an override whose occurrence its
    /// master's EXDATE names is not shown. Clients deleting a changed occurrence write the
    /// EXDATE and may leave the override behind; recurring_ical_events and ical.js hide it too.
    /// The override stays in the file.
    private mutating func hideExcludedOverrides(zones: TimeZoneTable) {
        var excluded: [String: EventRecord] = [:]
        for master in masters where !master.exdates.isEmpty { excluded[master.uid] = master }
        guard !excluded.isEmpty else { return }
        let kept = fixed.indices.filter { index in
            let id = fixed[index].plan.id
            guard let occurrence = id.occurrence, let master = excluded[id.uid] else { return true }
            return !master.excludes(occurrence: occurrence, zones: zones)
        }
        guard kept.count < fixed.count else { return }
        fixedAlarms = kept.map { $0 < fixedAlarms.count ? fixedAlarms[$0] : nil }
        fixed = kept.map { fixed[$0] }
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
}
