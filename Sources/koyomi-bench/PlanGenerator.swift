import Foundation

/// Writes synthetic but realistic calendars: all-day, timed (UTC, Tokyo, floating), multi-day,
/// ~10% repeating with RRULE (COUNT, UNTIL or open-ended) and EXDATE, with English, accented
/// and Japanese titles, spread over ten years (2021–2030). The same seed gives the same bytes.
struct PlanGenerator {
    /// One calendar file of a generated set: its name and share of the plans.
    struct Calendar {
        var name: String
        var color: String
        var share: Double
    }

    static let calendars = [
        Calendar(name: "Personal", color: "#3584e4", share: 0.5),
        Calendar(name: "Work", color: "#e66100", share: 0.35),
        Calendar(name: "Family", color: "#2ec27e", share: 0.15),
    ]
    static let firstYear = 2021
    static let years = 10

    private static let titles = [
        "Team meeting", "Dentist", "Café with Zoë", "Lunch with Ana", "Yoga", "Piano lesson",
        "Project review", "会議", "歯医者", "カイギの準備", "ともだちとランチ", "Flight to Zürich",
        "Budget planning", "Parents' evening", "Crème brûlée class", "Football", "Book club",
        "Quarterly report", "東京出張", "Doctor", "Haircut", "Garden work", "Code review", "Birthday",
    ]
    private static let locations = ["Room 4.2", "Café Mélange", "渋谷", "Online", "Main Street 12", "新宿オフィス"]

    var seed: UInt64 = 0x4B6F_796F_6D69

    /// Writes `count` plans split over `calendars` into `folder`; returns the file paths.
    func writeSet(count: Int, into folder: URL) throws -> [String] {
        var generator = SplitMix(seed: seed &+ UInt64(count))
        var paths: [String] = []
        var written = 0
        for (index, calendar) in Self.calendars.enumerated() {
            let share = index == Self.calendars.count - 1 ? count - written
                : Int((Double(count) * calendar.share).rounded())
            written += share
            let url = folder.appendingPathComponent("\(calendar.name.lowercased())-\(count).ics")
            let text = calendarText(name: calendar.name, color: calendar.color, count: share,
                                    uidPrefix: "\(calendar.name.lowercased())-\(count)", generator: &generator)
            try Data(text.utf8).write(to: url)
            paths.append(url.path)
        }
        return paths
    }

    /// Writes one file holding all `count` plans (the save benchmark edits one big file).
    func writeSingle(count: Int, to url: URL) throws {
        var generator = SplitMix(seed: seed &+ UInt64(count) &+ 1)
        let text = calendarText(name: "All", color: "#9141ac", count: count, uidPrefix: "all-\(count)",
                                generator: &generator)
        try Data(text.utf8).write(to: url)
    }

