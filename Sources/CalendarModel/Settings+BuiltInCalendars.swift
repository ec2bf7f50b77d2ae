/// Which calendars start hidden when some built-in ones are off by default.
///
/// A calendar the user switches off is remembered in `hiddenCalendars`, whatever it is. A
/// built-in calendar off by default (Japan's holidays outside a Japanese locale) is hidden at
/// every start unless the user switched it on, which `shownCalendars` remembers; its default
/// is never written as a choice.
extension Settings {
    /// The hidden set a window starts with: the saved one, and each of `offByDefault` the user
    /// never switched on.
    public func startingHiddenCalendars(offByDefault: Set<CalendarID>) -> Set<CalendarID> {
        hiddenCalendars.union(offByDefault.subtracting(shownCalendars))
    }

    /// Remembers the window's hidden set: `offByDefault` calendars that are shown go in
    /// `shownCalendars`, the others' default is not written as hidden.
    public mutating func remember(hidden: Set<CalendarID>, offByDefault: Set<CalendarID>) {
        hiddenCalendars = hidden.subtracting(offByDefault)
        shownCalendars = shownCalendars.subtracting(offByDefault).union(offByDefault.subtracting(hidden))
    }
}
