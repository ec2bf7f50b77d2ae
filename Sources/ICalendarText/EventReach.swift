import CalendarModel
import Foundation

/// Which events of a file may have a plan in an interval, told from their text alone, so a
/// first open can parse the visible months' events before the rest of the file
/// (`ICalendarLoadOptions.firstPart`).
///
/// The answer errs one way only: an event is left out only when its own DTSTART, DTEND or
/// DURATION lines put it clearly outside the interval. Anything that repeats (RRULE, RDATE,
/// EXRULE) or changes an occurrence (RECURRENCE-ID) is kept, and so is anything the scan cannot
/// read with certainty (a folded or odd date, a negative duration, no DTSTART): libical reads
/// those as always. Dates are compared as calendar days with two days to spare on each side,
/// which covers every zone's offset (at most 14 hours) and floating times in any zone.
package struct EventReach {
    /// Days since 1970-01-01 (`CalendarDay.julianOffset`), inclusive.
    let firstDay: Int
    let lastDay: Int

    static let spareDays = 2

    package init(_ interval: DateInterval) {
        firstDay = Int((interval.start.timeIntervalSince1970 / 86_400).rounded(.down)) - Self.spareDays
        lastDay = Int((interval.end.timeIntervalSince1970 / 86_400).rounded(.up)) + Self.spareDays
    }

    /// Whether the VEVENT in `range` (from its BEGIN line to its END line) may have a plan
    /// that reaches the interval.
    package func mayReach(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let event = UnsafeBufferPointer(rebasing: bytes[range])
        var start: Int?, end: Int?, length: Int?
        var depth = 0
        var certain = true
        LogicalLine.forEach(in: event) { line in
            let content = ByteContentLine(event, range: line.range)
            if content.nameIs("BEGIN") { depth += 1; return true }
            if content.nameIs("END") { depth -= 1; return true }
            // VALARM and other nested parts have no say in when the event is.
            guard depth == 1 else { return true }
            if content.nameIs("RRULE") || content.nameIs("RDATE") || content.nameIs("EXRULE")
                || content.nameIs("RECURRENCE-ID") {
                certain = false
            } else if content.nameIs("DTSTART") {
                start = line.isFolded ? nil : Self.day(content)
                certain = start != nil
            } else if content.nameIs("DTEND") {
                end = line.isFolded ? nil : Self.day(content)
                certain = end != nil
            } else if content.nameIs("DURATION") {
                length = line.isFolded ? nil : Self.days(content)
                certain = length != nil
            }
            return certain
        }
        guard certain, let start else { return true }
        let last = max(start, end ?? start + (length ?? 0))
        return start <= lastDay && last >= firstDay
    }

    /// The calendar day a DATE or DATE-TIME value names ("20260614" or "20260614T093000[Z]"),
    /// as days since 1970-01-01; nil for anything else.
    static func day(_ content: ByteContentLine) -> Int? {
        let value = content.bytes[content.value]
        guard RawEvent.isPossible(value) else { return nil }
        return RawEvent.day(of: value)?.julianOffset
    }

    /// Whole days a non-negative DURATION spans at most ("P1W", "P2DT3H", "PT90M"), rounded up;
    /// nil for a negative or unreadable one.
    static func days(_ content: ByteContentLine) -> Int? {
        var seconds = 0
        var amount = 0
        var digits = false
        var inTime = false
        var timeUnits = 0
        var index = content.value.lowerBound
        if index < content.value.upperBound && content.bytes[index] == UInt8(ascii: "+") { index += 1 }
        guard index < content.value.upperBound, content.bytes[index] == UInt8(ascii: "P") else { return nil }
        index += 1
        while index < content.value.upperBound {
            let byte = content.bytes[index]
            index += 1
            if byte >= 48 && byte <= 57 {
                amount = amount * 10 + Int(byte - 48)
                digits = true
                guard amount < 1_000_000 else { return nil }
                continue
            }
            let unit: Int
            switch (byte, inTime) {
            case (UInt8(ascii: "T"), false): inTime = true; continue
            case (UInt8(ascii: "W"), false): unit = 7 * 86_400
            case (UInt8(ascii: "D"), false): unit = 86_400
            case (UInt8(ascii: "H"), true): unit = 3_600; timeUnits += 1
            case (UInt8(ascii: "M"), true): unit = 60; timeUnits += 1
            case (UInt8(ascii: "S"), true): unit = 1; timeUnits += 1
            default: return nil
            }
            guard digits else { return nil }
            seconds += amount * unit
            amount = 0
            digits = false
        }
        guard !digits, !inTime || timeUnits > 0 else { return nil }
        return (seconds + 86_399) / 86_400
    }
}
