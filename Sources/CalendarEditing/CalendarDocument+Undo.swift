import Foundation
import ICalendarReading

/// Undo: snapshots of one event's components, and putting them back as a new revision.
extension CalendarDocument {
    /// The texts of every VEVENT carrying `uid` (master and overrides), in file order.
    public func snapshot(uid: String) -> EventSnapshot {
        EventSnapshot(uid: uid, componentTexts: components.filter { $0.kind == "VEVENT" && $0.uid == uid }.map(\.text))
    }

    /// Replaces whatever VEVENTs now carry the snapshot's UID with the snapshot's.
    ///
    /// An empty snapshot removes them (undo of an add); when they were deleted, the snapshot
    /// goes back at the end of the calendar, else where the first of them stands. For other
    /// clients this is a new revision: each restored component gets a SEQUENCE above every
    /// replaced one's (and its own), and DTSTAMP and LAST-MODIFIED become `now`; all its
    /// other text stays as in the snapshot. Other components are not touched.
    public mutating func restore(_ snapshot: EventSnapshot, now: Date) throws(ICalendarError) {
        let isCurrent = { (part: Part) -> Bool in
            if case let .component(component) = part { return component.kind == "VEVENT" && component.uid == snapshot.uid }
            return false
        }
        let current = parts.indices.filter { isCurrent(parts[$0]) }
        let replacedSequence = current.compactMap { index -> Int? in
            guard case let .component(component) = parts[index] else { return nil }
            return Self.sequence(of: component)
        }.max()

        var restored: [ComponentText] = []
        let editor = EventEditor(lineEnd: lineEnd, zones: TimeZoneTable(userZone: timeZone))
        for text in snapshot.componentTexts {
            var component = ComponentText(lines: ContentLine.split(text))
            guard component.kind == "VEVENT", component.uid == snapshot.uid else {
                throw ICalendarError(path: "undo", problem: "the snapshot of \(snapshot.uid) is not that event")
            }
            let sequence = max(replacedSequence ?? -1, Self.sequence(of: component) ?? 0) + 1
            component.set("SEQUENCE", to: PropertyText(lineEnd: lineEnd).sequence(sequence).map { [$0] } ?? [])
            try editor.stamp(&component, now: now)
            restored.append(component)
        }

        let position = current.first
        for index in current.reversed() { parts.remove(at: index) }
        parts.insert(contentsOf: restored.map(Part.component), at: position ?? insertionIndex)
    }

    /// SEQUENCE as a number (RFC 5545: absent means 0, reported as nil here).
    static func sequence(of component: ComponentText) -> Int? {
        component.value(of: "SEQUENCE").flatMap { Int($0) }
    }
}
