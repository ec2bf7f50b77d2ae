import Foundation
import ICalendarReading
import ICalendarText

/// Importing another calendar's components (a vetted file: see CalendarVetting's `UntrustedCalendar`).
extension CalendarDocument {
    /// Merges the components of `incoming` into this calendar: events, to-dos (VTODO), journal
    /// entries (VJOURNAL) and any other component (VAVAILABILITY, VFREEBUSY, X- ones), each
    /// carried in its original text, byte for byte.
    ///
    /// Components travel as groups by kind and UID (a master and its overrides together). A
    /// group not present here is added; a present one is replaced only when the incoming copy
    /// is newer: higher SEQUENCE (absent = 0), then later LAST-MODIFIED, then later DTSTAMP
    /// (each compared when both copies have it). An equal copy is skipped as "already up to
    /// date", an older one as "your copy is newer". A VEVENT, VTODO or VJOURNAL without UID
    /// gets a fresh one (reported in `notes`); another component without UID is added unless
    /// the very same text is here already. VTIMEZONEs the imported components use and this
    /// calendar lacks are copied. `now` is not written into imported text; it only seeds fresh
    /// UIDs' uniqueness. `carried` counts the groups that are not events, by kind.
    public mutating func importEvents(from incoming: CalendarDocument, now: Date) -> ImportSummary {
        var summary = ImportSummary()
        // Skips are listed in file order: (position of the component, the skip).
        var skips: [(Int, ImportSkip)] = []
        var groups: [(key: String, kind: String, position: Int, components: [ComponentText])] = []
        var groupIndex: [String: Int] = [:]
        let present = Set(components.map(\.text))
        for (position, original) in incoming.components.enumerated() {
            var component = original
            let kind = component.kind
            if kind == "VTIMEZONE" { continue }
            guard let uid = component.uid, !uid.isEmpty else {
                guard Self.takesFreshUID.contains(kind) else {
                    // Nothing to match it by but its text.
                    if present.contains(component.text) {
                        skips.append((position, ImportSkip(subject: Self.subject(component), reason: "already up to date")))
                    } else {
                        groups.append(("\(kind)\n\(position)", kind, position, [component]))
                    }
                    continue
                }
                let uid = UUID().uuidString.lowercased() + "@koyomi"
                if let line = PropertyText(lineEnd: incoming.lineEnd).text("UID", uid) { component.append([line]) }
                let what = Self.title(component).map { "“\($0)”" } ?? (kind == "VEVENT" ? "an event" : "a \(kind)")
                summary.notes.append("\(what) had no UID; it is now \(uid)")
                groups.append(("\(kind)\n\(uid)", kind, position, [component]))
                continue
            }
            let key = "\(kind)\n\(uid)"
            if let index = groupIndex[key] {
                groups[index].components.append(component)
            } else {
                groupIndex[key] = groups.count
                groups.append((key, kind, position, [component]))
            }
        }

        // One pass over this calendar, not one per incoming component: imports can be large.
        var mine: [String: [ComponentText]] = [:]
        for component in components where component.kind != "VTIMEZONE" {
            if let uid = component.uid { mine["\(component.kind)\n\(uid)", default: []].append(component) }
        }
        var replacements: [String: [ComponentText]] = [:]
        var additions: [Part] = []
        var usedZones: [String] = []
        for group in groups {
            if let existing = mine[group.key] {
                let skip = { (reason: String) in
                    skips.append((group.position, ImportSkip(subject: Self.subject(group.components[0]), reason: reason)))
                }
                switch Revision(group.components).compare(Revision(existing)) {
                case .orderedSame:
                    skip("already up to date")
                    continue
                case .orderedAscending:
                    skip("your copy is newer")
                    continue
                case .orderedDescending:
                    replacements[group.key] = group.components
                    summary.updated += 1
                }
            } else {
                additions += group.components.map(Part.component)
                summary.added += 1
            }
            if group.kind != "VEVENT" { summary.carried[group.kind, default: 0] += 1 }
            for tzid in group.components.flatMap(Self.tzids) where !usedZones.contains(tzid) { usedZones.append(tzid) }
        }
        replace(replacements)
        parts.insert(contentsOf: additions, at: insertionIndex)
        copyZones(usedZones, from: incoming)
        summary.skipped = skips.sorted { $0.0 < $1.0 }.map(\.1)
        return summary
    }

    /// Kinds RFC 5545 gives a UID that a calendar program matches copies by.
    private static let takesFreshUID: Set<String> = ["VEVENT", "VTODO", "VJOURNAL"]

    /// Puts each new group (by kind and UID) where the first of its old components stood;
    /// drops the rest of them.
    private mutating func replace(_ replacements: [String: [ComponentText]]) {
        guard !replacements.isEmpty else { return }
        var placed = Set<String>()
        var result: [Part] = []
        for part in parts {
            guard case let .component(component) = part, let uid = component.uid,
                  let group = replacements["\(component.kind)\n\(uid)"] else {
                result.append(part)
                continue
            }
            if placed.insert("\(component.kind)\n\(uid)").inserted { result += group.map(Part.component) }
        }
        parts = result
    }

    /// Copies the incoming VTIMEZONE of each TZID this calendar has none for (before its
    /// first event or task, where calendar programs expect zones); a TZID the file brought no
    /// VTIMEZONE for gets libical's, when it knows the zone.
    private mutating func copyZones(_ tzids: [String], from incoming: CalendarDocument) {
        let present = Set(components.compactMap(\.tzid))
        let available = Dictionary(incoming.components.compactMap { zone in zone.tzid.map { ($0, zone) } }) { first, _ in first }
        for tzid in tzids where !present.contains(tzid) {
            guard let zone = available[tzid] ?? VTimezoneText.component(for: tzid, lineEnd: lineEnd) else { continue }
            let firstEvent = parts.firstIndex { part in
                if case let .component(component) = part { return component.kind != "VTIMEZONE" }
                return false
            }
            parts.insert(.component(zone), at: firstEvent ?? insertionIndex)
        }
    }

    /// TZID parameters anywhere in the component (DTSTART, DTEND, EXDATE, RDATE, RECURRENCE-ID…).
    package static func tzids(_ component: ComponentText) -> [String] {
        var result: [String] = []
        for line in component.lines {
            let unfolded = line.unfolded
            var inQuotes = false
            var head = ""
            for char in unfolded {
                if char == "\"" { inQuotes.toggle() }
                if char == ":" && !inQuotes { break }
                head.append(char)
            }
            for parameter in head.split(separator: ";").dropFirst() where parameter.uppercased().hasPrefix("TZID=") {
                var value = String(parameter.dropFirst(5))
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
                if !value.isEmpty, !result.contains(value) { result.append(value) }
            }
        }
        return result
    }

    static func title(_ component: ComponentText) -> String? {
        component.value(of: "SUMMARY").map(RawContentLine.unescape).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// "“Tea” (uid)", "“Tea”", "(uid)", "a VEVENT without title or UID", "the time zone “X”".
    package static func subject(_ component: ComponentText) -> String {
        if let tzid = component.tzid { return "the time zone “\(tzid)”" }
        return switch (title(component), component.uid) {
        case let (title?, uid?): "“\(title)” (\(uid))"
        case let (title?, nil): "“\(title)”"
        case let (nil, uid?): "(\(uid))"
        case (nil, nil): "a \(component.kind) without title or UID"
        }
    }
}
