import FileSafety
import Foundation

/// A document's events by UID, read in one pass, for work over every event at once: sync
/// asked `fingerprint(uid:)` and `resourceText(uid:)` of each of 5,000 events, and each
/// question scanned every component (and every component's lines for its UID) again.
public struct EventIndex {
    /// The components in file order, read once.
    private let components: [ComponentText]
    /// The VEVENTs of each UID, by position in `components`, in file order.
    private let eventsByUID: [String: [Int]]
    /// The UIDs in file order (first appearance), as `CalendarDocument.eventUIDs`.
    public let uids: [String]
    private let lineEnd: String

    init(_ document: CalendarDocument) {
        components = document.components
        lineEnd = document.lineEnd
        var byUID: [String: [Int]] = [:]
        var order: [String] = []
        for (position, component) in components.enumerated() where component.kind == "VEVENT" {
            guard let uid = component.uid else { continue }
            if byUID[uid] == nil { order.append(uid) }
            byUID[uid, default: []].append(position)
        }
        eventsByUID = byUID
        uids = order
    }

    private func events(_ uid: String) -> [ComponentText] {
        (eventsByUID[uid] ?? []).map { components[$0] }
    }

    /// See `CalendarDocument.fingerprint(uid:)` (which asks a fresh index).
    public func fingerprint(uid: String) -> String? {
        let texts = events(uid).map(\.text)
        guard !texts.isEmpty else { return nil }
        return Fingerprint.hex(texts.joined(separator: "\u{0}").utf8)
    }

    /// See `CalendarDocument.resourceText(uid:)`.
    public func resourceText(uid: String) -> String? {
        let events = events(uid)
        guard !events.isEmpty else { return nil }
        let used = CalendarDocument.zoneNames(in: events)
        let zones = used.isEmpty ? [] : components.filter { $0.kind == "VTIMEZONE" && $0.tzid.map(used.contains) == true }
        return "BEGIN:VCALENDAR" + lineEnd + "VERSION:2.0" + lineEnd + "PRODID:-//Koyomi//Koyomi//EN" + lineEnd
            + (zones + events).map(\.text).joined() + "END:VCALENDAR" + lineEnd
    }

    /// See `CalendarDocument.hasSameEvent(uid:as:)`.
    public func hasSameEvent(uid: String, as other: CalendarDocument) -> Bool {
        events(uid).flatMap { $0.lines.map(\.unfolded) }.sorted()
            == other.components.filter { $0.kind == "VEVENT" && $0.uid == uid }.flatMap { $0.lines.map(\.unfolded) }.sorted()
    }
}

extension CalendarDocument {
    /// The events by UID, read once (see `EventIndex`); stale after any change.
    public var eventIndex: EventIndex { EventIndex(self) }

    /// `replaceEvent(uid:with:)` for many events in one pass over the document: each UID's
    /// components give way to the resource's (where the first of them stood, else at the end,
    /// in the order given); nil removes them. Time zones the new events name come along.
    public mutating func replaceEvents(_ changes: [(uid: String, resource: CalendarDocument?)]) {
        guard !changes.isEmpty else { return }
        let replacements = Dictionary(changes.map { ($0.uid, $0.resource) }) { _, last in last }
        var placed = Set<String>()
        var result: [Part] = []
        result.reserveCapacity(parts.count + replacements.count)
        func incoming(_ uid: String) -> [Part] {
            guard let resource = replacements[uid] ?? nil else { return [] }
            return resource.components.filter { $0.kind == "VEVENT" && $0.uid == uid }.map { component in
                // Servers often answer with bare LF lines: written with this file's line end.
                .component(component.text.hasSuffix(lineEnd) ? component : ComponentText(lines: ContentLine.split(
                    component.text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: lineEnd))))
            }
        }
        for part in parts {
            if case let .component(component) = part, component.kind == "VEVENT", let uid = component.uid,
               replacements[uid] != nil {
                if placed.insert(uid).inserted { result += incoming(uid) }
                continue
            }
            result.append(part)
        }
        parts = result
        var seen = Set<String>()
        let missing = changes.map(\.uid).filter { !placed.contains($0) && seen.insert($0).inserted }
        let newParts = missing.flatMap(incoming)
        if !newParts.isEmpty { parts.insert(contentsOf: newParts, at: insertionIndex) }
        // The zones the new events name, once each.
        var present = Set(components.compactMap(\.tzid))
        for case let (uid, resource?) in changes { copyTimeZones(of: uid, from: resource, present: &present) }
    }
}
