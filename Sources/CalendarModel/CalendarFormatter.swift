import Foundation

/// Every user-visible date text, in the user's locale, with the words around the dates taken
/// from `strings` (translated by the app; English by default).
///
/// Formatters are built once here because `DateFormatter` is expensive to create. Not
/// thread-safe (DateFormatter is not): use one instance per thread, in practice the main one.
public final class CalendarFormatter {
    public let locale: Locale
    /// Carries the time zone that plan times are shown in.
    public let calendar: Calendar
    /// The words around the dates ("All day", "No plans on %@", plan counts).
    public let strings: FormatterStrings
    /// Whether years are written in the Japanese era ("令和8年"): asked for and the locale's
    /// language is Japanese (`JapaneseEra`). Only the texts that show a year change.
    public let showsJapaneseEra: Bool

    // Day texts are formatted from noon UTC in a UTC calendar: days are civil dates, and
    // this way no time zone or DST gap can shift one to a neighbouring date.
    private let monthTitleFormatter: DateFormatter
    private let dayNumberFormatter: DateFormatter
    private let fullDateFormatter: DateFormatter
    private let weekdayDateFormatter: DateFormatter
    private let shortDateFormatter: DateFormatter
    private let shortDateWithYearFormatter: DateFormatter
    private let timeFormatter: DateFormatter
    private let dateTimeFormatter: DateFormatter

    /// The separator between the two ends of a range.
    static let rangeSeparator = " \u{2013} "

    /// The calendar texts with a year are written in (Gregorian, or Japanese for the era).
    private let yearCalendar: Calendar
    /// "G" when the era is shown, so every template with a year writes it; else empty.
    private let yearTemplatePrefix: String

    /// Whether the locale writes a date largest part first ("2027年1月3日"). Koyomi's own
    /// ranges ("Jan 3 – Jan 9, 2027") and week headers ("Sun 3") put the year last and the
    /// weekday first, so such locales take ICU's forms instead: "2027年1月3日～9日", "3日(日)".
    private let writesYearFirst: Bool

