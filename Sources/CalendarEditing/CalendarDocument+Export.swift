import Foundation

/// Exporting calendars as one iCalendar file.
extension CalendarDocument {
    /// One VCALENDAR holding every component of `documents` in their original text, in order,
    /// with the VTIMEZONEs first and each TZID once.
    ///
    /// A single document comes back unchanged (its bytes are the export); several are
    /// merged under a new header named `name` (`X-WR-CALNAME`; none for nil). A zone that
    /// another calendar already defined under the same TZID is left out when its definition
    /// is the same; one with other rules keeps them under a name of its own ("Office Time (2)"),
    /// and its calendar's lines that name it say the new name (the only lines rewritten), so
    /// no calendar's plans move.
    public static func export(_ documents: [CalendarDocument], name: String?) -> CalendarDocument {
        if documents.count == 1, let only = documents.first { return only }
        let lineEnd = "\r\n"
        let text = PropertyText(lineEnd: lineEnd)
        var zones: [Part] = []
        var others: [Part] = []
        var kept: [String: [String]] = [:]
        var taken = Set(documents.flatMap(\.components).compactMap(\.tzid))
        for document in documents {
            var renames: [String: String] = [:]
            var defined = Set<String>()
            for zone in document.components where zone.kind == "VTIMEZONE" {
                // A file's second zone of one TZID is not read (the first wins): nor is it exported.
                let tzid = zone.tzid ?? ""
                guard defined.insert(tzid).inserted else { continue }
                let rules = zone.lines.map(\.unfolded).filter { !$0.uppercased().hasPrefix("TZID") }
                guard let other = kept[tzid] else {
                    kept[tzid] = rules
                    zones.append(.component(zone))
                    continue
                }
                if other == rules { continue }
                let renamed = (2...).lazy.map { "\(tzid) (\($0))" }.first { !taken.contains($0) } ?? tzid
                taken.insert(renamed)
                renames[tzid] = renamed
                kept[renamed] = rules
                zones.append(.component(zone.renamingZones(renames)))
            }
            for component in document.components where component.kind != "VTIMEZONE" {
                others.append(.component(component.renamingZones(renames)))
            }
        }
        let header = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Koyomi//Koyomi//EN"].map { Part.line(text.raw($0)) }
        var merged = CalendarDocument(parts: header + zones + others + [.line(text.raw("END:VCALENDAR"))],
                                      lineEnd: lineEnd, timeZone: documents.first?.timeZone ?? .gmt)
        // libical writes the name (escaping and folding); a name it cannot write is left out.
        if let name { try? merged.setCalendarName(name) }
        return merged
    }
}
