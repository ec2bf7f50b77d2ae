import CalendarModel
import Foundation
import XCTest

final class TaskOrderingTests: XCTestCase {
    private let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        return calendar
    }()

    private func task(_ uid: String, due: TaskTime?, status: TaskStatus = .needsAction, priority: Int = 0,
                      completed: Date? = nil) -> CalendarTask {
        CalendarTask(uid: uid, calendarID: CalendarID("c"), title: uid, due: due, status: status, completed: completed,
                     priority: priority)
    }

    func testOpenByDueEarliestFirstUndatedLastThenClosedMostRecentFirst() {
        let day = CalendarDay(year: 2026, month: 11, day: 12)!
        let morning = day.start(in: calendar).addingTimeInterval(9 * 3600)
        let tasks = [
            task("undated", due: nil),
            task("closed-old", due: .day(day), status: .completed, completed: Date(timeIntervalSince1970: 1_000)),
            task("later", due: .instant(morning.addingTimeInterval(86_400))),
            task("morning", due: .instant(morning)),
            task("cancelled", due: nil, status: .cancelled),
            task("day", due: .day(day)),
            task("urgent-day", due: .day(day), priority: 1),
            task("closed-new", due: nil, status: .completed, completed: Date(timeIntervalSince1970: 2_000)),
            task("in-process", due: .day(day.adding(days: -3)), status: .inProcess),
        ]
        XCTAssertEqual(TaskOrdering.sorted(tasks, calendar: calendar).map(\.uid),
                       ["in-process", "urgent-day", "day", "morning", "later", "undated",
                        "closed-new", "closed-old", "cancelled"])
    }

    func testOverdueIsJudgedByTheDayForADueDay() {
        let now = CalendarDay(year: 2026, month: 11, day: 12)!.start(in: calendar).addingTimeInterval(20 * 3600)
        XCTAssertFalse(task("today", due: .day(CalendarDay(year: 2026, month: 11, day: 12)!)).isOverdue(now: now, calendar: calendar))
        XCTAssertTrue(task("yesterday", due: .day(CalendarDay(year: 2026, month: 11, day: 11)!)).isOverdue(now: now, calendar: calendar))
        XCTAssertTrue(task("an hour ago", due: .instant(now.addingTimeInterval(-3600))).isOverdue(now: now, calendar: calendar))
        XCTAssertFalse(task("done", due: .instant(now.addingTimeInterval(-3600)), status: .completed)
            .isOverdue(now: now, calendar: calendar))
    }
}