    /// - Parameter japaneseEra: write years in the Japanese era (the preference); honoured only
    ///   where the locale's language is Japanese (`JapaneseEra.isOffered(in:)`).
    public init(locale: Locale, calendar: Calendar, strings: FormatterStrings = .english, japaneseEra: Bool = false) {
        self.locale = locale
        self.calendar = calendar
        self.strings = strings
        let showsEra = japaneseEra && JapaneseEra.isOffered(in: locale)
        showsJapaneseEra = showsEra
        var utc = Calendar(identifier: .gregorian)
        utc.locale = locale
        utc.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        // Texts with a year are written in this calendar: ICU's Japanese calendar when the era
        // is on (its eras since 明治 and 元年 are right here: CalendarFormatterEraTests), with
        // the era ("G") in every template that has a year.
        var years = showsEra ? Calendar(identifier: .japanese) : utc
        years.locale = locale
        years.timeZone = utc.timeZone
        yearCalendar = years
        yearTemplatePrefix = showsEra ? "G" : ""
        let era = yearTemplatePrefix

        func make(_ template: String?, format: String? = nil, in cal: Calendar) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.calendar = cal
            formatter.timeZone = cal.timeZone
            if let template { formatter.setLocalizedDateFormatFromTemplate(template) }
            if let format { formatter.dateFormat = format }
            return formatter
        }
        monthTitleFormatter = make(era + "yMMMM", in: years)
        // A bare pattern, not a template: "d" as a template gives "10日" in Japanese.
        dayNumberFormatter = make(nil, format: "d", in: utc)
        fullDateFormatter = make(era + "yMMMMEEEEd", in: years)
        weekdayDateFormatter = make("MMMMEEEEd", in: utc)
        shortDateFormatter = make("MMMd", in: utc)
        shortDateWithYearFormatter = make(era + "yMMMd", in: years)
        timeFormatter = make("jmm", in: calendar)
        let yearFirst = shortDateWithYearFormatter.dateFormat ?? ""
        writesYearFirst = (yearFirst.firstIndex(of: "y") ?? yearFirst.endIndex) < (yearFirst.firstIndex(of: "d") ?? yearFirst.endIndex)
        dateTimeFormatter = make("MMMdjmm", in: calendar)
        // English joins date and time with " at "; a list row reads better as "Nov 10, 9:30 AM".
        if let format = dateTimeFormatter.dateFormat, format.contains(" 'at' ") {
            dateTimeFormatter.dateFormat = format.replacingOccurrences(of: " 'at' ", with: ", ")
        }
    }

    /// "November 2026"; ja: "2026年11月".
    public func monthTitle(_ month: YearMonth) -> String {
        monthTitleFormatter.string(from: noon(month.firstDay))
    }

    /// Short standalone weekday names for the header row, one per entry of `order`
    /// (1 = Sunday … 7 = Saturday): en "Sun" "Mon" …; ja "日" "月" ….
    public func weekdaySymbols(order: [Int]) -> [String] {
        let symbols = monthTitleFormatter.shortStandaloneWeekdaySymbols
        return order.map { weekday in
            let index = ((weekday - 1) % 7 + 7) % 7
            return index < symbols.count ? symbols[index] : String(weekday)
        }
    }

    /// The number in a day cell, in the locale's digits: "29".
    public func dayNumber(_ day: CalendarDay) -> String {
        dayNumberFormatter.string(from: noon(day))
    }

    /// A week number in the locale's digits ("48"; Arabic locales use their own digits).
    public func weekNumber(_ week: Int) -> String {
        weekNumberFormatter.string(from: NSNumber(value: week)) ?? String(week)
    }

    /// A day column's header in the week view: "Sun 3"; ja "3日(日)".
    public func weekColumnHeader(_ day: CalendarDay) -> String {
        if writesYearFirst { return dayWithWeekdayFormatter.string(from: noon(day)) }
        return weekdaySymbols(order: [day.weekday])[0] + " " + dayNumber(day)
    }

    /// ICU's forms for the locales that write the year first; made when first asked.
    private lazy var dayWithWeekdayFormatter = utcFormatter("Ed")
    private lazy var rangeFormatter = utcRangeFormatter(yearTemplatePrefix + "yMMMd", in: yearCalendar)
    private lazy var shortRangeFormatter = utcRangeFormatter("MMMd", in: shortDateFormatter.calendar)

    private func utcRangeFormatter(_ template: String, in calendar: Calendar) -> DateIntervalFormatter {
        let formatter = DateIntervalFormatter()
        formatter.locale = locale
        formatter.calendar = calendar
        formatter.timeZone = shortDateFormatter.timeZone
        formatter.dateTemplate = template
        return formatter
    }

    /// The header's shorter titles for a phone-sized window; made when first asked.
    private lazy var shortMonthTitleFormatter = utcFormatter(yearTemplatePrefix + "yMMM", in: yearCalendar)
    private lazy var shortWeekdayDateFormatter = utcFormatter("MMMEd")
    private lazy var resultDateFormatter = utcFormatter(yearTemplatePrefix + "yMMMEd", in: yearCalendar)

    private func utcFormatter(_ template: String, in calendar: Calendar? = nil) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = calendar ?? shortDateFormatter.calendar
        formatter.timeZone = shortDateFormatter.timeZone
        formatter.setLocalizedDateFormatFromTemplate(template)
        return formatter
    }

    private lazy var weekNumberFormatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .none
        return formatter
    }()

    /// "Tuesday, November 10, 2026: 1 plan" / ": no plans" / ": 3 plans".
    public func dayAccessibleLabel(_ day: CalendarDay, planCount: Int) -> String {
        FormatterStrings.fill(strings.dayWithPlanCount, fullDateFormatter.string(from: noon(day)),
                              planCountText(planCount))
    }

    /// "no plans", "1 plan", "3 plans".
    public func planCountText(_ count: Int) -> String {
        strings.planCountText(count)
    }

    /// "No plans on Sunday, November 29".
    public func emptyDayText(_ day: CalendarDay) -> String {
        FormatterStrings.fill(strings.noPlansOnDay, agendaHeader(day))
    }

    /// A search result's day, with its weekday and year: "Sun, Nov 29, 2026"; ja
    /// "2026年11月29日(日)", with the era "令和8年11月29日(日)".
    public func resultDate(_ day: CalendarDay) -> String {
        resultDateFormatter.string(from: noon(day))
    }

    /// "Sunday, November 29".
    public func agendaHeader(_ day: CalendarDay) -> String {
        weekdayDateFormatter.string(from: noon(day))
    }

    /// "No plans in November 2026".
    public func emptyMonthText(_ month: YearMonth) -> String {
        FormatterStrings.fill(strings.noPlansInMonth, monthTitle(month))
    }

    /// When a plan happens, for its list row:
    /// "All day"; "Nov 10 – Nov 12" (inclusive last day); "9:30 AM – 9:45 AM"; "11:00 AM"
    /// for a plan with no length;
    /// "Nov 10, 10:00 PM – Nov 11, 2:00 AM" (times in the locale's 12/24-hour style).
    public func rangeText(for plan: Plan) -> String {
        switch plan.timing {
        case let .allDay(start, end):
            let last = max(start, end.adding(days: -1))
            guard last != start else { return strings.allDay }
            // Show years only when the range crosses into another year.
            let formatter = start.year == last.year ? shortDateFormatter : shortDateWithYearFormatter
            return formatter.string(from: noon(start)) + Self.rangeSeparator
                + formatter.string(from: noon(last))
        case let .timed(start, end):
            let days = plan.days(in: calendar)
            // A plan with no length (a deadline, a reminder-like entry) is one time.
            if end <= start { return timeFormatter.string(from: start) }
            if days.lowerBound == days.upperBound {
                return timeFormatter.string(from: start) + Self.rangeSeparator + timeFormatter.string(from: end)
            }
            return dateTimeFormatter.string(from: start) + Self.rangeSeparator
                + dateTimeFormatter.string(from: end)
        }
    }

    /// When a plan happens, for its details, a line each: its day and its time ("Thursday,
    /// December 24, 2026", then "All day" or "9:00 AM – 10:00 AM"); a plan of several days
    /// gives its days ("Dec 24 – Dec 28, 2026"), then, when timed, its two ends
    /// ("Dec 24, 10:00 PM – Dec 25, 2:00 AM"). Days are counted in the formatter's zone.
    public func whenText(for plan: Plan) -> [String] {
        let days = plan.days(in: calendar)
        let span = DaySpan(first: days.lowerBound, count: days.upperBound.julianOffset - days.lowerBound.julianOffset + 1)
        if case .allDay = plan.timing, span.count > 1 { return [spanTitle(span)] }
        return [spanTitle(span), rangeText(for: plan)]
    }

    /// `monthTitle` for a narrow header: "Nov 2026"; ja: "2026年11月".
    public func shortMonthTitle(_ month: YearMonth) -> String {
        shortMonthTitleFormatter.string(from: noon(month.firstDay))
    }

    /// `spanTitle` for a narrow header, without the year: "Nov 29 – Dec 1"; one day "Sun, Nov 29";
    /// ja "11月29日～12月1日".
    public func shortSpanTitle(_ span: DaySpan) -> String {
        guard span.count > 1 else { return shortWeekdayDateFormatter.string(from: noon(span.first)) }
        if writesYearFirst { return shortRangeFormatter.string(from: noon(span.first), to: noon(span.last)) }
        return shortDateFormatter.string(from: noon(span.first)) + Self.rangeSeparator
            + shortDateFormatter.string(from: noon(span.last))
    }

    /// The title of a week view's days: "Nov 30 – Dec 6, 2026"; across a year's end
    /// "Dec 28, 2026 – Jan 3, 2027"; one day "Tuesday, December 1, 2026". Locales that write
    /// the year first get ICU's range, the year once and the parts both ends share not
    /// repeated: ja "2027年1月3日～9日", "2027年1月31日～2月6日", "2026年12月27日～2027年1月2日".
    public func spanTitle(_ span: DaySpan) -> String {
        guard span.count > 1 else { return fullDateFormatter.string(from: noon(span.first)) }
        if writesYearFirst { return rangeFormatter.string(from: noon(span.first), to: noon(span.last)) }
        let first = span.first.year == span.last.year ? shortDateFormatter : shortDateWithYearFormatter
        return first.string(from: noon(span.first)) + Self.rangeSeparator
            + shortDateWithYearFormatter.string(from: noon(span.last))
    }

    /// A time of day in the locale's style ("4:05 PM", "16:05").
    public func timeText(_ date: Date) -> String {
        timeFormatter.string(from: date)
    }

    /// Noon of `day` in UTC: safely inside the day whatever the formatter does with it.
    private func noon(_ day: CalendarDay) -> Date {
        // UTC days are exactly 86,400 s long, so this needs no calendar arithmetic.
        Date(timeIntervalSince1970: Double(day.julianOffset) * 86_400 + 43_200)
    }
}

