import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The day view (issue 36): one day's time grid at full width, a view of its own beside the
/// month and the week: Ctrl+3, paging by day, the keys and the pointer as in the week, and
/// the day coming back at the next start.
final class DayViewTests: WeekViewTestCase, @unchecked Sendable {
    @MainActor override var week: WeekView { window.day }

    @MainActor
    private func switchToDay() throws {
        try pressKeys(["ctrl+3"])
        XCTAssertTrue(MainLoop.iterate(until: { self.week.root.isMapped && self.week.state != nil }))
        paintOnce()
    }

    func testCtrl3ShowsTheSelectedDayAtFullWidthAndPagesByDay() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            controller.store.show(CalendarDay(parsing: "2026-11-18")!)
            try switchToDay()
            XCTAssertFalse(window.grid.root.isMapped, "the month grid makes room")
            XCTAssertFalse(window.week.root.isMapped, "and so does the week")
            XCTAssertEqual(title, "Wednesday, November 18, 2026")
            XCTAssertEqual(week.state?.span.count, 1, "one day")
            XCTAssertEqual(titles(on: "2026-11-18"), ["Breakfast", "Standup", "Lunch", "Review", "Dinner"])
            XCTAssertEqual(plain(try block("Standup", on: "2026-11-18").button.accessibleLabel), "Standup, 9:30 AM – 9:45 AM, Work")
            XCTAssertEqual(week.columns[0].box.accessibleLabel, "Wednesday, November 18, 2026: 5 plans")
            XCTAssertTrue(window.header.viewButton(.day).isActive)
            XCTAssertFalse(window.header.viewButton(.week).isActive)
            XCTAssertEqual(window.header.previousButton.accessibleLabel, "Previous day")
            XCTAssertEqual(window.header.nextButton.accessibleLabel, "Next day")

            // The column takes the whole grid's width, and a lone plan most of it.
            let body = try XCTUnwrap(week.body.bounds(relativeTo: week.body))
            let column = try frame(week.columns[0].box)
            XCTAssertEqual(column.width, body.width, accuracy: 2, "the day fills the grid")
            // Its width alone would fit 23 lanes of 28 px here: overlapping plans get 8 at most,
            // wide enough to read, and a day page lays out no more blocks than that.
            XCTAssertGreaterThan(WeekView.maxLanes(dayWidth: column.width), WeekView.dayViewMaxLanes)
            XCTAssertEqual(week.laneCount, WeekView.dayViewMaxLanes)
            XCTAssertGreaterThan(try frame(try block("Dinner", on: "2026-11-18").button).width, body.width * 0.8)

            window.header.nextButton.click()
            XCTAssertEqual(title, "Thursday, November 19, 2026")
            XCTAssertEqual(controller.store.selection?.description, "2026-11-19", "a day on")
            try pressKeys(["Page_Up", "Page_Up", "Page_Up"])
            XCTAssertTrue(MainLoop.iterate(until: { self.title == "Monday, November 16, 2026" }), title)
            XCTAssertEqual(titles(on: "2026-11-16"), ["Standup"])
            XCTAssertEqual(rowTitles, ["Standup"], "the plan list shows the day")

            try pressKeys(["ctrl+1"])
            XCTAssertTrue(MainLoop.iterate(until: { self.window.grid.root.isMapped }))
            XCTAssertEqual(selectedCells(), ["2026-11-16"], "the selected day is kept across the switch")
            try pressKeys(["ctrl+2"])
            XCTAssertTrue(MainLoop.iterate(until: { self.window.week.root.isMapped }))
            XCTAssertEqual(title, "Nov 15 – Nov 21, 2026")

            weak var dayView = week
            let block = WeakObjectProbe(try XCTUnwrap(window.day.shownBlocks.first).button)
            closeWindow()
            XCTAssertNil(dayView, "the day view is freed")
            XCTAssertFalse(block.isAlive, "its plan blocks are freed")
        }
    }

    func testKeysMoveAPlanAndADoubleClickMakesOne() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            controller.store.show(CalendarDay(parsing: "2026-11-18")!)
            try switchToDay()
            week.scroller.verticalOffset = 11 * WeekView.hourHeight
            paintOnce()
            XCTAssertTrue(try block("Lunch", on: "2026-11-18").button.grabFocus())
            try pressKeys(["ctrl+Down"])
            XCTAssertTrue(MainLoop.iterate(until: { self.plain(try? self.block("Lunch", on: "2026-11-18").timeText) == "12:15 PM – 1:15 PM" }),
                          "a quarter hour later")
            let lunch = try block("Lunch", on: "2026-11-18")
            XCTAssertTrue(MainLoop.iterate(until: { lunch.button.grabFocus() }))
            try pressKeys(["ctrl+Right"])
            XCTAssertTrue(MainLoop.iterate(until: { self.titles(on: "2026-11-19").contains("Lunch") }),
                          "a day later, and the day view follows it")
            XCTAssertEqual(title, "Thursday, November 19, 2026")
            try pressKeys(["ctrl+z"])
            XCTAssertTrue(MainLoop.iterate(until: { self.controller.store.plans(on: CalendarDay(parsing: "2026-11-18")!)
                .contains { $0.plan.title == "Lunch" } }), "Undo takes the move back")

            week.scroller.verticalOffset = 19 * WeekView.hourHeight
            paintOnce()
            let column = try frame(week.columns[0].box)
            let origin = try XCTUnwrap(week.body.bounds(relativeTo: window.window))
            let surface = window.window.surfaceOffset
            XCTAssertEqual(try runTool(["xdotool", "mousemove", "\(Int(surface.x + origin.x + column.x + column.width / 2))",
                                        "\(Int(surface.y + origin.y + 20.34 * WeekView.hourHeight))",
                                        "click", "--repeat", "2", "--delay", "40", "1"]).status, 0)
            XCTAssertTrue(MainLoop.iterate(until: { self.controller.editing.editor != nil }), "the editor opens")
            XCTAssertEqual(plain(controller.editing.editor?.form.startTimeText), "8:15 PM")
            controller.editing.editor?.close()
        }
    }

    func testTheDayViewAndItsDayComeBackAfterARestart() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            controller.store.show(CalendarDay(parsing: "2026-11-18")!)
            try switchToDay()
            controller.rememberWindowState()
            closeWindow()
            _ = openWindow([path])
            XCTAssertTrue(window.day.root.isMapped, "the day view again")
            XCTAssertEqual(title, "Wednesday, November 18, 2026", "on the day left")
        }
    }
}
