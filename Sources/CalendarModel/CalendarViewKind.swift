/// Which view the window shows, in the order of the view switch and of Ctrl+1, Ctrl+2…:
/// the month grid, the week's time grid, one day's time grid, the twelve months of a year.
public enum CalendarViewKind: String, CaseIterable, Sendable {
    case month, week, day, year
}
