import CICal
import CalendarModel
import Foundation
import ICalendarReading

/// A date-time value as a property carries it: a date, a UTC time, or a wall time with
/// its TZID (nil TZID: floating).
enum PropertyTime: Hashable {
    case date(CalendarDay)
    case utc(WallTime)
    case local(WallTime, tzid: String?)

    var wall: WallTime {
        switch self {
        case let .date(day): WallTime(date: day, isDate: true)
        case let .utc(wall), let .local(wall, _): wall
        }
    }

    /// Reads DTSTART, RECURRENCE-ID, … from a content line through libical.
    init?(line: ContentLine) {
        guard let property = line.unfolded.withCString({ icalproperty_new_from_string($0) }) else { return nil }
        defer { icalproperty_free(property) }
        guard let value = icalproperty_get_value(property),
              let raw = RawTime(icalvalue_get_datetime(value), property: property) else { return nil }
        if raw.wall.isDate {
            self = .date(raw.wall.date)
        } else if raw.isUTC {
            self = .utc(raw.wall)
        } else {
            self = .local(raw.wall, tzid: raw.tzid)
        }
    }

    fileprivate var icalTime: icaltimetype {
        var time = wall.icalTime
        if case .utc = self { time.zone = icaltimezone_get_utc_timezone() }
        return time
    }
}

/// New property lines, written by libical so escaping, VALUE parameters and folding are
/// exactly libical's; only the line end is changed to the document's.
struct PropertyText {
    let lineEnd: String

    /// SUMMARY, LOCATION, DESCRIPTION.
    func text(_ name: String, _ value: String) -> ContentLine? {
        let make: (UnsafePointer<CChar>) -> OpaquePointer? = switch name {
        case "SUMMARY": icalproperty_new_summary
        case "LOCATION": icalproperty_new_location
        case "DESCRIPTION": icalproperty_new_description
        case "UID": icalproperty_new_uid
        case "COLOR": icalproperty_new_color
        case "CATEGORIES": icalproperty_new_categories
        default: { _ in nil }
        }
        return line(value.withCString(make))
    }

    /// DTSTAMP, CREATED, LAST-MODIFIED, ACKNOWLEDGED: always UTC.
    func stamp(_ name: String, _ instant: Date) -> ContentLine? {
        time(name, .utc(WallTime(utcOf: instant)))
    }

    /// DTSTART, DTEND, DUE, EXDATE, RECURRENCE-ID, COMPLETED (give it UTC).
    func time(_ name: String, _ value: PropertyTime) -> ContentLine? {
        let icalTime = value.icalTime
        let property: OpaquePointer? = switch name {
        case "DTSTART": icalproperty_new_dtstart(icalTime)
        case "DTEND": icalproperty_new_dtend(icalTime)
        case "EXDATE": icalproperty_new_exdate(icalTime)
        case "RECURRENCE-ID": icalproperty_new_recurrenceid(icalTime)
        case "DTSTAMP": icalproperty_new_dtstamp(icalTime)
        case "CREATED": icalproperty_new_created(icalTime)
        case "LAST-MODIFIED": icalproperty_new_lastmodified(icalTime)
        case "ACKNOWLEDGED": icalproperty_new_acknowledged(icalTime)
        case "DUE": icalproperty_new_due(icalTime)
        case "COMPLETED": icalproperty_new_completed(icalTime)
        default: nil
        }
        if let property, case let .local(_, tzid?) = value {
            icalproperty_add_parameter(property, tzid.withCString { icalparameter_new_tzid($0) })
        }
        return line(property)
    }

    /// A VTODO's STATUS.
    func status(_ status: TaskStatus) -> ContentLine? {
        let value: icalproperty_status = switch status {
        case .needsAction: ICAL_STATUS_NEEDSACTION
        case .inProcess: ICAL_STATUS_INPROCESS
        case .completed: ICAL_STATUS_COMPLETED
        case .cancelled: ICAL_STATUS_CANCELLED
        }
        return line(icalproperty_new_status(value))
    }

    func percentComplete(_ percent: Int) -> ContentLine? {
        line(icalproperty_new_percentcomplete(Int32(clamping: min(100, max(0, percent)))))
    }

    func sequence(_ number: Int) -> ContentLine? {
        line(icalproperty_new_sequence(Int32(clamping: number)))
    }

    /// RRULE from its value text ("FREQ=WEEKLY;BYDAY=MO"); nil when libical cannot read it.
    func rule(_ value: String) -> ContentLine? {
        line("RRULE:\(value)".withCString { icalproperty_new_from_string($0) })
    }

    /// Takes ownership of `property`, frees it, and returns its text.
    private func line(_ property: OpaquePointer?) -> ContentLine? {
        guard let property else { return nil }
        defer { icalproperty_free(property) }
        guard var text = LibicalText.take(icalproperty_as_ical_string_r(property)) else { return nil }
        if lineEnd != "\r\n" { text = text.replacingOccurrences(of: "\r\n", with: lineEnd) }
        return ContentLine(text: text)
    }

    /// A line written by hand (BEGIN/END), with the document's line end.
    func raw(_ content: String) -> ContentLine { ContentLine(text: content + lineEnd) }
}
