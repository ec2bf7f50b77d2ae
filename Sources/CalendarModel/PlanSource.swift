import Foundation

/// A calendar's plans, handed out per range so that repeating events are only expanded
/// for the days a view shows (the storage layer implements this over libical).
///
/// A source never changes once it is handed to a store (a calendar whose file changed becomes
/// a new source), and may be read from several threads at once: the store's neighbouring
/// months are prepared on another thread while the window reads the visible one.
public protocol PlanSource: AnyObject {
    var calendar: CalendarInfo { get }
    /// Every occurrence that overlaps `interval` (half-open: touching its end does not count),
    /// in any order.
    func plans(overlapping interval: DateInterval) -> [Plan]
    /// Every plan of the source over all dates, each once, for search: one entry per single
    /// plan or changed occurrence, and one per repeating series, shown by its occurrence
    /// nearest to `date`. A default (a bounded window around `date`) exists for simple sources.
    func searchEntries(near date: Date) -> [SearchablePlan]
    /// Every reminder (the plans' alarms) coming due in `range` (half-open), in order.
    func reminders(in range: DateInterval) -> [Reminder]
}

extension PlanSource {
    /// Sources with no alarms (tests, calendars built in memory) remind of nothing.
    public func reminders(in range: DateInterval) -> [Reminder] { [] }
}

/// A fixed list of plans with no repetition: for tests and for calendars built in memory.
public final class StaticPlanSource: PlanSource {
    public let calendar: CalendarInfo
    public let allPlans: [Plan]
    private let timeCalendar: Calendar

    public init(calendar: CalendarInfo, plans: [Plan], timeCalendar: Calendar) {
        self.calendar = calendar
        self.allPlans = plans
        self.timeCalendar = timeCalendar
    }

    public func plans(overlapping interval: DateInterval) -> [Plan] {
        allPlans.filter { Plan.span($0.interval(in: timeCalendar), overlaps: interval) }
    }

    /// Every plan as it is: nothing here repeats.
    public func searchEntries(near date: Date) -> [SearchablePlan] {
        allPlans.map { SearchablePlan(plan: $0) }
    }
}
