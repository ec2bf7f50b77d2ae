import CICal
import CalendarModel
import Foundation
import ICalendarText
import Recurrence

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
    /// Each RRULE without its UNTIL (kept beside it, read in DTSTART's frame when expanding), in
    /// the order read. RFC 5545 allows several (§3.6.1: it SHOULD NOT occur more than once): the
    /// event repeats on the union of all.
    var rules: [(rule: RecurrenceRule, until: RawTime?)] = []
    /// Why an RRULE could not be used, in words, for each one that cannot.
    var ruleProblems: [String] = []
    /// RRULE parts read but not followed (SKIP=BACKWARD, names the RFC does not define).
    var ignoredRuleParts: [String] = []
    var rdates: [RawTime] = []
    /// RDATE;VALUE=PERIOD occurrences' own ends (or durations), by index in `rdates`.
    var rdatePeriods: [Int: (end: RawTime?, duration: NominalDuration?)] = [:]
    var exdates: [RawTime] = []
    var recurrenceID: RawTime?
    /// RECURRENCE-ID;RANGE=THISANDFUTURE: the override changes every later occurrence too.
    var changesLaterOccurrences = false
    var revision = Revision()
    /// Thunderbird's X-MOZ-LASTACK and X-MOZ-SNOOZE-TIME(-…) on the event.
    var lastAcknowledged: Date?
    var snoozedUntil: [Date] = []
    /// The first parse error libical recorded in the event (an X-LIC-ERROR property).
    var parseError: String?
    /// RRULE texts already read, so one libical both kept and quoted is read once.
    private var readRuleTexts = Set<String>()

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
        case ICAL_RRULE_PROPERTY:
            if let text = LibicalText.value(of: property) { readRule(text) }
        case ICAL_RDATE_PROPERTY:
            let value = icalproperty_get_rdate(property)
            let isPeriod = icaltime_is_null_time(value.time).isTrue
            guard let raw = RawTime(isPeriod ? value.period.start : value.time, property: property) else { break }
            if isPeriod {
                let end = RawTime(value.period.end, property: property)
                rdatePeriods[rdates.count] = (end, end == nil ? NominalDuration(value.period.duration) : nil)
            }
            rdates.append(raw)
        case ICAL_EXDATE_PROPERTY:
            if let raw = RawTime(icalproperty_get_exdate(property), property: property) { exdates.append(raw) }
        case ICAL_RECURRENCEID_PROPERTY where recurrenceID == nil:
            recurrenceID = RawTime(icalproperty_get_recurrenceid(property), property: property)
            if let range = icalproperty_get_first_parameter(property, ICAL_RANGE_PARAMETER) {
                changesLaterOccurrences = icalparameter_get_range(range) == ICAL_RANGE_THISANDFUTURE
            }
        case ICAL_SEQUENCE_PROPERTY: revision.sequence = Int(icalproperty_get_sequence(property))
        case ICAL_LASTMODIFIED_PROPERTY: revision.lastModified = LibicalText.value(of: property).flatMap(Revision.number)
        case ICAL_DTSTAMP_PROPERTY: revision.stamp = LibicalText.value(of: property).flatMap(Revision.number)
        case ICAL_XLICERROR_PROPERTY where parseError == nil: takeError(property)
        case ICAL_X_PROPERTY:
            guard let name = LibicalText.xName(of: property), name.hasPrefix("X-MOZ-") else { break }
            let date = LibicalText.value(of: property).flatMap(AlarmReader.utcDate)
            if name == "X-MOZ-LASTACK" { lastAcknowledged = date ?? lastAcknowledged }
            if name.hasPrefix("X-MOZ-SNOOZE-TIME"), let date { snoozedUntil.append(date) }
        default: break
        }
    }

    /// Koyomi reads RRULEs itself (`RecurrenceRule`), so a rule libical refused can still be
    /// named and its event still shown. A rule written twice is read once.
    private mutating func readRule(_ text: String) {
        guard readRuleTexts.insert(text).inserted else { return }
        do {
            var parsed = try RecurrenceRule(parsing: text)
            let until = parsed.until.map(RawTime.init)
            parsed.until = nil
            for part in parsed.ignoredParts where !ignoredRuleParts.contains(part) { ignoredRuleParts.append(part) }
            rules.append((parsed, until))
        } catch {
            ruleProblems.append("its repeat rule “\(text)” cannot be used: \(error)")
        }
    }

    private mutating func takeError(_ property: OpaquePointer) {
        let message = LibicalText.value(of: property) ?? "unreadable property"
        let type = icalproperty_get_first_parameter(property, ICAL_XLICERRORTYPE_PARAMETER)
            .map { icalparameter_get_xlicerrortype($0) }
        // An unknown (IANA or misspelt) property name costs nothing Koyomi reads.
        if type == ICAL_XLICERRORTYPE_PROPERTYPARSEERROR && message.contains("property name") { return }
        // An empty value ("LOCATION:", as Google exports write) just means "none".
        if message.hasPrefix("No value for") { return }
        // libical drops an RRULE it cannot read and quotes it here, TEXT-escaped
        // ("FREQ=DAILY\;COUNT=-1"); Koyomi reads it itself
        // (libical 3.0 refuses valid rules too, such as a negative BYWEEKNO).
        if message.contains("RRULE property"), let quoted = message.range(of: "Removing entire property: ") {
            readRule(RawContentLine.unescape(String(message[quoted.upperBound...])))
            return
        }
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
