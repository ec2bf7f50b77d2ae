import CICal
import CalendarModel
import Foundation

/// Walks a parsed libical tree once and copies out what Koyomi keeps: the calendar's
/// name/colour/kind, the zones and the events. Several top-level VCALENDARs in one file
/// are merged (the first name and colour found win).
struct CalendarReader {
    var name: String?
    var color: String?
    var kind: String?
    var events: [EventRecord] = []
    var warnings: [String] = []

    /// Returns nil when the tree holds no VCALENDAR at all.
    init?(root: OpaquePointer, zones: TimeZoneTable, sourceName: String) {
        let calendars: [OpaquePointer]
        if icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT {
            calendars = [root]
        } else {
            calendars = Self.children(of: root, kind: ICAL_VCALENDAR_COMPONENT)
        }
        guard !calendars.isEmpty else { return nil }
        // Zones first: an event may come before the VTIMEZONE it uses.
        for calendar in calendars {
            for zone in Self.children(of: calendar, kind: ICAL_VTIMEZONE_COMPONENT) {
                zones.add(vtimezone: zone)
            }
        }
        let reader = EventReader(zones: zones, sourceName: sourceName)
        var ordinal = 0
        for calendar in calendars {
            readCalendarProperties(calendar)
            for component in Self.children(of: calendar, kind: ICAL_VEVENT_COMPONENT) {
                ordinal += 1
                switch reader.read(component, ordinal: ordinal) {
                case let .event(record, eventWarnings):
                    events.append(record)
                    warnings += eventWarnings
                case let .skipped(warning):
                    warnings.append(warning)
                }
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
    static func withoutAlpha(_ color: String) -> String {
        let isHex = color.dropFirst().allSatisfy(\.isHexDigit)
        return color.hasPrefix("#") && color.count == 9 && isHex ? String(color.prefix(7)) : color
    }

    private static func children(of parent: OpaquePointer, kind: icalcomponent_kind) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = icalcomponent_get_first_component(parent, kind)
        while let current = child {
            result.append(current)
            child = icalcomponent_get_next_component(parent, kind)
        }
        return result
    }
}
