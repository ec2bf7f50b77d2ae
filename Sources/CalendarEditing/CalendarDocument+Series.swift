import CalendarModel
import Foundation
import ICalendarReading

/// A repeating event's own start and end, for moving a whole series by as much as the user
/// moved one of its occurrences.
extension CalendarDocument {
    /// The DTSTART/DTEND (or DURATION) of the event's master as a timing, with no rule
    /// applied; nil when there is no such event or its times cannot be read.
    public func seriesTiming(uid: String) -> PlanTiming? {
        guard var master = master(uid: uid) else { return nil }
        for name in ["RRULE", "RDATE", "EXRULE", "EXDATE"] { master.remove(name) }
        // Read through the same code as the window, with the document's own zones.
        let zones = components.filter { $0.kind == "VTIMEZONE" }.map(\.text).joined()
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi//Koyomi//EN\r\n" + zones + master.text
            + "END:VCALENDAR\r\n"
        // One event, read on this thread: a scheduler of its own, never closed.
        var options = ICalendarLoadOptions(id: CalendarID("series"), fallbackColor: "#000000", timeZone: timeZone,
                                           scheduler: LoadScheduler())
        options.cacheFolder = nil
        guard let file = try? ICalendarFile(text: text, sourceName: "series", options: options) else { return nil }
        return file.plans(overlapping: DateInterval(start: .distantPast, end: .distantFuture)).first?.timing
    }
}

extension CalendarDocument {
    /// The IANA zone an event's start is written in (`DTSTART;TZID=…`), for showing its times
    /// as written; nil for dates, UTC, floating times and zones Foundation does not know
    /// (e.g. Outlook's Windows names), which are then shown in the user's zone.
    public func timeZone(uid: String) -> TimeZone? {
        guard let master = master(uid: uid) ?? components.first(where: { $0.kind == "VEVENT" && $0.uid == uid }),
              let line = master.line(named: "DTSTART"), case let .local(_, tzid)? = PropertyTime(line: line),
              let tzid else { return nil }
        return TimeZone(identifier: tzid)
    }
}

extension CalendarDocument {
    /// Copies from `source` the VTIMEZONEs that the event `uid` refers to (`TZID=` on any of
    /// its lines) and that this document lacks, as they are written there: a plan moved to
    /// another calendar keeps the zone definitions RFC 5545 wants beside it.
    public mutating func copyTimeZones(of uid: String, from source: CalendarDocument) {
        var present = Set(components.compactMap(\.tzid))
        copyTimeZones(of: uid, from: source, present: &present)
    }

    /// `copyTimeZones(of:from:)` with the TZIDs already here known (and kept up to date), for
    /// many events at once.
    mutating func copyTimeZones(of uid: String, from source: CalendarDocument, present: inout Set<String>) {
        let used = Self.zoneNames(in: source.components.filter { $0.kind == "VEVENT" && $0.uid == uid })
        for zone in source.components where zone.kind == "VTIMEZONE" {
            guard let tzid = zone.tzid, used.contains(tzid), present.insert(tzid).inserted else { continue }
            parts.insert(.component(zone), at: insertionIndex)
        }
    }
}
