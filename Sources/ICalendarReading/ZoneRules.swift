import CICal

/// What a VTIMEZONE may say before libical is asked to expand it. Real zones change their
/// clocks at most a few times a year: each STANDARD or DAYLIGHT rule repeats yearly, on a few
/// months and days. A rule that repeats more often ("FREQ=SECONDLY") would have libical list
/// millions of changes, so such a zone is refused and its events read as in an unknown zone.
enum ZoneRules {
    /// More observances than any real zone's full history has (a few hundred at most).
    static let maxObservances = 1000

    /// Why the zone cannot be real, in words; nil when its rules are fine.
    static func problem(in vtimezone: OpaquePointer) -> String? {
        var observances = 0
        var part = icalcomponent_get_first_component(vtimezone, ICAL_ANY_COMPONENT)
        while let current = part {
            observances += 1
            if observances > maxObservances { return "it has more than \(maxObservances) clock changes" }
            let kind = icalcomponent_isa(current) == ICAL_XDAYLIGHT_COMPONENT ? "DAYLIGHT" : "STANDARD"
            var property = icalcomponent_get_first_property(current, ICAL_RRULE_PROPERTY)
            while let rule = property {
                if let text = LibicalText.string(icalproperty_get_value_as_string(rule)),
                   let why = problem(inRule: text) {
                    return "its \(kind) rule \(why); a zone changes its clocks at most a few times a year"
                }
                property = icalcomponent_get_next_property(current, ICAL_RRULE_PROPERTY)
            }
            part = icalcomponent_get_next_component(vtimezone, ICAL_ANY_COMPONENT)
        }
        return nil
    }

    /// Why one RRULE's text could not be a zone's: not yearly, or on too many days a year.
    static func problem(inRule text: String) -> String? {
        var parts: [String: [Substring]] = [:]
        for part in text.uppercased().split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            parts[String(pair[0])] = pair[1].split(separator: ",")
        }
        let frequency = parts["FREQ"]?.first.map(String.init) ?? "none"
        guard frequency == "YEARLY" else { return "repeats \(frequency.lowercased())" }
        // "The last Sunday of March" or "the Sunday from the 8th to the 14th": a few values each.
        for (key, most) in [("BYMONTH", 4), ("BYDAY", 7), ("BYMONTHDAY", 7), ("BYYEARDAY", 4), ("BYWEEKNO", 4),
                            ("BYHOUR", 1), ("BYMINUTE", 1), ("BYSECOND", 1), ("BYSETPOS", 4)] {
            if let values = parts[key], values.count > most { return "repeats on \(values.count) \(key) values a year" }
        }
        return nil
    }
}
