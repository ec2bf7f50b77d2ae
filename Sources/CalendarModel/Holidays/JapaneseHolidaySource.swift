import Foundation

/// Japan's holidays as a read-only calendar of all-day plans ("日本の祝日" / "Holidays in
/// Japan"), built in: computed a year at a time when a range asks for it, cached per year,
/// never read from or written to disk.
///
/// Safe to read from several threads at once (the store prepares neighbouring months on
/// another thread): the cache is behind a lock, everything else is immutable.
public final class JapaneseHolidaySource: PlanSource, @unchecked Sendable {
    /// The built-in calendar's id; no file path can look like it, and the settings' list of
    /// hidden calendars keeps it like any other id.
    public static let calendarID = CalendarID("koyomi:holidays/jp")
    /// The value `koyomi list --holidays` takes for this calendar.
    public static let commandLineName = "jp"
    /// A red from the GNOME palette, the colour Japanese calendars give holidays.
    public static let color = "#c01c28"

    public let calendar: CalendarInfo
    /// Whether names are in Japanese (a Japanese locale) or in English.
    public let japanese: Bool
    private let timeCalendar: Calendar
    private let lock = NSLock()
    private var years: [Int: [Plan]] = [:]

    /// `timeCalendar` places the days in the user's zone, as every other all-day plan.
    public init(japanese: Bool, timeCalendar: Calendar) {
        self.japanese = japanese
        self.timeCalendar = timeCalendar
        calendar = CalendarInfo(id: Self.calendarID, name: Self.name(japanese: japanese), color: Self.color,
                                isHoliday: true, isReadOnly: true, isBuiltIn: true)
    }

    /// For the user's locale: Japanese names when its language is Japanese.
    public convenience init(locale: Locale, timeCalendar: Calendar) {
        self.init(japanese: Self.isJapanese(locale), timeCalendar: timeCalendar)
    }

    /// "日本の祝日" or "Holidays in Japan": the name is chosen with the holidays' names, by
    /// language, not translated, so the calendar and its days always speak alike.
    public static func name(japanese: Bool) -> String { japanese ? "日本の祝日" : "Holidays in Japan" }

    /// Whether `locale` is Japanese: the calendar is shown by default there, and speaks Japanese.
    public static func isJapanese(_ locale: Locale) -> Bool {
        locale.language.languageCode?.identifier == "ja"
    }

    public func plans(overlapping interval: DateInterval) -> [Plan] {
        let first = CalendarDay(interval.start, in: timeCalendar).year
        let last = CalendarDay(interval.end, in: timeCalendar).year
        // Nothing before the Act; and a query reaching to the end of time is not a reason to
        // compute eight thousand years.
        let lower = max(first, JapaneseHolidays.lawStart.year)
        let upper = min(last, 9_999)
        guard lower <= upper else { return [] }
        return (lower...upper).flatMap { plans(in: $0) }
            .filter { Plan.span($0.interval(in: timeCalendar), overlaps: interval) }
    }

    /// The year's holidays as plans, computed once.
    public func plans(in year: Int) -> [Plan] {
        lock.lock()
        defer { lock.unlock() }
        if let known = years[year] { return known }
        let plans = JapaneseHolidays.holidays(in: year).map(plan(for:))
        years[year] = plans
        return plans
    }

    private func plan(for holiday: JapaneseHoliday) -> Plan {
        let occurrence = String(format: "%04d%02d%02d", holiday.day.year, holiday.day.month, holiday.day.day)
        // One uid per holiday, so search shows each once (by its nearest day), as a series.
        return Plan(id: Plan.ID(uid: "holiday-jp-\(holiday.kind.rawValue)", occurrence: occurrence),
                    calendarID: Self.calendarID, title: holiday.name(japanese: japanese),
                    timing: .allDay(start: holiday.day, end: holiday.day.adding(days: 1)))
    }
}
