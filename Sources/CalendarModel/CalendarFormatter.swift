import Foundation

/// Every user-visible date text, in the user's locale.
///
/// Formatters are built once here because `DateFormatter` is expensive to create. Not
/// thread-safe (DateFormatter is not): use one instance per thread, in practice the main one.
public final class CalendarFormatter {
    public let locale: Locale
    /// Carries the time zone that plan times are shown in.
    public let calendar: Calendar

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

    public init(locale: Locale, calendar: Calendar) {
        self.locale = locale
        self.calendar = calendar
        var utc = Calendar(identifier: .gregorian)
        utc.locale = locale
        utc.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone

        func make(_ template: String?, format: String? = nil, in cal: Calendar) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.calendar = cal
            formatter.timeZone = cal.timeZone
            if let template { formatter.setLocalizedDateFormatFromTemplate(template) }
            if let format { formatter.dateFormat = format }
            return formatter
        }
        monthTitleFormatter = make("yMMMM", in: utc)
        // A bare pattern, not a template: "d" as a template gives "10日" in Japanese.
        dayNumberFormatter = make(nil, format: "d", in: utc)
        fullDateFormatter = make("yMMMMEEEEd", in: utc)
        weekdayDateFormatter = make("MMMMEEEEd", in: utc)
        shortDateFormatter = make("MMMd", in: utc)
        shortDateWithYearFormatter = make("yMMMd", in: utc)
        timeFormatter = make("jmm", in: calendar)
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

    /// "Tuesday, November 10, 2026, 1 plan" / ", no plans" / ", 3 plans".
    /// Other locales get their own date and, for now, the same English words.
    public func dayAccessibleLabel(_ day: CalendarDay, planCount: Int) -> String {
        "\(fullDateFormatter.string(from: noon(day))), \(planCountText(planCount))"
    }

    /// "no plans", "1 plan", "3 plans".
    public func planCountText(_ count: Int) -> String {
        switch count {
        case ...0: "no plans"
        case 1: "1 plan"
        default: "\(count) plans"
        }
    }

    /// "No plans on Sunday, November 29".
    public func emptyDayText(_ day: CalendarDay) -> String {
        "No plans on \(agendaHeader(day))"
    }

    /// "Sunday, November 29".
    public func agendaHeader(_ day: CalendarDay) -> String {
        weekdayDateFormatter.string(from: noon(day))
    }

    /// "No plans in November 2026".
    public func emptyMonthText(_ month: YearMonth) -> String {
        "No plans in \(monthTitle(month))"
    }

    /// When a plan happens, for its list row:
    /// "All day"; "Nov 10 – Nov 12" (inclusive last day); "9:30 AM – 9:45 AM";
    /// "Nov 10, 10:00 PM – Nov 11, 2:00 AM" (times in the locale's 12/24-hour style).
    public func rangeText(for plan: Plan) -> String {
        switch plan.timing {
        case let .allDay(start, end):
            let last = max(start, end.adding(days: -1))
            guard last != start else { return "All day" }
            // Show years only when the range crosses into another year.
            let formatter = start.year == last.year ? shortDateFormatter : shortDateWithYearFormatter
            return formatter.string(from: noon(start)) + Self.rangeSeparator
                + formatter.string(from: noon(last))
        case let .timed(start, end):
            let days = plan.days(in: calendar)
            if days.lowerBound == days.upperBound {
                return timeFormatter.string(from: start) + Self.rangeSeparator
                    + timeFormatter.string(from: max(start, end))
            }
            return dateTimeFormatter.string(from: start) + Self.rangeSeparator
                + dateTimeFormatter.string(from: end)
        }
    }

    /// Noon of `day` in UTC: safely inside the day whatever the formatter does with it.
    private func noon(_ day: CalendarDay) -> Date {
        // UTC days are exactly 86,400 s long, so this needs no calendar arithmetic.
        Date(timeIntervalSince1970: Double(day.julianOffset) * 86_400 + 43_200)
    }
}
