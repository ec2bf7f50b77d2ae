import CalendarModel
import Foundation
import ICalendarReading

/// Issue 16's figures: the rules that cost most to expand (never or rarely matching, far
/// COUNTs, sub-daily floods), each in a calendar of its own read in this process. For each:
/// reading the file (the rule's checks included), the first month asked for (its expansion
/// made ready then), and the months after it; the goal is ≤ 5 ms for any month.
struct RecurrenceBenchmark {
    struct Row: Codable {
        var rule: String
        var start: String
        var loadMs: Double
        var firstMonthMs: Double
        var monthMedianMs: Double
        var monthMaxMs: Double
        var occurrences: Int
    }

    static let rules: [(rule: String, start: String)] = [
        ("FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=31", "20260201T090000"),
        ("FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=31;COUNT=10", "20260201T090000"),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=24", "20260201T090000"),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=24;COUNT=10", "20260201T090000"),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;COUNT=5", "20260201T090000"),
        ("FREQ=DAILY;BYDAY=MO;BYMONTHDAY=13;BYYEARDAY=1;COUNT=5", "20260201T090000"),
        ("FREQ=HOURLY;INTERVAL=24;BYHOUR=5;COUNT=5", "20260201T090000"),
        ("FREQ=MINUTELY;INTERVAL=7;BYHOUR=5;BYMINUTE=3;COUNT=5", "20260201T090000"),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO;COUNT=5", "20040229T090000"),
        ("FREQ=YEARLY;BYWEEKNO=53;BYDAY=TH;COUNT=20", "20260101T090000"),
        ("FREQ=DAILY;COUNT=25000", "19900101T090000"),
        ("FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,WE,FR;BYSETPOS=-1;COUNT=5000", "19900101T090000"),
        ("FREQ=MINUTELY", "20260201T090000"),
        ("FREQ=SECONDLY;BYSECOND=0,30", "20260201T090000"),
        ("FREQ=MINUTELY;BYHOUR=9;BYMINUTE=0", "20260201T090000"),
        ("FREQ=SECONDLY;BYSETPOS=2", "20260201T090000"),
        ("FREQ=HOURLY;BYMINUTE=7,53;BYSETPOS=3;COUNT=5", "20260201T090000"),
    ]

    func run(runs: Int) throws -> [Row] {
        var rows: [Row] = []
        for (rule, start) in Self.rules {
            var samples: [Row] = []
            for _ in 0..<max(1, runs) { samples.append(try measure(rule: rule, start: start)) }
            func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
            var row = samples[0]
            row.loadMs = median(samples.map(\.loadMs))
            row.firstMonthMs = median(samples.map(\.firstMonthMs))
            row.monthMedianMs = median(samples.map(\.monthMedianMs))
            row.monthMaxMs = median(samples.map(\.monthMaxMs))
            rows.append(row)
        }
        return rows
    }

    private func measure(rule: String, start: String) throws -> Row {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi bench//EN\r\nBEGIN:VEVENT\r\nUID:worst\r\n"
            + "DTSTAMP:20260101T000000Z\r\nDTSTART;TZID=Europe/Berlin:\(start)\r\nDURATION:PT30M\r\nRRULE:\(rule)\r\n"
            + "SUMMARY:Worst\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let zone = TimeZone(identifier: "Europe/Berlin") ?? .current
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let options = ICalendarLoadOptions(id: CalendarID("bench"), fallbackColor: "#777777", timeZone: zone,
                                           scheduler: LoadScheduler())
        let (file, loadMs) = try Clock.measure { try ICalendarFile(text: text, sourceName: "worst.ics", options: options) }
        func month(_ offset: Int) -> DateInterval {
            let first = CalendarDay(year: 2026, month: 6, day: 1) ?? CalendarDay(julianOffset: 0)
            let begin = (YearMonth(year: first.year, month: first.month) ?? first.yearMonth).adding(months: offset)
            return DateInterval(start: begin.firstDay.start(in: calendar),
                                end: begin.adding(months: 1).firstDay.start(in: calendar))
        }
        let (plans, firstMs) = Clock.measure { file.plans(overlapping: month(0)) }
        var times: [Double] = []
        var occurrences = plans.count
        for offset in 1...24 {
            let (later, ms) = Clock.measure { file.plans(overlapping: month(offset)) }
            occurrences += later.count
            times.append(ms)
        }
        return Row(rule: rule, start: start, loadMs: loadMs, firstMonthMs: firstMs,
                   monthMedianMs: times.sorted()[times.count / 2], monthMaxMs: times.max() ?? 0, occurrences: occurrences)
    }

    static func render(_ rows: [Row]) -> String {
        var lines = [String(format: "%-58@ %8@ %8@ %8@ %8@ %9@", "rule (DTSTART in Europe/Berlin)" as NSString,
                            "load" as NSString, "1st mo" as NSString, "month" as NSString, "max" as NSString,
                            "found" as NSString)]
        for row in rows {
            lines.append(String(format: "%-58@ %5.2f ms %5.2f ms %5.2f ms %5.2f ms %9d", "\(row.rule) from \(row.start.prefix(8))" as NSString,
                                row.loadMs, row.firstMonthMs, row.monthMedianMs, row.monthMaxMs, row.occurrences))
        }
        let worst = rows.map { max($0.firstMonthMs, $0.monthMaxMs) }.max() ?? 0
        lines.append(String(format: "slowest month: %.2f ms (≤ 5 ms for any rule) ", worst) + (worst <= 5 ? "OK" : "MISSED"))
        return lines.joined(separator: "\n")
    }
}
