import CICal
import CalendarModel
import Foundation
import ICalendarText

/// Reads checked iCalendar text part by part and copies out what Koyomi keeps: the
/// calendar's name/colour/kind, the zones and the events. Each part gets its own small
/// libical tree, freed at once; the events are read on all cores (`ParallelChunks`).
/// Several top-level VCALENDARs in one file are merged (the first name and colour found win).
package struct CalendarReader {
    var name: String?
    var color: String?
    var kind: String?
    /// The events as plans and masters, and the warnings about them, in file order.
    var events = PlacedEvents()
    /// The VTIMEZONE components as written, for `ReopenCache` to rebuild the zone table.
    var zoneTexts: [String] = []
    /// Why zones were refused.
    private var zoneWarnings: [String] = []
    /// A first part's events as read, before placing (empty for a whole file's reader).
    private var readEvents = ReadEvents()

    /// Returns nil when the text holds no VCALENDAR at all. Plans carry `calendarID`; all-day
    /// plans are placed in `userCalendar`.
    /// `unreadable` events (by ordinal, see `RawTextCheck`) are left out with the reason given.
    /// Extra threads wait for `scheduler`. With `reaching`, only the events that may have a plan
    /// in its interval are read (a first part, `ICalendarLoadOptions.firstPart`), and kept in
    /// `readEvents`. With `firstPart`, a reader of the same bytes into the same `zones`, its zones,
    /// calendar properties and events are taken from it, not parsed again.
    /// `parts` are the parts of `bytes` when they were found already.
    init?(bytes: UnsafeBufferPointer<UInt8>, parts: CalendarParts? = nil, zones: TimeZoneTable, sourceName: String,
          calendarID: CalendarID, userCalendar: Calendar, unreadable: [Int: String] = [:],
          scheduler: LoadScheduler, reaching: EventReach? = nil, after firstPart: CalendarReader? = nil) {
        let parts = parts ?? CalendarParts(bytes)
        guard !parts.calendars.isEmpty else { return nil }
        if let firstPart {
            // The zones are in `zones` already: the first part, on another thread by now, reads
            // the table, so it is not written to again.
            (name, color, kind, zoneTexts, zoneWarnings) = (firstPart.name, firstPart.color, firstPart.kind,
                                                            firstPart.zoneTexts, firstPart.zoneWarnings)
        } else {
            readZonesAndProperties(bytes, parts: parts, into: zones)
        }
        let reader = EventReader(zones: zones, sourceName: sourceName)
        let placement = EventPlacement(calendarID: calendarID, zones: zones, userCalendar: userCalendar)
        // Ordinals count every VEVENT of the file, read or not, so messages name the same event.
        var eventParts = parts.components.filter { $0.kind == "VEVENT" }.enumerated()
            .map { (ordinal: $0.offset + 1, range: $0.element.range) }
        if let reaching { eventParts = eventParts.filter { reaching.mayReach(bytes, $0.range) } }
        let known = firstPart?.readEvents ?? ReadEvents()
        let keepsWhatItReads = reaching != nil
        // Each event is parsed and placed on its own, so large files are read on all cores;
        // each chunk keeps only what it places (no intermediate copy of every event).
        let chunks = ParallelChunks.chunks(count: eventParts.count, scheduler: scheduler) { indices in
            var parser = ComponentParser()
            var placed = PlacedEvents()
            var read = ReadEvents()
            // Most events are single ones: room for all at once, no regrowing.
            placed.fixed.reserveCapacity(indices.count)
            for index in indices {
                // libical would read February 30 as March 2: such an event is not shown at all.
                let ordinal = eventParts[index].ordinal
                if let why = unreadable[ordinal] {
                    placed.warnings.append(why)
                    continue
                }
                let outcome = known.outcome(ordinal: ordinal)
                    ?? parser.withComponent(bytes, pieces: [eventParts[index].range], kind: ICAL_VEVENT_COMPONENT) { event in
                        event.map { reader.read($0, ordinal: ordinal) }
                    }
                if keepsWhatItReads, let outcome { read.append(outcome, ordinal: ordinal) }
                switch outcome {
                case let .event(record, eventWarnings)?:
                    placement.place(record, into: &placed)
                    placed.warnings += eventWarnings
                case let .skipped(warning)?:
                    placed.warnings.append(warning)
                case nil:
                    placed.warnings.append("event #\(ordinal) skipped: libical could not read it")
                }
            }
            return (placed: placed, read: read)
        }
        events.reserve(for: chunks.map(\.placed))
        events.warnings += zoneWarnings
        for chunk in chunks {
            events.append(chunk.placed)
            readEvents.append(contentsOf: chunk.read)
        }
        events.settle(zones: zones)
    }

    /// Zones first: an event may come before the VTIMEZONE it uses.
    private mutating func readZonesAndProperties(_ bytes: UnsafeBufferPointer<UInt8>, parts: CalendarParts,
                                                 into zones: TimeZoneTable) {
        var parser = ComponentParser()
        for component in parts.components where component.kind == "VTIMEZONE" {
            zoneTexts.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[component.range]), as: UTF8.self))
            parser.withComponent(bytes, pieces: [component.range], kind: ICAL_VTIMEZONE_COMPONENT) { zone in
                if let zone, let refused = zones.add(vtimezone: zone) { zoneWarnings.append(refused) }
            }
        }
        for properties in parts.calendars where !properties.isEmpty {
            parser.withComponent(bytes, pieces: properties, wrapper: "VCALENDAR", kind: ICAL_VCALENDAR_COMPONENT) { calendar in
                if let calendar { readCalendarProperties(calendar) }
            }
        }
    }

    private mutating func readCalendarProperties(_ calendar: OpaquePointer) {
        var property = icalcomponent_get_first_property(calendar, ICAL_ANY_PROPERTY)
        while let current = property {
            let value = LibicalText.value(of: current)?.trimmingSpaces()
            if let value, !value.isEmpty {
                if icalproperty_isa(current) == ICAL_COLOR_PROPERTY {
                    color = color ?? value
                } else {
                    switch LibicalText.xName(of: current) {
                    case "X-WR-CALNAME": name = name ?? value
                    case "X-APPLE-CALENDAR-COLOR": color = color ?? Self.withoutAlpha(value)
                    case "X-KOYOMI-KIND": kind = kind ?? value
                    default: break
                    }
                }
            }
            property = icalcomponent_get_next_property(calendar, ICAL_ANY_PROPERTY)
        }
    }

    /// "#rrggbbaa" → "#rrggbb" (GTK colours here carry no alpha); other values unchanged.
    package static func withoutAlpha(_ color: String) -> String {
        let isHex = color.dropFirst().allSatisfy(\.isHexDigit)
        return color.hasPrefix("#") && color.count == 9 && isHex ? String(color.prefix(7)) : color
    }
}