    /// A calendar with no plans: the baseline for first frame and memory.
    static func writeEmpty(to url: URL) throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi//bench//EN\r\nX-WR-CALNAME:Empty\r\nEND:VCALENDAR\r\n"
        try Data(text.utf8).write(to: url)
    }

    private func calendarText(name: String, color: String, count: Int, uidPrefix: String,
                              generator: inout SplitMix) -> String {
        var out = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi//bench//EN\r\n"
        out += "X-WR-CALNAME:\(name)\r\nCOLOR:\(color)\r\n"
        out += "BEGIN:VTIMEZONE\r\nTZID:Asia/Tokyo\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\n"
        out += "TZOFFSETFROM:+0900\r\nTZOFFSETTO:+0900\r\nTZNAME:JST\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
        out.reserveCapacity(count * 260)
        for number in 0..<count {
            out += event(uid: "\(uidPrefix)-\(number)@bench.koyomi", generator: &generator)
        }
        out += "END:VCALENDAR\r\n"
        return out
    }

    private func event(uid: String, generator: inout SplitMix) -> String {
        let dayOffset = generator.next(below: Self.years * 365)
        let start = Self.date(dayOffset: dayOffset)
        let kind = generator.next(below: 100)
        var lines = ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20250101T000000Z"]
        lines.append("SUMMARY:\(Self.titles[generator.next(below: Self.titles.count)]) \(generator.next(below: 1000))")
        if generator.next(below: 3) == 0 {
            lines.append("LOCATION:\(Self.locations[generator.next(below: Self.locations.count)])")
        }
        if generator.next(below: 5) == 0 { lines.append("DESCRIPTION:Bring the notes\\, and the résumé.") }
        let hour = 7 + generator.next(below: 12)
        let minute = [0, 15, 30, 45][generator.next(below: 4)]
        // How an EXDATE of this plan is written: the same value type and zone as its DTSTART.
        var exdate: (String) -> String = { "EXDATE;VALUE=DATE:\($0)" }
        switch kind {
        case 0..<20: // all-day, one day
            lines += ["DTSTART;VALUE=DATE:\(start)", "DTEND;VALUE=DATE:\(Self.date(dayOffset: dayOffset + 1))"]
        case 20..<25: // all-day, several days
            let days = 2 + generator.next(below: 6)
            lines += ["DTSTART;VALUE=DATE:\(start)", "DTEND;VALUE=DATE:\(Self.date(dayOffset: dayOffset + days))"]
        case 25..<30: // timed, across midnight or a few days
            let end = Self.date(dayOffset: dayOffset + 1 + generator.next(below: 3))
            lines += ["DTSTART:\(start)T\(Self.time(hour, minute))Z", "DTEND:\(end)T\(Self.time(10, 0))Z"]
            exdate = { "EXDATE:\($0)T\(Self.time(hour, minute))Z" }
        default: // timed, same day: UTC, Tokyo or floating
            let startText = "\(start)T\(Self.time(hour, minute))"
            let endText = "\(start)T\(Self.time(hour + 1, minute))"
            switch generator.next(below: 3) {
            case 0:
                lines += ["DTSTART:\(startText)Z", "DTEND:\(endText)Z"]
                exdate = { "EXDATE:\($0)T\(Self.time(hour, minute))Z" }
            case 1:
                lines += ["DTSTART;TZID=Asia/Tokyo:\(startText)", "DTEND;TZID=Asia/Tokyo:\(endText)"]
                exdate = { "EXDATE;TZID=Asia/Tokyo:\($0)T\(Self.time(hour, minute))" }
            default:
                lines += ["DTSTART:\(startText)", "DTEND:\(endText)"]
                exdate = { "EXDATE:\($0)T\(Self.time(hour, minute))" }
            }
        }
        if generator.next(below: 10) == 0 {
            lines += repeatLines(allDay: kind < 25, dayOffset: dayOffset, exdate: exdate, generator: &generator)
        }
        lines.append("END:VEVENT")
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// RRULE (weekly, daily, monthly or yearly; ended by COUNT or UNTIL, 5% open-ended) and
    /// for a third of the weekly and daily ones EXDATEs on real occurrences.
    private func repeatLines(allDay: Bool, dayOffset: Int, exdate: (String) -> String,
                             generator: inout SplitMix) -> [String] {
        let (frequency, step) = [("WEEKLY", 7), ("DAILY", 1), ("MONTHLY", 30), ("YEARLY", 365), ("WEEKLY", 14)][
            generator.next(below: 5)]
        var rule = "RRULE:FREQ=\(frequency)" + (step == 14 ? ";INTERVAL=2" : "")
        let ending = generator.next(below: 100)
        if ending < 60 {
            rule += ";COUNT=\(2 + generator.next(below: 20))"
        } else if ending < 95 {
            let until = Self.date(dayOffset: dayOffset + 30 + generator.next(below: 335))
            rule += allDay ? ";UNTIL=\(until)" : ";UNTIL=\(until)T235959Z"
        }
        var lines = [rule]
        // Only steps that land on exact days can name an occurrence by day arithmetic.
        if step <= 14, generator.next(below: 3) == 0 {
            lines += [1, 2].map { exdate(Self.date(dayOffset: dayOffset + step * $0)) }
        }
        return lines
    }

    /// `yyyyMMdd` of the day `dayOffset` days after 2021-01-01 (civil-from-days, no Foundation).
    static func date(dayOffset: Int) -> String {
        // Days since 1970-01-01 of 2021-01-01 is 18628.
        let z = dayOffset + 18628 + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return String(format: "%04d%02d%02d", year, month, day)
    }

    private static func time(_ hour: Int, _ minute: Int) -> String {
        String(format: "%02d%02d00", hour, minute)
    }
}
/// SplitMix64: a tiny deterministic generator (the benchmark's calendars repeat byte for byte).
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
