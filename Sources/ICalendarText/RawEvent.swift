import CalendarModel

/// The date-valued properties of one VEVENT, as written, checked line by line from the
/// file's bytes. Only what an error message needs is kept as text: the title and UID, and
/// the first impossible date.
struct RawEvent {
    let ordinal: Int
    /// As written (still escaped): unescaped only when a message names the event.
    var summary: String?
    var uid: String?
    /// The first impossible date, in file order: the property that holds it, the value and
    /// the line it is on.
    var impossible: (property: String, value: String, line: Int)?
    /// Dates written with a stray "Z" ("RDATE:20131210Z", as Google Calendar exports do): a
    /// date has no time and so no zone, and the meaning is clear. The offset of each "Z" in the
    /// line's bytes (as `add` was handed them), with the line's number and a note for the user.
    var strayZones: [(offset: Int, line: Int, note: String)] = []
    /// The line being read (`add` sets it), for `impossible`.
    private var line = 0

    init(ordinal: Int) {
        self.ordinal = ordinal
    }

    /// Whether `add` looks at a line with this name at all.
    static func reads(_ line: ByteContentLine) -> Bool {
        line.nameIs("SUMMARY") || line.nameIs("UID") || line.nameIs("DTSTART") || line.nameIs("DTEND")
            || line.nameIs("RECURRENCE-ID") || line.nameIs("EXDATE") || line.nameIs("RDATE") || line.nameIs("RRULE")
    }

    mutating func add(_ line: ByteContentLine, number: Int) {
        self.line = number
        if line.nameIs("SUMMARY") {
            summary = summary ?? line.valueText
        } else if line.nameIs("UID") {
            uid = uid ?? line.valueText
        } else if impossible == nil {
            checkDates(line)
        }
    }

    private mutating func checkDates(_ line: ByteContentLine) {
        let bytes = line.bytes
        if line.nameIs("DTSTART") || line.nameIs("DTEND") || line.nameIs("RECURRENCE-ID") {
            check(line.value, of: line.nameText, in: bytes)
        } else if line.nameIs("EXDATE") || line.nameIs("RDATE") {
            let property = line.nameText
            for item in Self.split(line.value, at: 44, in: bytes) {
                // An RDATE period is "start/end" or "start/duration": check the dates in it.
                for part in Self.split(item, at: 47, in: bytes) where impossible == nil {
                    let first = part.isEmpty ? nil : bytes[part.lowerBound]
                    if first == 80 || first == 43 || first == 45 { continue } // P, +, -
                    check(part, of: property, in: bytes)
                }
            }
        } else if line.nameIs("RRULE") {
            for part in Self.split(line.value, at: 59, in: bytes) where impossible == nil && part.count >= 6 {
                let key = Array(bytes[part.lowerBound..<part.lowerBound + 6]).map(ByteContentLine.upper)
                if key.elementsEqual("UNTIL=".utf8) { check(part.lowerBound + 6..<part.upperBound, of: "RRULE UNTIL", in: bytes) }
            }
        }
    }

    private mutating func check(_ range: Range<Int>, of property: String, in bytes: UnsafeBufferPointer<UInt8>) {
        guard impossible == nil, !Self.isPossible(bytes[range]) else { return }
        if range.count == 9, bytes[range.upperBound - 1] == 90, Self.isPossible(bytes[range.lowerBound..<range.upperBound - 1]) {
            let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            let digits = Array(value.utf8.prefix(8)).map { Int($0) - 48 }
            let (year, month, day) = (digits[0...3].reduce(0) { $0 * 10 + $1 }, digits[4] * 10 + digits[5], digits[6] * 10 + digits[7])
            strayZones.append((range.upperBound - 1, line, "its \(property) “\(value)” has a stray Z after a date; "
                               + "read as \(Self.months[month - 1]) \(day), \(year)"))
            return
        }
        impossible = (property, String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self), line)
    }

    /// The pieces of `range` between bytes equal to `separator` (empty pieces kept).
    private static func split(_ range: Range<Int>, at separator: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = range.lowerBound
        for index in range where bytes[index] == separator {
            pieces.append(start..<index)
            start = index + 1
        }
        pieces.append(start..<range.upperBound)
        return pieces
    }

    /// Why the event cannot be read, in words: "event "Review" on line 4 skipped: its DTSTART
    /// says February 30, 2026, which does not exist".
    func problem() -> String? {
        guard let (property, value, line) = impossible else { return nil }
        return "event \(name) on line \(line) skipped: its \(property) \(Self.describe(value))"
    }

    private static let months = ["January", "February", "March", "April", "May", "June", "July",
                                 "August", "September", "October", "November", "December"]

    /// What is wrong with a value `isPossible` refused.
    static func describe(_ value: String) -> String {
        let characters = Array(value)
        func number(_ range: Range<Int>) -> Int? {
            range.upperBound <= characters.count ? Int(String(characters[range])) : nil
        }
        guard value.count >= 8, value.prefix(8).allSatisfy(\.isASCII), value.prefix(8).allSatisfy(\.isNumber),
              let year = number(0..<4), let month = number(4..<6), let day = number(6..<8) else {
            return value.isEmpty ? "is empty" : "“\(value)” is not a date"
        }
        guard (1...12).contains(month) else { return "says month \(month) of \(year), which does not exist" }
        guard CalendarDay(year: year, month: month, day: day) != nil else {
            return "says \(months[month - 1]) \(day), \(year), which does not exist"
        }
        if value.count >= 15, let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
           hour > 23 || minute > 59 || second > 60 {
            return "says \(String(format: "%02d:%02d", hour, minute)), which is not a time of day"
        }
        return "“\(value)” is not a date and time"
    }

    /// How the error message names the event: its title, else its UID, else its position.
    var name: String {
        if let summary, !summary.isEmpty { return "\"\(RawContentLine.unescape(summary))\"" }
        if let uid, !uid.isEmpty { return "with UID \(uid)" }
        return "#\(ordinal)"
    }

    /// `YYYYMMDD` or `YYYYMMDDTHHMMSS[Z]`, naming a day and time that exist.
    static func isPossible(_ chars: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        let start = chars.startIndex
        let count = chars.count
        guard count == 8 || ((count == 15 || (count == 16 && chars[start + 15] == 90)) && chars[start + 8] == 84) else {
            return false
        }
        guard day(of: chars) != nil else { return false }
        guard count > 8 else { return true }
        guard let hour = number(chars, 9..<11), let minute = number(chars, 11..<13),
              let second = number(chars, 13..<15) else { return false }
        return hour <= 23 && minute <= 59 && second <= 60
    }

    /// The day a DATE or DATE-TIME value's first eight digits name; nil when they are not
    /// digits or name no day (February 30).
    static func day(of chars: Slice<UnsafeBufferPointer<UInt8>>) -> CalendarDay? {
        guard chars.count >= 8, let year = number(chars, 0..<4), let month = number(chars, 4..<6),
              let day = number(chars, 6..<8) else { return nil }
        return CalendarDay(year: year, month: month, day: day)
    }

    /// The decimal number at `offsets` from the start of `chars`; nil if any is not a digit.
    private static func number(_ chars: Slice<UnsafeBufferPointer<UInt8>>, _ offsets: Range<Int>) -> Int? {
        var value = 0
        for offset in offsets {
            let char = chars[chars.startIndex + offset]
            guard char >= 48 && char <= 57 else { return nil }
            value = value * 10 + Int(char - 48)
        }
        return value
    }
}