/// The words `CalendarFormatter` puts around its dates, injected so that the model needs no
/// gettext: the app passes translated ones, and the defaults are the English originals.
///
/// Templates take `%@` (in order) or `%1$@`, `%2$@` (positional, for languages that reorder);
/// `%%` is a literal percent sign. They are filled by `fill(_:_:)`, never by `String(format:)`,
/// so a mistyped translation can garble a text but never crash.
public struct FormatterStrings: Sendable {
    /// The range of a one-day all-day plan: "All day".
    public var allDay: String
    /// The list's text for a day without plans; `%@` is the day ("Sunday, November 29").
    public var noPlansOnDay: String
    /// The agenda's text for a month without plans; `%@` is the month ("November 2026").
    public var noPlansInMonth: String
    /// A day cell's spoken label; `%1$@` is the full date, `%2$@` the plan count:
    /// "%1$@: %2$@" → "Tuesday, November 10, 2026: 1 plan".
    public var dayWithPlanCount: String
    /// The plan count for zero: "no plans".
    public var noPlans: String
    /// The plan count for one or more, in the language's plural form: 1 → "1 plan", 3 → "3 plans".
    public var planCount: @Sendable (Int) -> String

    public init(allDay: String = "All day",
                noPlansOnDay: String = "No plans on %@",
                noPlansInMonth: String = "No plans in %@",
                dayWithPlanCount: String = "%1$@: %2$@",
                noPlans: String = "no plans",
                planCount: @escaping @Sendable (Int) -> String = { $0 == 1 ? "1 plan" : "\($0) plans" }) {
        self.allDay = allDay
        self.noPlansOnDay = noPlansOnDay
        self.noPlansInMonth = noPlansInMonth
        self.dayWithPlanCount = dayWithPlanCount
        self.noPlans = noPlans
        self.planCount = planCount
    }

    /// The English originals.
    public static let english = FormatterStrings()

    /// "no plans", "1 plan", "3 plans" (negative counts read as none).
    public func planCountText(_ count: Int) -> String {
        count <= 0 ? noPlans : planCount(count)
    }

    /// Replaces `%@` / `%n$@` in `template` with `arguments`; a placeholder without an
    /// argument becomes empty, and any other `%` sequence is kept as written.
    public static func fill(_ template: String, _ arguments: String...) -> String {
        var result = ""
        var next = 0
        var rest = Substring(template)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let afterPercent = rest[rest.index(after: percent)...]
            if afterPercent.first == "%" {
                result += "%"
                rest = afterPercent.dropFirst()
            } else if afterPercent.first == "@" {
                result += next < arguments.count ? arguments[next] : ""
                next += 1
                rest = afterPercent.dropFirst()
            } else if let dollar = afterPercent.firstIndex(of: "$"),
                      afterPercent[dollar...].dropFirst().first == "@",
                      let position = Int(afterPercent[..<dollar]), position >= 1 {
                result += position <= arguments.count ? arguments[position - 1] : ""
                rest = afterPercent[dollar...].dropFirst(2)
            } else {
                result += "%"
                rest = afterPercent
            }
        }
        return result + rest
    }
}
