import Foundation

/// Why an RRULE cannot be used, in words a user can act on ("COUNT=-1 is not a count of
/// one or more").
public struct RuleProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension RecurrenceRule {
    package static let weekdayCodes = ["SU": 1, "MO": 2, "TU": 3, "WE": 4, "TH": 5, "FR": 6, "SA": 7]

    /// Reads RRULE text ("FREQ=WEEKLY;BYDAY=MO,WE"); names are case-insensitive. Parts the
    /// RFC does not define are left out and named in `ignoredParts`; RSCALE other than
    /// GREGORIAN (RFC 7529) is refused, since Koyomi repeats in the Gregorian calendar only.
    public init(parsing text: String) throws(RuleProblem) {
        var frequency: Frequency?
        var rule = RecurrenceRule(frequency: .daily)
        var seen = Set<String>()
        var ignored: [String] = []
        for rawPart in text.split(separator: ";", omittingEmptySubsequences: true) {
            let pair = rawPart.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = pair[0].uppercased()
            guard pair.count == 2 else { throw RuleProblem("“\(rawPart)” is not NAME=VALUE") }
            let value = String(pair[1]).uppercased()
            guard seen.insert(name).inserted else { throw RuleProblem("\(name) is given twice") }
            switch name {
            case "FREQ":
                guard let found = Frequency.allCases.first(where: { $0.name == value }) else {
                    throw RuleProblem("FREQ=\(value) is not a frequency (SECONDLY … YEARLY)")
                }
                frequency = found
            case "INTERVAL":
                guard let number = Int(value), number >= 1 else {
                    throw RuleProblem("INTERVAL=\(value) is not a whole number of 1 or more")
                }
                rule.interval = number
            case "COUNT":
                guard let number = Int(value), number >= 1 else {
                    throw RuleProblem("COUNT=\(value) is not a count of 1 or more")
                }
                rule.count = number
            case "UNTIL":
                guard let until = Self.until(value) else {
                    throw RuleProblem("UNTIL=\(value) is not a date (YYYYMMDD) or a date and time")
                }
                rule.until = until
            case "BYSECOND": rule.bySecond = try Self.numbers(name, value, 0...60, signed: false)
            case "BYMINUTE": rule.byMinute = try Self.numbers(name, value, 0...59, signed: false)
            case "BYHOUR": rule.byHour = try Self.numbers(name, value, 0...23, signed: false)
            case "BYMONTHDAY": rule.byMonthDay = try Self.numbers(name, value, 1...31, signed: true)
            case "BYYEARDAY": rule.byYearDay = try Self.numbers(name, value, 1...366, signed: true)
            case "BYWEEKNO": rule.byWeekNo = try Self.numbers(name, value, 1...53, signed: true)
            case "BYMONTH": rule.byMonth = try Self.numbers(name, value, 1...12, signed: false)
            case "BYSETPOS": rule.bySetPos = try Self.numbers(name, value, 1...366, signed: true)
            case "BYDAY": rule.byDay = try Self.weekdays(value)
            case "WKST":
                guard let day = Self.weekdayCodes[value] else {
                    throw RuleProblem("WKST=\(value) is not a weekday (MO, TU, …)")
                }
                rule.weekStart = day
            case "RSCALE":
                guard value == "GREGORIAN" else {
                    throw RuleProblem("it repeats in the \(value.lowercased()) calendar (RSCALE), and Koyomi repeats in the Gregorian one only")
                }
            case "SKIP":
                // RFC 7529: only meaningful with RSCALE; OMIT is RFC 5545's own behaviour.
                guard ["OMIT", "BACKWARD", "FORWARD"].contains(value) else {
                    throw RuleProblem("SKIP=\(value) is not OMIT, BACKWARD or FORWARD")
                }
                if value != "OMIT" { ignored.append("SKIP=\(value)") }
            default:
                ignored.append(name)
            }
        }
        guard let frequency else { throw RuleProblem("it has no FREQ") }
        rule.frequency = frequency
        rule.ignoredParts = ignored
        self = rule
    }

    /// "1,-1,15" within ±`range` (a zero or an unsigned minus is refused).
    private static func numbers(_ name: String, _ value: String, _ range: ClosedRange<Int>,
                                signed: Bool) throws(RuleProblem) -> [Int] {
        var result: [Int] = []
        for item in value.split(separator: ",", omittingEmptySubsequences: false) {
            guard let number = Int(item.hasPrefix("+") ? item.dropFirst() : item),
                  range.contains(signed ? abs(number) : number) else {
                let limits = signed ? "±\(range.lowerBound)…\(range.upperBound)" : "\(range.lowerBound)…\(range.upperBound)"
                throw RuleProblem("\(name)=\(value): “\(item)” is not in \(limits)")
            }
            if !result.contains(number) { result.append(number) }
        }
        return result
    }

    /// "MO,-1FR,+2TU".
    private static func weekdays(_ value: String) throws(RuleProblem) -> [WeekdayNumber] {
        var result: [WeekdayNumber] = []
        for item in value.split(separator: ",", omittingEmptySubsequences: false) {
            let code = String(item.suffix(2))
            let number = item.dropLast(2)
            guard let weekday = weekdayCodes[code] else {
                throw RuleProblem("BYDAY=\(value): “\(item)” is not a weekday (MO, 1FR, -1SU, …)")
            }
            var ordinal = 0
            if !number.isEmpty {
                guard let parsed = Int(number.hasPrefix("+") ? number.dropFirst() : number),
                      (1...53).contains(abs(parsed)) else {
                    throw RuleProblem("BYDAY=\(value): “\(item)” has an ordinal outside ±1…53")
                }
                ordinal = parsed
            }
            let entry = WeekdayNumber(weekday: weekday, ordinal: ordinal)
            if !result.contains(entry) { result.append(entry) }
        }
        return result
    }

    /// "20261231", "20261231T235959Z" or "20261231T235959".
    package static func until(_ text: String) -> Until? {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = digits(0..<4), let month = digits(4..<6), let dayNumber = digits(6..<8),
              let day = CalendarDay(year: year, month: month, day: dayNumber) else { return nil }
        if bytes.count == 8 { return Until(time: RuleTime(day: day), isDate: true, isUTC: false) }
        guard bytes.count == 15 || (bytes.count == 16 && bytes[15] == UInt8(ascii: "Z")), bytes[8] == UInt8(ascii: "T"),
              let hour = digits(9..<11), let minute = digits(11..<13), let second = digits(13..<15),
              hour < 24, minute < 60, second <= 60 else { return nil }
        let time = RuleTime(day: day, secondOfDay: hour * 3600 + minute * 60 + min(second, 59))
        return Until(time: time, isDate: false, isUTC: bytes.count == 16)
    }
}
