/// Which view the window shows: the month grid or the week's time grid.
public enum CalendarViewKind: String, CaseIterable, Sendable {
    case month, week
}
