import CalendarModel
import Foundation
import XCTest

/// What the reminder schedule shows when: due and not shown, for plans not over, snoozes
/// back at their time, and nothing twice.
final class ReminderScheduleTests: XCTestCase {
    private var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    private let base = Date(timeIntervalSince1970: 1_796_212_800) // 2026-12-02 12:00 UTC

    private func at(_ minutes: Double) -> Date { base.addingTimeInterval(minutes * 60) }

    private func reminder(_ title: String, due: Double, start: Double, length: Double = 60,
                          calendar: String = "/c/personal.ics") -> Reminder {
        let plan = Plan(id: Plan.ID(uid: title), calendarID: CalendarID(calendar), title: title,
                        timing: .timed(start: at(start), end: at(start + length)))
        return Reminder(plan: plan, due: at(due))
    }

    func testADueReminderIsShownOnceAndTheNextOneIsTimed() {
        var schedule = ReminderSchedule()
        schedule.replace([reminder("Dentist", due: 5, start: 20), reminder("Call", due: 30, start: 45)],
                         of: CalendarID("/c/personal.ics"))
        XCTAssertEqual(schedule.due(at: at(0), calendar: utc).map(\.plan.title), [])
        XCTAssertEqual(schedule.nextDue(after: at(0)), at(5))
        let due = schedule.due(at: at(5), calendar: utc)
        XCTAssertEqual(due.map(\.plan.title), ["Dentist"])
        schedule.markShown(due.map(ReminderSchedule.Key.init), at: at(5))
        XCTAssertEqual(schedule.due(at: at(6), calendar: utc), [], "never shown twice")
        XCTAssertEqual(schedule.nextDue(after: at(5)), at(30))
    }

    func testMissedRemindersAreShownWhileThePlanIsOnAndNotAfter() {
        var schedule = ReminderSchedule()
        schedule.replace([reminder("Ongoing", due: -90, start: -60, length: 120), reminder("Over", due: -90, start: -80, length: 30)],
                         of: CalendarID("/c/personal.ics"))
        XCTAssertEqual(schedule.due(at: at(0), calendar: utc).map(\.plan.title), ["Ongoing"])
    }

    func testAReminderSetForAfterTheEndIsShownThenButNotADayLate() {
        var schedule = ReminderSchedule()
        // RELATED=END:PT10M on a plan that ended at 11:00.
        schedule.replace([reminder("Report", due: -50, start: -120, length: 60)], of: CalendarID("/c/personal.ics"))
        XCTAssertEqual(schedule.due(at: at(0), calendar: utc).map(\.plan.title), ["Report"])
        XCTAssertEqual(schedule.due(at: at(24 * 60), calendar: utc), [])
    }

    func testASnoozeComesBackAtItsTimeForThePlanAsItIsNow() {
        var schedule = ReminderSchedule()
        let first = reminder("Dentist", due: 5, start: 20)
        schedule.replace([first], of: CalendarID("/c/personal.ics"))
        schedule.markShown([ReminderSchedule.Key(first)], at: at(5))
        schedule.snooze(ReminderSchedule.Key(first), until: at(15))
        XCTAssertEqual(schedule.nextDue(after: at(5)), at(15))
        XCTAssertEqual(schedule.due(at: at(15), calendar: utc).map(\.isSnoozed), [true])
        // The plan was deleted meanwhile: its snooze brings nothing back.
        schedule.replace([], of: CalendarID("/c/personal.ics"))
        XCTAssertEqual(schedule.due(at: at(15), calendar: utc), [])
        XCTAssertFalse(schedule.contains(ReminderSchedule.Key(first)), "a shown reminder of a deleted plan is gone")
    }

    func testASnoozeWrittenToTheFileAndKeptHereIsOneReminder() {
        var schedule = ReminderSchedule()
        let first = reminder("Dentist", due: 5, start: 20)
        var written = first
        written.due = at(15)
        schedule.snooze(ReminderSchedule.Key(first), until: at(15))
        schedule.replace([first, written], of: CalendarID("/c/personal.ics"))
        XCTAssertEqual(schedule.all.map(\.due), [at(5), at(15)])
    }

    func testPruningForgetsWhatCanNeverBeDueAgain() {
        var schedule = ReminderSchedule()
        let old = reminder("Old", due: -20_000, start: -19_000)
        let recent = reminder("Recent", due: -10, start: 0)
        schedule.markShown([ReminderSchedule.Key(old), ReminderSchedule.Key(recent)], at: at(0))
        schedule.prune(before: at(-10_080))
        XCTAssertEqual(Array(schedule.shown.keys), [ReminderSchedule.Key(recent)])
    }
}
