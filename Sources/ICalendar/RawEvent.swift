import CalendarModel

/// The date-valued properties of one VEVENT, as written.
struct RawEvent {
    let ordinal: Int
    var summary: String?
    var uid: String?
    var dates: [(property: String, value: String)] = []

    init(ordinal: Int) {
        self.ordinal = ordinal
    }

    /// Whether `add` keeps anything of a line with this name (so others need no strings).
    static func reads(_ line: ByteContentLine) -> Bool {
        line.nameIs("SUMMARY") || line.nameIs("UID") || line.nameIs("DTSTART") || line.nameIs("DTEND")
            || line.nameIs("RECURRENCE-ID") || line.nameIs("EXDATE") || line.nameIs("RDATE") || line.nameIs("RRULE")
    }

    mutating func add(_ line: RawContentLine) {
        switch line.name {
        case "SUMMARY": summary = summary ?? RawContentLine.unescape(line.value)
        case "UID": uid = uid ?? line.value
        case "DTSTART", "DTEND", "RECURRENCE-ID":
            dates.append((line.name, line.value))
        case "EXDATE", "RDATE":
            for item in line.value.split(separator: ",", omittingEmptySubsequences: false) {
                // An RDATE period is "start/end" or "start/duration": check the dates in it.
                for part in item.split(separator: "/", omittingEmptySubsequences: false)
                where !(part.first.map { "P+-".contains($0) } ?? false) {
                    dates.append((line.name, String(part)))
                }
            }
        case "RRULE":
            for part in line.value.split(separator: ";") where part.uppercased().hasPrefix("UNTIL=") {
                dates.append(("RRULE UNTIL", String(part.dropFirst(6))))
            }
        default: break
        }
    }

    func problem() -> String? {
        for (property, value) in dates where !Self.isPossible(value) {
            let shown = value.isEmpty ? "(empty)" : value
            return "event \(name) has an impossible \(property) \(shown)"
        }
        return nil
    }

    /// How the error message names the event: its title, else its UID, else its position.
    var name: String {
        if let summary, !summary.isEmpty { return "\"\(summary)\"" }
        if let uid, !uid.isEmpty { return "with UID \(uid)" }
        return "#\(ordinal)"
    }

    /// `YYYYMMDD` or `YYYYMMDDTHHMMSS[Z]`, naming a day and time that exist.
    static func isPossible(_ text: String) -> Bool {
        let chars = Array(text.utf8)
        let isDigit = { (c: UInt8) in c >= 48 && c <= 57 }
        guard chars.count == 8 || ((chars.count == 15 || (chars.count == 16 && chars[15] == 90))
                                   && chars[8] == 84) else { return false }
        let digitIndices = Array(0..<8) + (chars.count > 8 ? Array(9..<15) : [])
        guard digitIndices.allSatisfy({ isDigit(chars[$0]) }) else { return false }
        func number(_ range: Range<Int>) -> Int {
            range.reduce(0) { $0 * 10 + Int(chars[$1] - 48) }
        }
        guard CalendarDay(year: number(0..<4), month: number(4..<6), day: number(6..<8)) != nil else {
            return false
        }
        guard chars.count > 8 else { return true }
        return number(9..<11) <= 23 && number(11..<13) <= 59 && number(13..<15) <= 60
    }
}
