/// What the user chose in Preferences, and how the window was left: a plain value that is
/// always valid. Out-of-range values are corrected as they are set (a weekday outside 1…7
/// becomes "from the locale", sizes are clamped), so a hand-edited or damaged settings file
/// can never put the window in an impossible state.
public struct Settings: Equatable, Sendable {
    /// Widths a window may be restored to: GNOME's smallest supported window, up to well
    /// beyond an 8K screen (a larger value is a damaged file, not a real window).
    public static let widthRange = 360...8_192
    public static let heightRange = 294...8_192
    public static let defaultWidth = 720
    public static let defaultHeight = 760

    /// Every value at its default.
    public static let defaults = Settings()

    /// The weekday of the grid's first column, 1 = Sunday … 7 = Saturday, or nil to take it
    /// from the user's locale.
    public var firstWeekday: Int? {
        didSet { firstWeekday = Self.validWeekday(firstWeekday) }
    }

    /// Whether the grid shows a column of ISO 8601 week numbers; nil follows the desktop
    /// (`showsWeekNumbers(desktop:)`).
    public var showsWeekNumbers: Bool?

    /// Whether times are written on a 24-hour clock; nil follows the desktop, else the locale
    /// (`usesTwentyFourHourClock(desktop:)`).
    public var usesTwentyFourHourClock: Bool?

    /// Whether years are written in the Japanese era ("令和8年") where the language is Japanese
    /// (`JapaneseEra.isOffered`). Off by default, also in a Japanese locale: Japanese desktops,
    /// phones and web calendars write the Gregorian year unless asked, and a year such as
    /// "2026年" is what plans from others and every other program say.
    public var showsJapaneseEra: Bool

    /// Whether Sundays' and holidays' day numbers are red and Saturdays' blue; nil follows the
    /// locale (`colorsDays(localeDefault:)`: on where the language is Japanese, as on Japanese
    /// printed calendars, and off elsewhere, where red days mean nothing in particular).
    public var colorsDays: Bool?

    /// The window's last unmaximized size, in logical pixels.
    public var windowWidth: Int {
        didSet { windowWidth = Self.clamp(windowWidth, to: Self.widthRange) }
    }

    public var windowHeight: Int {
        didSet { windowHeight = Self.clamp(windowHeight, to: Self.heightRange) }
    }

    public var isMaximized: Bool

    /// Where the plan panel was left, or nil for the default (half).
    public var panelPosition: PanelPosition?

    /// The view the window was left in (month or week); it opens in it again.
    public var calendarView: CalendarViewKind

    /// The day selected when the window was closed: the week view opens on its week.
    public var selectedDay: CalendarDay?

    /// Calendars the user switched off in the calendars list, by id (a calendar's id is its
    /// file's path). Ids of calendars that no longer exist are harmless and kept.
    public var hiddenCalendars: Set<CalendarID>

    /// Built-in calendars that are off by default here (Japan's holidays outside a Japanese
    /// locale) and that the user switched on: they stay on at the next start.
    public var shownCalendars: Set<CalendarID>

    /// Files from outside the calendars folder that `koyomi FILE.ics` added to the open window:
    /// they open again at every start until the user closes them in the calendars list.
    public var keptFiles: Set<CalendarID>

    /// Whether the calendars are registered with Evolution Data Server, so the desktop's clock
    /// (GNOME Shell's top bar) lists their plans (`DesktopCalendarSources`). On by default.
    public var showsPlansInDesktopClock: Bool

    /// How long Snooze puts a reminder off, in minutes (Preferences offers `snoozeChoices`).
    public var snoozeMinutes: Int {
        didSet { snoozeMinutes = Self.clamp(snoozeMinutes, to: Self.snoozeRange) }
    }

    /// Reminders each calendar gives its new plans (minutes before the start), by calendar.
    public var defaultReminders: [CalendarID: [Int]] {
        didSet { defaultReminders = Self.validReminders(defaultReminders) }
    }

    private static func validReminders(_ reminders: [CalendarID: [Int]]) -> [CalendarID: [Int]] {
        reminders.mapValues(PlanForm.normalized).filter { !$0.value.isEmpty }
    }

