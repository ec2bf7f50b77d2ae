import CalendarModel
import Foundation

/// `--start`/`--end` values: "YYYY-MM-DD" (a day) or "YYYY-MM-DDTHH:MM" (a wall time in the
/// user's zone), turned into a plan's timing.
enum PlanTimeInput: Equatable {
    case day(CalendarDay)
    case time(CalendarDay, hour: Int, minute: Int)

    init(_ text: String, option: String) throws(CLIError) {
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard let day = CalendarDay(parsing: String(parts[0])) else {
            // TRANSLATORS: `koyomi add`'s error: %1$@ is the option (--start, --end), %2$@ what was typed.
            throw .usage(FormatterStrings.fill(L("%1$@ expects YYYY-MM-DD or YYYY-MM-DDTHH:MM with a real date, got “%2$@”"),
                                               option, text))
        }
        guard parts.count == 2 else {
            self = .day(day)
            return
        }
        let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2, clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hour = Int(clock[0]), let minute = Int(clock[1]), (0..<24).contains(hour), (0..<60).contains(minute) else {
            // TRANSLATORS: `koyomi add`'s error: %1$@ is the option (--start, --end), %2$@ what was typed.
            throw .usage(FormatterStrings.fill(
                L("%1$@ expects YYYY-MM-DD or YYYY-MM-DDTHH:MM with a real time (00:00–23:59), got “%2$@”"), option, text))
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
                // TRANSLATORS: `koyomi add`'s error: %1$@ is the option, %2$@ a day and time
                // ("2027-03-28 02:30"), %3$@ the time zone ("Europe/Berlin").
                throw .usage(FormatterStrings.fill(L("%1$@ %2$@ does not exist in %3$@ (a clock change skips it)"),
                                                   option, "\(day) \(clock)", calendar.timeZone.identifier))
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
            guard last >= first else {
                // TRANSLATORS: `koyomi add`'s error: %1$@ is the last day given, %2$@ the first.
                throw .usage(FormatterStrings.fill(L("--end %1$@ is before --start %2$@"), last.description, first.description))
            }
            return .allDay(start: first, end: last.adding(days: 1))
        case (.day, .time?):
            // TRANSLATORS: `koyomi add`'s error; the options and the form stay as written.
            throw .usage(L("--end has a time but --start has none; give both as YYYY-MM-DDTHH:MM"))
        case (.time, _) where allDay:
            // TRANSLATORS: `koyomi add`'s error; the option and the form stay as written.
            throw .usage(L("--all-day takes dates without times (YYYY-MM-DD)"))
        case (.time, .day?):
            // TRANSLATORS: `koyomi add`'s error; the options and the form stay as written.
            throw .usage(L("--start has a time but --end has none; give both as YYYY-MM-DDTHH:MM"))
        case (.time, _):
            let from = try start.instant(in: calendar, option: "--start")
            let to = try end?.instant(in: calendar, option: "--end") ?? from.addingTimeInterval(3600)
            // TRANSLATORS: `koyomi add`'s error; the options stay as written.
            guard to >= from else { throw .usage(L("--end is before --start")) }
            return .timed(start: from, end: to)
        }
    }
}
