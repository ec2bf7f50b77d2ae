import Foundation

/// What the year view draws: the twelve months laid out from a first weekday, and each day of
/// the year's decoration (dots, "more", holiday, plan count). Plain values, built off the
/// window's thread (`CalendarStore.yearPreparation(for:)`), so paging a year leaves the window
/// only drawing to do.
public struct YearSlice: Equatable, Sendable {
    public let year: Int
    /// The weekday of every month's first column: 1 = Sunday … 7 = Saturday.
    public let firstWeekday: Int
    /// January … December, each its 6 × 7 grid (`MonthLayout`); a year view leaves the other
    /// months' days of each grid blank.
    public let months: [MonthLayout]
    /// One per day of the year, January 1 first.
    private let decorations: [DayDecoration]
    /// Distinct plans touching at least one day of the year (a multi-day plan counts once).
    public let planCount: Int
    /// Each day's spoken name ("Monday, July 20, 2026: 1 plan"), January 1 first, when the
    /// slice was built with a namer (`YearPreparation.naming`): formatting 365 dates took the
    /// window's thread longer than drawing the page.
    private let accessibleLabels: [String]?

    /// A year whose days carry `decorations` (missing days: none).
    public init(year: Int, firstWeekday: Int, decorations: [CalendarDay: DayDecoration] = [:], planCount: Int = 0,
                naming formatter: CalendarFormatter? = nil) {
        let months = Self.months(of: year, firstWeekday: firstWeekday)
        let days = Self.days(of: year)
        self.year = year
        self.firstWeekday = months[0].firstWeekday
        self.months = months
        let dayDecorations = days.days.map { decorations[$0] ?? .none }
        self.decorations = dayDecorations
        self.planCount = planCount
        accessibleLabels = formatter.map { formatter in
            zip(days.days, dayDecorations).map { formatter.dayAccessibleLabel($0, planCount: $1.planCount) }
        }
    }

    /// `day`'s spoken name as its cell should say it, when the slice was built with a namer.
    public func accessibleLabel(for day: CalendarDay) -> String? {
        guard let accessibleLabels, day.year == year else { return nil }
        let offset = CalendarDay(year: year, month: 1, day: 1)!.distance(to: day)
        return accessibleLabels.indices.contains(offset) ? accessibleLabels[offset] : nil
    }

    /// The twelve grids of `year`, January first.
    public static func months(of year: Int, firstWeekday: Int) -> [MonthLayout] {
        (1...12).map { MonthLayout(month: YearMonth(validYear: year, month: $0), firstWeekday: firstWeekday) }
    }

    /// January 1 to December 31 of `year`.
    public static func days(of year: Int) -> DaySpan {
        let first = CalendarDay(year: year, month: 1, day: 1)!
        return DaySpan(first: first, count: first.distance(to: CalendarDay(year: year + 1, month: 1, day: 1)!))
    }

    /// The year's days.
    public var days: DaySpan { Self.days(of: year) }

    /// The dots, holiday and "+N" of `day`; none for a day of another year.
    public func decoration(for day: CalendarDay) -> DayDecoration {
        guard day.year == year else { return .none }
        let offset = CalendarDay(year: year, month: 1, day: 1)!.distance(to: day)
        return decorations.indices.contains(offset) ? decorations[offset] : .none
    }

    /// How many plans `day` has (what its cell's name says).
    public func planCount(on day: CalendarDay) -> Int { decoration(for: day).planCount }

    /// Whether `day` has more plans than its dots show (the cell's "more" mark).
    public func hasMore(on day: CalendarDay) -> Bool { decoration(for: day).overflow > 0 }

    /// Whether `day` has a holiday-like plan (the cell is marked in its colour).
    public func isHoliday(_ day: CalendarDay) -> Bool { decoration(for: day).label != nil }

    /// Places the plans of `sources` on the days of `year` and works out each day's
    /// decoration exactly as the month's cells do (`DayDecoration`). Pure: call it on any thread
    /// while the sources do not change (they never do once handed to a store, `PlanSource`).
    /// - Parameters:
    ///   - calendars: the calendars by id, for colours and which are holiday calendars.
    ///   - calendar: Gregorian, with the user's time zone: places timed plans on days.
    ///   - titles: orders each day's plans as the plan list does (the store's).
    ///   - formatter: when given, names each day as `dayAccessibleLabel` does (a formatter of
    ///     this thread's own: `DateFormatter` is not thread-safe).
    public static func build(year: Int, firstWeekday: Int, sources: [any PlanSource],
                             calendars: [CalendarID: CalendarInfo], calendar: Calendar,
                             titles: TitleCollation, naming formatter: CalendarFormatter? = nil) -> YearSlice {
        let span = days(of: year)
        let index = DayIndex(span: span, sources: sources, calendar: calendar, titles: titles)
        var decorations: [CalendarDay: DayDecoration] = [:]
        for (day, rows) in index.plansByDay {
            decorations[day] = DayDecoration.make(for: rows, calendars: calendars)
        }
        return YearSlice(year: year, firstWeekday: firstWeekday, decorations: decorations, planCount: index.planCount,
                         naming: formatter)
    }
}
