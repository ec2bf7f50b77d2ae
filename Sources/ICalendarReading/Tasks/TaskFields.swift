import CICal
import CalendarModel
import Foundation
import ICalendarText

/// The properties of one VTODO that Koyomi uses, copied out of libical. Everything else stays
/// in the file as written: reading never changes it (`CalendarDocument` keeps the text).
struct TaskFields {
    var uid: String?
    var summary: String?
    var dtstart: RawTime?
    var due: RawTime?
    var duration: NominalDuration?
    /// STATUS as written, upper-cased; nil when absent.
    var status: String?
    var completed: Date?
    var percent: Int?
    var priority: Int?
    var categories: [String] = []
    /// RELATED-TO with RELTYPE=PARENT or no RELTYPE (RFC 5545's default).
    var parent: String?
    /// RRULE texts, in the order read.
    var rules: [String] = []
    var exdates: [RawTime] = []
    var recurrenceID: RawTime?

    mutating func take(_ property: OpaquePointer) {
        switch icalproperty_isa(property) {
        case ICAL_UID_PROPERTY: uid = uid ?? nonEmpty(LibicalText.string(icalproperty_get_uid(property)))
        case ICAL_SUMMARY_PROPERTY: summary = summary ?? nonEmpty(LibicalText.string(icalproperty_get_summary(property)))
        case ICAL_DTSTART_PROPERTY: dtstart = dtstart ?? RawTime(icalproperty_get_dtstart(property), property: property)
        case ICAL_DUE_PROPERTY: due = due ?? RawTime(icalproperty_get_due(property), property: property)
        case ICAL_DURATION_PROPERTY: duration = duration ?? NominalDuration(icalproperty_get_duration(property))
        case ICAL_STATUS_PROPERTY: status = LibicalText.value(of: property)?.uppercased()
        case ICAL_COMPLETED_PROPERTY:
            // RFC 5545 wants COMPLETED in UTC; a floating one is read as UTC all the same.
            completed = completed ?? WallTime(icalproperty_get_completed(property))?.asUTC
        case ICAL_PERCENTCOMPLETE_PROPERTY:
            percent = min(100, max(0, Int(icalproperty_get_percentcomplete(property))))
        case ICAL_PRIORITY_PROPERTY: priority = min(9, max(0, Int(icalproperty_get_priority(property))))
        case ICAL_CATEGORIES_PROPERTY:
            let text = LibicalText.string(icalproperty_get_categories(property)) ?? ""
            categories += text.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        case ICAL_RELATEDTO_PROPERTY where parent == nil:
            let type = icalproperty_get_first_parameter(property, ICAL_RELTYPE_PARAMETER).map { icalparameter_get_reltype($0) }
            guard type == nil || type == ICAL_RELTYPE_PARENT else { break }
            parent = nonEmpty(LibicalText.string(icalproperty_get_relatedto(property)))
        case ICAL_RRULE_PROPERTY:
            if let text = LibicalText.value(of: property), !rules.contains(text) { rules.append(text) }
        case ICAL_EXDATE_PROPERTY:
            if let raw = RawTime(icalproperty_get_exdate(property), property: property) { exdates.append(raw) }
        case ICAL_RECURRENCEID_PROPERTY where recurrenceID == nil:
            recurrenceID = RawTime(icalproperty_get_recurrenceid(property), property: property)
        case ICAL_XLICERROR_PROPERTY:
            // libical drops an RRULE it cannot read and quotes it here; Koyomi reads rules itself.
            if let message = LibicalText.value(of: property), message.contains("RRULE property"),
               let quoted = message.range(of: "Removing entire property: ") {
                let text = RawContentLine.unescape(String(message[quoted.upperBound...]))
                if !rules.contains(text) { rules.append(text) }
            }
        default: break
        }
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.trimmingSpaces().isEmpty else { return nil }
        return text
    }
}
