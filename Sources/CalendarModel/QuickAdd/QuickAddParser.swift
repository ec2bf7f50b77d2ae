import Foundation

/// Reads a plan from plain words in English or Japanese, relative to now in the user's zone:
/// "Lunch with Ann tomorrow 12:30", "Standup every weekday 9:30 /work", "明日の午後3時半に歯医者".
///
/// The rules (docs/quick-add.md has them all, with examples):
/// - A weekday alone ("Friday", "金曜") is the next one from today, today included; "next
///   Friday" ("来週の金曜") is the one in the following week (weeks start on the user's first
///   weekday), as Fantastical reads them.
/// - A date without a year that has passed this year is next year's; "24th" that has passed
///   this month is next month's.
/// - A time with no day is the next time the clock shows it (today, else tomorrow). A bare hour
///   ("at 3", "3-5") from 1 to 6 is in the afternoon; "9" is 9:00.
/// - No time means all day; a time with no end lasts an hour.
/// - Explicit words win in this order: repeats, then days, then times, then the place and the
///   calendar; what is left is the title.
public struct QuickAddParser {
    public let now: Date
    /// Gregorian, in the user's zone, with their first weekday.
    public let calendar: Calendar
    /// "12/24" is month/day unless the locale writes the day first ("24/12").
    public let dayFirst: Bool
    /// Calendars the user has: "in Work" names one when its name is unambiguous.
    public let calendarNames: [String]
    private let patterns: QuickAddPatterns

    public init(now: Date, calendar: Calendar, locale: Locale, calendarNames: [String] = [],
                patterns: QuickAddPatterns = QuickAddPatterns()) {
        self.patterns = patterns
        self.now = now
        self.calendar = calendar
        let pattern = DateFormatter.dateFormat(fromTemplate: "Md", options: 0, locale: locale) ?? "M/d"
        dayFirst = (pattern.firstIndex(of: "d") ?? pattern.endIndex) < (pattern.firstIndex(of: "M") ?? pattern.endIndex)
        self.calendarNames = calendarNames
    }

    var today: CalendarDay { CalendarDay(now, in: calendar) }

    /// The plan the phrase describes, or nil when it describes none (`read` says why).
    public func parse(_ text: String) -> QuickAddPlan? {
        try? read(text).get()
    }

    /// The plan the phrase describes, or why there is none: nothing left for a title, or a
    /// day or time that does not exist ("Feb 30", "25:00"), which is never guessed away.
    public func read(_ text: String) -> Result<QuickAddPlan, QuickAddProblem> {
        var phrase = QuickAddPhrase(text, patterns: patterns)
        var reading = Reading()
        readCalendar(&phrase, &reading)
        readRepeat(&phrase, &reading)
        readDays(&phrase, &reading)
        readTimes(&phrase, &reading)
        readPlace(&phrase, &reading)
        if let problem = reading.problems.first { return .failure(problem) }
        let title = phrase.rest
        guard !title.isEmpty else { return .failure(.noTitle) }
        return .success(QuickAddPlan(title: title, timing: timing(reading), repeatRule: reading.repeatRule,
                                     location: reading.place, calendarName: reading.calendarName, understood: phrase.understood,
                                     saysWhen: reading.day != nil || reading.start != nil || reading.repeatRule != nil))
    }

    /// What was read so far.
    struct Reading {
        var calendarName: String?
        var place: String?
        var repeatRule: RecurrenceRule?
        var day: CalendarDay?
        var lastDay: CalendarDay?
        /// Seconds after midnight.
        var start: Int?
        var end: Int?
        var length: Int?
        var allDay = false
        var problems: [QuickAddProblem] = []
    }

    // MARK: Putting it together

    func timing(_ reading: Reading) -> PlanTiming {
        let soonest = nextDay(for: reading.start)
        let day = reading.day ?? firstDay(of: reading.repeatRule, from: soonest) ?? soonest
        if reading.allDay || reading.start == nil {
            let last = max(reading.lastDay ?? day, day)
            return .allDay(start: day, end: last.adding(days: 1))
        }
        let startSeconds = reading.start ?? 9 * 3_600
        let start = day.start(in: calendar).addingTimeInterval(TimeInterval(startSeconds))
        // Wall times of the day, so a DST day keeps them.
        let begin = calendar.date(bySettingHour: startSeconds / 3_600, minute: startSeconds / 60 % 60, second: 0,
                                  of: day.start(in: calendar)) ?? start
        var end: Date
        if let endSeconds = reading.end {
            let endDay = (reading.lastDay ?? day).adding(days: endSeconds <= startSeconds && reading.lastDay == nil ? 1 : 0)
            end = calendar.date(bySettingHour: endSeconds / 3_600 % 24, minute: endSeconds / 60 % 60, second: 0,
                                of: endDay.start(in: calendar)) ?? begin.addingTimeInterval(3_600)
        } else {
            end = begin.addingTimeInterval(TimeInterval(reading.length ?? 3_600))
        }
        if end <= begin { end = begin.addingTimeInterval(3_600) }
        return .timed(start: begin, end: end)
    }

    /// With a time and no day: today if the time is still ahead, else tomorrow.
    private func nextDay(for seconds: Int?) -> CalendarDay {
        guard let seconds else { return today }
        let secondsNow = calendar.component(.hour, from: now) * 3_600 + calendar.component(.minute, from: now) * 60
        return seconds > secondsNow ? today : today.adding(days: 1)
    }

    /// A repeat with weekdays or a day of the month starts on its first such day from `first`.
    private func firstDay(of rule: RecurrenceRule?, from first: CalendarDay) -> CalendarDay? {
        guard let rule else { return nil }
        for offset in 0..<400 {
            let day = first.adding(days: offset)
            if !rule.byDay.isEmpty, rule.weekdays.contains(day.weekday) { return day }
            if rule.byMonthDay.contains(day.day) { return day }
            if rule.byDay.isEmpty && rule.byMonthDay.isEmpty { return nil }
        }
        return nil
    }

    /// The next `weekday` (1 = Sunday) from today, today included; `nextWeek`: the one in the
    /// week after this one.
    func day(weekday: Int, nextWeek: Bool) -> CalendarDay {
        if nextWeek {
            let intoWeek = (today.weekday - calendar.firstWeekday + 7) % 7
            let nextWeekStart = today.adding(days: 7 - intoWeek)
            return nextWeekStart.adding(days: (weekday - calendar.firstWeekday + 7) % 7)
        }
        return today.adding(days: (weekday - today.weekday + 7) % 7)
    }

    /// `month`/`day` in `year`, or when no year is given, the next such day from today.
    func date(month: Int, day: Int, year: Int?) -> CalendarDay? {
        if let year { return CalendarDay(year: year < 100 ? 2000 + year : year, month: month, day: day) }
        // February 29 comes every four years (eight across a century that skips one).
        for year in today.year...(today.year + 8) {
            if let candidate = CalendarDay(year: year, month: month, day: day), candidate >= today { return candidate }
        }
        return nil
    }

    /// The next day `day` of a month from today ("24th").
    func date(monthDay: Int) -> CalendarDay? {
        var year = today.year, month = today.month
        for _ in 0..<13 {
            if let candidate = CalendarDay(year: year, month: month, day: monthDay), candidate >= today { return candidate }
            month += 1
            if month > 12 { month = 1; year += 1 }
        }
        return nil
    }

    /// The last day of `month` (the next such month from today).
    func lastDay(ofMonth month: Int) -> CalendarDay? {
        let year = month < today.month ? today.year + 1 : today.year
        guard let first = CalendarDay(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1) else { return nil }
        return first.adding(days: -1)
    }
}
