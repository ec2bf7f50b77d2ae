import CICal
import CalendarModel

/// The properties of one VEVENT that Koyomi uses, copied out of libical.
struct EventFields {
    var uid: String?
    var summary: String?
    var location: String?
    var notes: String?
    var color: String?
    var categories: [String] = []
    var status: PlanStatus?
    var dtstart: RawTime?
    var dtend: RawTime?
    var duration: NominalDuration?
    var rule: icalrecurrencetype?
    var until: RawTime?
    var hasRscale = false
    var rdates: [RawTime] = []
    var exdates: [RawTime] = []
    var recurrenceID: RawTime?
    /// The first parse error libical recorded in the event (an X-LIC-ERROR property).
    var parseError: String?

    mutating func take(_ property: OpaquePointer) {
        let kind = icalproperty_isa(property)
        switch kind {
        case ICAL_UID_PROPERTY: uid = uid ?? nonEmpty(LibicalText.string(icalproperty_get_uid(property)))
        case ICAL_SUMMARY_PROPERTY:
            summary = summary ?? nonEmpty(LibicalText.string(icalproperty_get_summary(property)))
        case ICAL_LOCATION_PROPERTY:
            location = location ?? nonEmpty(LibicalText.string(icalproperty_get_location(property)))
        case ICAL_DESCRIPTION_PROPERTY:
            notes = notes ?? nonEmpty(LibicalText.string(icalproperty_get_description(property)))
        case ICAL_COLOR_PROPERTY: color = color ?? nonEmpty(LibicalText.value(of: property))
        case ICAL_CATEGORIES_PROPERTY:
            // libical splits "a,b" into several properties, but be safe with what remains.
            let text = LibicalText.string(icalproperty_get_categories(property)) ?? ""
            categories += text.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        case ICAL_STATUS_PROPERTY:
            status = LibicalText.value(of: property).flatMap { PlanStatus(rawValue: $0.uppercased()) }
        case ICAL_DTSTART_PROPERTY: dtstart = dtstart ?? RawTime(icalproperty_get_dtstart(property), property: property)
        case ICAL_DTEND_PROPERTY: dtend = dtend ?? RawTime(icalproperty_get_dtend(property), property: property)
        case ICAL_DURATION_PROPERTY:
            duration = duration ?? NominalDuration(icalproperty_get_duration(property))
        case ICAL_RRULE_PROPERTY where rule == nil: takeRule(property)
        case ICAL_RDATE_PROPERTY:
            let value = icalproperty_get_rdate(property)
            let time = icaltime_is_null_time(value.time).isTrue ? value.period.start : value.time
            if let raw = RawTime(time, property: property) { rdates.append(raw) }
        case ICAL_EXDATE_PROPERTY:
            if let raw = RawTime(icalproperty_get_exdate(property), property: property) { exdates.append(raw) }
        case ICAL_RECURRENCEID_PROPERTY:
            recurrenceID = recurrenceID ?? RawTime(icalproperty_get_recurrenceid(property), property: property)
        case ICAL_XLICERROR_PROPERTY where parseError == nil: takeError(property)
        default: break
        }
    }

    private mutating func takeRule(_ property: OpaquePointer) {
        var value = icalproperty_get_rrule(property)
        guard value.freq != ICAL_NO_RECURRENCE else { return }
        if let scale = LibicalText.string(value.rscale), scale.uppercased() != "GREGORIAN" {
            hasRscale = true
        }
        // The iterator gets a copy without pointers into the tree; UNTIL is re-added
        // in the DTSTART's frame when expanding.
        value.rscale = nil
        if !icaltime_is_null_time(value.until).isTrue {
            until = RawTime(value.until, property: property)
            until?.tzid = nil
        }
        value.until = icaltime_null_time()
        rule = value
    }

    private mutating func takeError(_ property: OpaquePointer) {
        let message = LibicalText.value(of: property) ?? "unreadable property"
        let type = icalproperty_get_first_parameter(property, ICAL_XLICERRORTYPE_PARAMETER)
            .map { icalparameter_get_xlicerrortype($0) }
        // An unknown (IANA or misspelt) property name costs nothing Koyomi reads.
        if type == ICAL_XLICERRORTYPE_PROPERTYPARSEERROR && message.contains("property name") { return }
        // An empty value ("LOCATION:", as Google exports write) just means "none".
        if message.hasPrefix("No value for") { return }
        parseError = message
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.trimmingSpaces().isEmpty else { return nil }
        return text
    }
}

/// A DURATION as RFC 5545 means it: whole days (and weeks) are "the same clock time that many
/// days later", which is not 24 hours across a DST change; the rest is exact seconds.
struct NominalDuration: Hashable {
    var days: Int
    var seconds: Int

    init(days: Int, seconds: Int) {
        self.days = days
        self.seconds = seconds
    }

    /// A negative duration makes no sense for an event's length: read as zero.
    init(_ value: icaldurationtype) {
        guard value.is_neg == 0 else {
            self.init(days: 0, seconds: 0)
            return
        }
        self.init(days: Int(value.weeks) * 7 + Int(value.days),
                  seconds: Int(value.hours) * 3600 + Int(value.minutes) * 60 + Int(value.seconds))
    }
}