    public static let snoozeChoices = [5, 10, 15, 30, 60]
    public static let defaultSnoozeMinutes = 10
    /// A hand-edited value is kept within a minute and a day.
    public static let snoozeRange = 1...1_440

    public init(firstWeekday: Int? = nil, showsWeekNumbers: Bool? = nil, usesTwentyFourHourClock: Bool? = nil,
                showsJapaneseEra: Bool = false, colorsDays: Bool? = nil,
                windowWidth: Int = Settings.defaultWidth, windowHeight: Int = Settings.defaultHeight,
                isMaximized: Bool = false, panelPosition: PanelPosition? = nil,
                calendarView: CalendarViewKind = .month, selectedDay: CalendarDay? = nil,
                hiddenCalendars: Set<CalendarID> = [], shownCalendars: Set<CalendarID> = [],
                keptFiles: Set<CalendarID> = [], showsPlansInDesktopClock: Bool = true,
                snoozeMinutes: Int = Settings.defaultSnoozeMinutes, defaultReminders: [CalendarID: [Int]] = [:]) {
        // Property observers do not run in an initializer, so validate here too.
        self.firstWeekday = Self.validWeekday(firstWeekday)
        self.showsWeekNumbers = showsWeekNumbers
        self.usesTwentyFourHourClock = usesTwentyFourHourClock
        self.showsJapaneseEra = showsJapaneseEra
        self.colorsDays = colorsDays
        self.windowWidth = Self.clamp(windowWidth, to: Self.widthRange)
        self.windowHeight = Self.clamp(windowHeight, to: Self.heightRange)
        self.isMaximized = isMaximized
        self.panelPosition = panelPosition
        self.calendarView = calendarView
        self.selectedDay = selectedDay
        self.hiddenCalendars = hiddenCalendars
        self.shownCalendars = shownCalendars
        self.keptFiles = keptFiles
        self.showsPlansInDesktopClock = showsPlansInDesktopClock
        self.snoozeMinutes = Self.clamp(snoozeMinutes, to: Self.snoozeRange)
        self.defaultReminders = Self.validReminders(defaultReminders)
    }

    /// The first weekday to use: the chosen one, else the locale's (`LocaleSettings.firstWeekday`).
    public func firstWeekday(localeDefault: Int) -> Int {
        firstWeekday ?? localeDefault
    }

    /// Whether days are coloured: the choice made, else the locale's default (`localeDefault`:
    /// the language is Japanese).
    public func colorsDays(localeDefault: Bool) -> Bool {
        colorsDays ?? localeDefault
    }

    /// Whether week numbers show: the choice made, else the desktop's, else not.
    public func showsWeekNumbers(desktop: DesktopChoices) -> Bool {
        showsWeekNumbers ?? desktop.showsWeekNumbers ?? false
    }

    /// The clock to write times on: the choice made, else the desktop's; nil: the locale's.
    public func usesTwentyFourHourClock(desktop: DesktopChoices) -> Bool? {
        usesTwentyFourHourClock ?? desktop.usesTwentyFourHourClock
    }

    /// Records the switch's new state: as a choice of its own only where it differs from what
    /// the desktop (else `fallback`) says, so that switching back follows the desktop again.
    public mutating func chooseWeekNumbers(_ shown: Bool, desktop: DesktopChoices) {
        showsWeekNumbers = shown == (desktop.showsWeekNumbers ?? false) ? nil : shown
    }

    /// As `chooseWeekNumbers`; `localeDefault`: whether the locale writes times on a 24-hour clock.
    public mutating func chooseTwentyFourHourClock(_ on: Bool, desktop: DesktopChoices, localeDefault: Bool) {
        usesTwentyFourHourClock = on == (desktop.usesTwentyFourHourClock ?? localeDefault) ? nil : on
    }

    private static func validWeekday(_ weekday: Int?) -> Int? {
        weekday.flatMap { (1...7).contains($0) ? $0 : nil }
    }

    private static func clamp(_ value: Int, to range: ClosedRange<Int>) -> Int {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
