import CICal
import ICalendarReading

/// VTIMEZONE components for IANA zones, from libical's built-in zone data, with the TZID
/// written as the plain IANA name (libical prefixes its own "/freeassociation…/" path).
enum VTimezoneText {
    static func component(for tzid: String, lineEnd: String) -> ComponentText? {
        // Built-in zones belong to libical and must not be freed.
        guard let zone = tzid.withCString({ icaltimezone_get_builtin_timezone($0) }),
              let component = icaltimezone_get_component(zone),
              var text = LibicalText.take(icalcomponent_as_ical_string_r(component)) else { return nil }
        if lineEnd != "\r\n" { text = text.replacingOccurrences(of: "\r\n", with: lineEnd) }
        var result = ComponentText(lines: ContentLine.split(text))
        guard result.kind == "VTIMEZONE" else { return nil }
        result.set("TZID", to: [ContentLine(text: "TZID:\(tzid)" + lineEnd)])
        return result
    }
}
