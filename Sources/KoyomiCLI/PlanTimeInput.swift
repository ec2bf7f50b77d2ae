import CalendarModel
import Foundation

/// `--start`/`--end` values: "YYYY-MM-DD" (a day) or "YYYY-MM-DDTHH:MM" (a wall time in the
/// user's zone), turned into a plan's timing.
enum PlanTimeInput: Equatable {
    case day(CalendarDay)
    case time(CalendarDay, hour: Int, minute: Int)

    init(_ text: String, option: String) throws(CLIError) {
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        let expected = "\(option) expects YYYY-MM-DD or YYYY-MM-DDTHH:MM"
        guard let day = CalendarDay(parsing: String(parts[0])) else {
            throw .usage("\(expected) with a real date, got “\(text)”")
        }
        guard parts.count == 2 else {
            self = .day(day)
            return
        }
        let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2, clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hour = Int(clock[0]), let minute = Int(clock[1]), (0..<24).contains(hour), (0..<60).contains(minute) else {
            throw .usage("\(expected) with a real time (00:00–23:59), got “\(text)”")
        }
        self = .time(day, hour: hour, minute: minute)
    }

    /// The instant of a wall time in `calendar`'s zone; a time skipped by a DST change is bad input.
    func instant(in calendar: Calendar, option: String) throws(CLIError) -> Date {
        switch self {
        case let .day(day):
            return day.start(in: calendar)
        case let .time(day, hour, minute):
            let wanted = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute)
            guard let date = calendar.date(from: wanted),
                  calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
                    == DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute) else {
                let clock = String(format: "%02d:%02d", hour, minute)
                throw .usage("\(option) \(day) \(clock) does not exist in \(calendar.timeZone.identifier) "
                             + "(a clock change skips it)")
            }
            return date
        }
    }

    /// Turns `--start`, `--end` and `--all-day` into a timing: a day alone means all day
    /// (`--end` then names the last day, inclusive); a timed plan lasts an hour by default.
    static func timing(start: PlanTimeInput, end: PlanTimeInput?, allDay: Bool,
                       calendar: Calendar) throws(CLIError) -> PlanTiming {
        switch (start, end) {
        case let (.day(first), nil):
            return .allDay(start: first, end: first.adding(days: 1))
        case let (.day(first), .day(last)?):
            guard last >= first else { throw .usage("--end \(last) is before --start \(first)") }
            return .allDay(start: first, end: last.adding(days: 1))
        case (.day, .time?):
            throw .usage("--end has a time but --start has none; give both as YYYY-MM-DDTHH:MM")
        case (.time, _) where allDay:
            throw .usage("--all-day takes dates without times (YYYY-MM-DD)")
        case (.time, .day?):
            throw .usage("--start has a time but --end has none; give both as YYYY-MM-DDTHH:MM")
        case (.time, _):
            let from = try start.instant(in: calendar, option: "--start")
            let to = try end?.instant(in: calendar, option: "--end") ?? from.addingTimeInterval(3600)
            guard to >= from else { throw .usage("--end is before --start") }
            return .timed(start: from, end: to)
        }
    }
}
