import CalendarModel
import Foundation
import XCTest

/// A Gregorian calendar in `zone` and `locale`; tests never use the machine's zone or locale.
func gregorian(_ zone: String = "UTC", locale: String = "en_US_POSIX") -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    guard let timeZone = TimeZone(identifier: zone) else {
        preconditionFailure("unknown time zone \(zone)")
    }
    calendar.timeZone = timeZone
    calendar.locale = Locale(identifier: locale)
    return calendar
}

/// A valid day; traps on a typo in a test.
func day(_ year: Int, _ month: Int, _ day: Int) -> CalendarDay {
    guard let result = CalendarDay(year: year, month: month, day: day) else {
        preconditionFailure("invalid day \(year)-\(month)-\(day)")
    }
    return result
}

func month(_ year: Int, _ month: Int) -> YearMonth {
    guard let result = YearMonth(year: year, month: month) else {
        preconditionFailure("invalid month \(year)-\(month)")
    }
    return result
}

/// The instant of a wall-clock time in `calendar`'s time zone.
func instant(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0,
             in calendar: Calendar) -> Date {
    let parts = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
    guard let date = calendar.date(from: parts) else { preconditionFailure("no such time") }
    return date
}

let workID = CalendarID("work")
let holidayID = CalendarID("holidays")
let workInfo = CalendarInfo(id: workID, name: "Work", color: "#1c71d8")
let holidayInfo = CalendarInfo(id: holidayID, name: "Holidays", color: "#e01b24", isHoliday: true)

func allDay(_ uid: String, _ start: CalendarDay, through last: CalendarDay? = nil,
            title: String? = nil, calendar: CalendarID = workID, color: String? = nil,
            categories: [String] = []) -> Plan {
    Plan(id: .init(uid: uid), calendarID: calendar, title: title ?? uid, color: color,
         categories: categories,
         timing: .allDay(start: start, end: (last ?? start).adding(days: 1)))
}

func timed(_ uid: String, _ start: Date, _ end: Date, title: String? = nil,
           calendar: CalendarID = workID) -> Plan {
    Plan(id: .init(uid: uid), calendarID: calendar, title: title ?? uid,
         timing: .timed(start: start, end: end))
}

/// A `StaticPlanSource` that counts the queries it answers.
final class CountingSource: PlanSource {
    let inner: StaticPlanSource
    private(set) var queries: [DateInterval] = []

    init(_ info: CalendarInfo = workInfo, plans: [Plan], calendar: Calendar) {
        inner = StaticPlanSource(calendar: info, plans: plans, timeCalendar: calendar)
    }

    var calendar: CalendarInfo { inner.calendar }

    func plans(overlapping interval: DateInterval) -> [Plan] {
        queries.append(interval)
        return inner.plans(overlapping: interval)
    }
}

/// Records every change a store reports.
final class ChangeRecorder {
    private(set) var changes: [CalendarStore.Change] = []
    private var observation: StoreObservation?

    init(_ store: CalendarStore) {
        observation = store.observe { [unowned self] change in self.changes.append(change) }
    }

    /// Returns what was recorded since the last call and starts afresh.
    func take() -> [CalendarStore.Change] {
        defer { changes = [] }
        return changes
    }
}

extension CalendarStore {
    /// The uids listed on `day`, in list order.
    func uids(on day: CalendarDay) -> [String] {
        plans(on: day).map(\.plan.id.uid)
    }
}
