import Foundation

/// Exporting calendars as one iCalendar file.
extension CalendarDocument {
    /// One VCALENDAR holding every component of `documents` in their original text, in order,
    /// with the VTIMEZONEs first and each TZID once (the first copy wins).
    ///
    /// A single document comes back unchanged (its bytes are the export); several are
    /// merged under a new header named `name` (`X-WR-CALNAME`; none for nil).
    public static func export(_ documents: [CalendarDocument], name: String?) -> CalendarDocument {
        if documents.count == 1, let only = documents.first { return only }
        let lineEnd = "\r\n"
        let text = PropertyText(lineEnd: lineEnd)
        var zones: [Part] = []
        var others: [Part] = []
        var seenZones = Set<String>()
        for component in documents.flatMap(\.components) {
            if component.kind == "VTIMEZONE" {
                guard seenZones.insert(component.tzid ?? "").inserted else { continue }
                zones.append(.component(component))
            } else {
                others.append(.component(component))
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
