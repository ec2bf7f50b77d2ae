import CalendarModel

extension RepeatRule {
    /// The rule a plain phrase asked for (`QuickAddParser`). A day of the month is the plan's
    /// own start day, so RFC 5545 needs no BYMONTHDAY for it.
    public init(_ quick: QuickAddRepeat) {
        let frequency: Frequency = switch quick.frequency {
        case .daily: .daily
        case .weekly: .weekly
        case .monthly: .monthly
        case .yearly: .yearly
        }
        let byNumber: [Weekday] = [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday]
        let days = Set(quick.weekdays.filter { (1...7).contains($0) }.map { byNumber[$0 - 1] })
        let end: End = quick.count.map { .afterCount($0) } ?? quick.until.map { .on($0) } ?? .never
        // Monday first, as RFC 5545's default week start.
        self.init(frequency: frequency, interval: quick.interval, weekdays: Weekday.allCases.filter(days.contains), end: end)
    }
}
