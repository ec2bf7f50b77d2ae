import CalendarModel
@testable import KoyomiApp
import XCTest

/// A list's rows are made when read: each must be the row the plan always had (its own colour,
/// else its calendar's; the calendar's name), and the colours to register are each listed once.
final class PlanRowsTests: XCTestCase {
    private let work = CalendarInfo(id: CalendarID("work"), name: "Work", color: "#1c71d8")
    private let home = CalendarInfo(id: CalendarID("home"), name: "Home", color: "#e66100")

    private func entry(_ uid: String, _ calendar: CalendarInfo, color: String? = nil) -> PlanOnDay {
        let day = CalendarDay(year: 2026, month: 11, day: 29)!
        let plan = Plan(id: Plan.ID(uid: uid), calendarID: calendar.id, title: uid, color: color,
                    timing: .allDay(start: day, end: day.adding(days: 1)))
        return PlanOnDay(plan: plan, day: day, startsOnDay: true)
    }

    func testRowsAreThePlansWithTheirColoursAndCalendars() {
        let formatter = CalendarFormatter(locale: Locale(identifier: "en_US"), calendar: Calendar(identifier: .gregorian))
        let entries = [entry("a", work), entry("b", work, color: "green"), entry("c", home),
                       entry("d", home), entry("e", work, color: " green "), entry("f", work)]
        let style = PlanRowStyle(calendars: [work, home], formatter: formatter)
        let rows = PlanRows(entries, style: style)

        XCTAssertEqual(rows.count, 6)
        XCTAssertEqual(rows.map(\.title), ["a", "b", "c", "d", "e", "f"])
        for (row, entry) in zip(rows, entries) {
            let calendar = entry.plan.calendarID == work.id ? work : home
            XCTAssertEqual(row.color, DayDecoration.dotColor(for: entry.plan, calendar: calendar), entry.plan.title)
            XCTAssertEqual(row.calendarName, calendar.name)
            XCTAssertEqual(row.entry, entry)
        }
        XCTAssertEqual(rows.colors, [DayDecoration.dotColor(planColor: nil, calendar: work),
                                     DayDecoration.dotColor(planColor: "green", calendar: work),
                                     DayDecoration.dotColor(planColor: nil, calendar: home)],
                       "each colour once, in the order the rows first use it")
    }

    func testAPlanOfAnUnknownCalendarGetsTheDefaultColourAndNoName() {
        let formatter = CalendarFormatter(locale: Locale(identifier: "en_US"), calendar: Calendar(identifier: .gregorian))
        let rows = PlanRows([entry("lost", home)], style: PlanRowStyle(calendars: [work], formatter: formatter))
        XCTAssertEqual(rows[0].color, DayDecoration.dotColor(planColor: nil, calendar: nil))
        XCTAssertEqual(rows[0].calendarName, "")
        XCTAssertEqual(rows.colors, [DayDecoration.dotColor(planColor: nil, calendar: nil)])
    }

    func testListsCompareByTheirPlansAndHowTheyAreDrawn() {
        let formatter = CalendarFormatter(locale: Locale(identifier: "en_US"), calendar: Calendar(identifier: .gregorian))
        let entries = [entry("a", work), entry("b", home)]
        let one = PlanRows(entries, style: PlanRowStyle(calendars: [work, home], formatter: formatter))
        let same = PlanRows(entries, style: PlanRowStyle(calendars: [work, home], formatter: formatter))
        XCTAssertEqual(one, same)
        var recoloured = home
        recoloured.color = "#2ec27e"
        XCTAssertNotEqual(one, PlanRows(entries, style: PlanRowStyle(calendars: [work, recoloured], formatter: formatter)))
        XCTAssertNotEqual(one, PlanRows(Array(entries.reversed()), style: one.style))
    }
}
