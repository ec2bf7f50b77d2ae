import CICal
import Foundation
import ICalendarReading
import ICalendarText

/// The calendar's own properties (its name and colour), edited in place among the header lines.
extension CalendarDocument {
    /// The calendar's `X-WR-CALNAME` (unescaped); nil when it has none.
    public var calendarName: String? {
        headerIndices.lazy.compactMap { index -> String? in
            guard case let .line(line) = parts[index], line.name == "X-WR-CALNAME" else { return nil }
            return RawContentLine.unescape(line.value)
        }.first
    }

    /// The calendar's colour: RFC 7986 `COLOR`, else Apple's `X-APPLE-CALENDAR-COLOR` (without
    /// its alpha), as the reader takes it; nil when it has neither.
    public var calendarColor: String? {
        var apple: String?
        for index in headerIndices {
            guard case let .line(line) = parts[index] else { continue }
            let value = RawContentLine.unescape(line.value).trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { continue }
            if line.name == "COLOR" { return value }
            if line.name == "X-APPLE-CALENDAR-COLOR", apple == nil { apple = CalendarReader.withoutAlpha(value) }
        }
        return apple
    }

    /// Sets `X-WR-CALNAME` (what Google, Apple and Thunderbird read as the calendar's name).
    public mutating func setCalendarName(_ name: String) throws(ICalendarError) {
        guard let property = name.withCString({ icalproperty_new_x($0) }) else { throw unwritable("X-WR-CALNAME") }
        icalproperty_set_x_name(property, "X-WR-CALNAME")
        try setHeader("X-WR-CALNAME", to: property)
    }

    /// Sets RFC 7986 `COLOR` (a CSS name or #rrggbb); nil removes it.
    public mutating func setCalendarColor(_ color: String?) throws(ICalendarError) {
        guard let color else { return removeHeader("COLOR") }
        guard let property = color.withCString({ icalproperty_new_color($0) }) else { throw unwritable("COLOR") }
        try setHeader("COLOR", to: property)
    }

    /// Replaces the first calendar's header line(s) called `name`, or adds one after its
    /// last header line. Takes ownership of `property`.
    private mutating func setHeader(_ name: String, to property: OpaquePointer) throws(ICalendarError) {
        defer { icalproperty_free(property) }
        guard var text = LibicalText.take(icalproperty_as_ical_string_r(property)) else { throw unwritable(name) }
        if lineEnd != "\r\n" { text = text.replacingOccurrences(of: "\r\n", with: lineEnd) }
        let headers = headerIndices
        if let first = headers.first(where: { lineName(at: $0) == name }) {
            removeHeader(name, keeping: first)
            parts[first] = .line(ContentLine(text: text))
        } else {
            parts.insert(.line(ContentLine(text: text)), at: (headers.last ?? 0) + 1)
        }
    }

    private mutating func removeHeader(_ name: String, keeping kept: Int? = nil) {
        for index in headerIndices.reversed() where index != kept && lineName(at: index) == name {
            parts.remove(at: index)
        }
    }

    /// Indices of the first VCALENDAR's own lines, from its BEGIN up to its first component
    /// or END (the calendar's properties come before its components).
    private var headerIndices: [Int] {
        guard let begin = parts.firstIndex(where: { part in
            if case let .line(line) = part { return line.beginName == "VCALENDAR" }
            return false
        }) else { return [] }
        var result = [begin]
        for index in parts.indices.dropFirst(begin + 1) {
            guard case let .line(line) = parts[index], line.endName == nil else { break }
            result.append(index)
        }
        return result
    }

    private func lineName(at index: Int) -> String? {
        if case let .line(line) = parts[index] { return line.name }
        return nil
    }

    private func unwritable(_ name: String) -> ICalendarError {
        ICalendarError(path: "edit", problem: "libical could not write \(name)")
    }
}
