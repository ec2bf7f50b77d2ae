/// The plan editor's validation messages, in the user's language.
///
/// The model cannot call gettext (it never imports GTK or the app), so, as with
/// `FormatterStrings`, the app fills this with translated strings and the model only
/// chooses and fills them. `%@` stands for the text the user typed.
public struct PlanFormStrings: Sendable {
    /// The title is empty or only spaces.
    public var emptyTitle: String
    /// A date field is empty.
    public var missingDate: String
    /// A date field holds something that is not a real date; `%@` is the text ("2026-02-30").
    public var invalidDate: String
    /// A date names a day its month does not have; `%1$@` is the month ("February 2026"),
    /// `%2$@` how many days it has ("28").
    public var dayNotInMonth: String
    /// A time field is empty; `%@` is an example time on the user's clock ("9:30 PM", "21:30").
    public var missingTime: String
    /// A time field holds something that is not a time of day; `%1$@` is the text ("25:61"),
    /// `%2$@` an example on the user's clock.
    public var invalidTime: String
    /// The zone identifier is not an IANA zone this system knows; `%@` is the identifier.
    public var unknownTimeZone: String
    /// An all-day plan's last day is before its first day.
    public var endDayBeforeStartDay: String
    /// A timed plan ends before it starts (in the form's time zone).
    public var endBeforeStart: String
    /// Weekly repetition without any weekday chosen.
    public var noWeekdays: String
    /// The repetition's end date is before the plan's start.
    public var repeatEndBeforeStart: String
    /// "After N times" with N < 1.
    public var repeatCountTooSmall: String

    public init(emptyTitle: String = "Enter a title",
                missingDate: String = "Enter a date as YYYY-MM-DD",
                invalidDate: String = "“%@” is not a date; use YYYY-MM-DD",
                dayNotInMonth: String = "%1$@ has %2$@ days",
                missingTime: String = "Enter a time, such as %@",
                invalidTime: String = "“%1$@” is not a time of day; write it like %2$@",
                unknownTimeZone: String = "Unknown time zone “%@”",
                endDayBeforeStartDay: String = "The last day is before the first day",
                endBeforeStart: String = "The plan ends before it starts",
                noWeekdays: String = "Choose at least one day of the week",
                repeatEndBeforeStart: String = "The repetition ends before the plan starts",
                repeatCountTooSmall: String = "Repeat at least once") {
        self.emptyTitle = emptyTitle
        self.missingDate = missingDate
        self.invalidDate = invalidDate
        self.dayNotInMonth = dayNotInMonth
        self.missingTime = missingTime
        self.invalidTime = invalidTime
        self.unknownTimeZone = unknownTimeZone
        self.endDayBeforeStartDay = endDayBeforeStartDay
        self.endBeforeStart = endBeforeStart
        self.noWeekdays = noWeekdays
        self.repeatEndBeforeStart = repeatEndBeforeStart
        self.repeatCountTooSmall = repeatCountTooSmall
    }

    /// The English originals.
    public static let english = PlanFormStrings()
}
