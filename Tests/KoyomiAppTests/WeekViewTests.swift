import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The week view on the real window (issue 18): the switch and its keys, columns and lanes,
/// DST days and midnight crossings drawn true, paging, and plans moved, resized and made with
/// real pointer events (XTEST), with Undo.
final class WeekViewTests: WeekViewTestCase, @unchecked Sendable {
    func testCtrl2ShowsTheSelectedDaysWeekAndCtrl1GoesBack() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            controller.store.show(CalendarDay(parsing: "2026-11-18")!)
            try switchToWeek()
            XCTAssertFalse(window.grid.root.isMapped, "the month grid makes room")
            XCTAssertEqual(title, "Nov 15 – Nov 21, 2026")
            XCTAssertEqual(week.headers.map { $0.label ?? "" }, ["Sun 15", "Mon 16", "Tue 17", "Wed 18", "Thu 19", "Fri 20", "Sat 21"])
            XCTAssertEqual(titles(on: "2026-11-18"), ["Breakfast", "Standup", "Lunch", "Review", "Dinner"])
            XCTAssertEqual(titles(on: "2026-11-16"), ["Standup"], "the weekly standup on Monday too")
            XCTAssertEqual(plain(try block("Standup", on: "2026-11-18").button.accessibleLabel), "Standup, 9:30 AM – 9:45 AM, Work",
                           "a screen reader hears title, time and calendar")
            XCTAssertEqual(week.columns[3].box.accessibleLabel, "Wednesday, November 18, 2026: 5 plans",
                           "each day column is a group named by its day")
            XCTAssertEqual(rowTitles, ["Breakfast", "Standup", "Lunch", "Review", "Dinner"], "the plan list shows the day")
            XCTAssertEqual(window.header.viewButton(.week).isActive, true)
            XCTAssertEqual(window.header.previousButton.accessibleLabel, "Previous week")

            // Standup (9:30) sits 9.5 hours down the grid, a quarter hour tall.
            let standup = try frame(try block("Standup", on: "2026-11-18").button)
            XCTAssertEqual(standup.y, 9.5 * WeekView.hourHeight, accuracy: 1.5)
            XCTAssertEqual(standup.height, 0.25 * WeekView.hourHeight, accuracy: 2)

            try pressKeys(["ctrl+1"])
            XCTAssertTrue(MainLoop.iterate(until: { self.window.grid.root.isMapped }))
            XCTAssertEqual(title, "November 2026")
            XCTAssertEqual(selectedCells(), ["2026-11-18"], "the selected day is kept across the switch")

            // The week view and its widgets go with the window.
            weak var weekView = week
            let column = WeakObjectProbe(week.columns[0].box)
            let block = WeakObjectProbe(try XCTUnwrap(week.shownBlocks.first).button)
            closeWindow()
            XCTAssertNil(weekView, "the week view is freed")
            XCTAssertFalse(column.isAlive, "its columns are freed")
            XCTAssertFalse(block.isAlive, "its plan blocks are freed")
        }
    }

    func testOverlappingPlansStandSideBySideAndAPlanOverMidnightIsCut() throws {
        let path = try writeCalendar("lanes.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//EN
        X-WR-CALNAME:Lanes
        BEGIN:VEVENT
        UID:a
        DTSTART:20261124T090000Z
        DTEND:20261124T110000Z
        SUMMARY:Workshop
        END:VEVENT
        BEGIN:VEVENT
        UID:b
        DTSTART:20261124T100000Z
        DTEND:20261124T103000Z
        SUMMARY:Call
        END:VEVENT
        BEGIN:VEVENT
        UID:c
        DTSTART:20261124T220000Z
        DTEND:20261125T020000Z
        SUMMARY:Night train
        END:VEVENT
        BEGIN:VEVENT
        UID:d
        DTSTART:20261125T120000Z
        DTEND:20261125T120500Z
        SUMMARY:Quick check
        END:VEVENT
        END:VCALENDAR
        """)
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            controller.store.show(CalendarDay(parsing: "2026-11-24")!)
            try switchToWeek()
            let workshop = try frame(try block("Workshop", on: "2026-11-24").button)
            let call = try frame(try block("Call", on: "2026-11-24").button)
            XCTAssertLessThan(workshop.x + workshop.width, call.x + 1, "the overlapping call stands beside the workshop")
            XCTAssertEqual(workshop.width, call.width, accuracy: 2, "two lanes of one width")
            XCTAssertEqual(call.y, 10 * WeekView.hourHeight, accuracy: 1.5)

            let evening = try block("Night train", on: "2026-11-24")
            let morning = try block("Night train", on: "2026-11-25")
            XCTAssertTrue(evening.button.hasCSSClass("cut-after"), "it goes on after midnight")
            XCTAssertTrue(morning.button.hasCSSClass("cut-before"), "and began the day before")
            XCTAssertEqual(try frame(evening.button).y + (try frame(evening.button).height), 24 * WeekView.hourHeight, accuracy: 1.5)
            XCTAssertEqual(try frame(morning.button).y, 0, accuracy: 1.5)
            XCTAssertEqual(try frame(morning.button).height, 2 * WeekView.hourHeight, accuracy: 2)

            let quick = try frame(try block("Quick check", on: "2026-11-25").button)
            XCTAssertEqual(quick.height, 0.25 * WeekView.hourHeight, accuracy: 2, "five minutes are drawn a quarter hour tall")
        }
    }

    func testTheDayTheClocksGoBackHas25HoursAndItsLaterPlansSitAnHourLower() throws {
        currentZone = TimeZone(identifier: "Europe/Berlin")!
        let path = try writeCalendar("dst.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//EN
        BEGIN:VEVENT
        UID:after
        DTSTART:20261025T020000Z
        DTEND:20261025T030000Z
        SUMMARY:After the change
        END:VEVENT
        BEGIN:VEVENT
        UID:normal
        DTSTART:20261024T020000Z
        DTEND:20261024T030000Z
        SUMMARY:Ordinary Saturday
        END:VEVENT
        END:VCALENDAR
        """)
        try MainActor.assumeIsolated {
            _ = openWindow([path], firstWeekday: 2, month: YearMonth(year: 2026, month: 10))
            controller.store.show(CalendarDay(parsing: "2026-10-25")!)
            try switchToWeek()
            XCTAssertEqual(week.gridHours, 25, "the grid is as tall as the longest day")
            // 02:00 UTC is 03:00 CET on Sunday (four real hours after midnight: 2:00 came twice)
            // and 04:00 CEST on Saturday (four hours after midnight as well).
            let sunday = try frame(try block("After the change", on: "2026-10-25").button)
            let saturday = try frame(try block("Ordinary Saturday", on: "2026-10-24").button)
            XCTAssertEqual(sunday.y, 4 * WeekView.hourHeight, accuracy: 1.5)
            XCTAssertEqual(saturday.y, 4 * WeekView.hourHeight, accuracy: 1.5)
            XCTAssertEqual(plain(try block("After the change", on: "2026-10-25").timeText), "3:00 AM – 4:00 AM",
                           "the block says the wall-clock time")
        }
    }

    func testPagingByWeekWithTheButtonsThePageKeysAndShiftScroll() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            try switchToWeek()
            XCTAssertEqual(title, "Nov 29 – Dec 5, 2026", "today's week")
            window.header.nextButton.click()
            XCTAssertEqual(title, "Dec 6 – Dec 12, 2026")
            XCTAssertEqual(controller.store.selection?.description, "2026-12-06", "the same weekday, a week on")
            try pressKeys(["Page_Up", "Page_Up"])
            XCTAssertTrue(MainLoop.iterate(until: { self.title == "Nov 22 – Nov 28, 2026" }), title)
            let surface = window.window.surfaceOffset
            let grid = try XCTUnwrap(week.scroller.bounds(relativeTo: window.window), "the time grid is not laid out")
            XCTAssertEqual(try runTool(["xdotool", "mousemove", "\(Int(surface.x + grid.x + grid.width / 2))",
                                        "\(Int(surface.y + grid.y + 20))", "keydown", "shift", "click", "5",
                                        "keyup", "shift"]).status, 0)
            XCTAssertTrue(MainLoop.iterate(until: { self.title == "Nov 29 – Dec 5, 2026" }), "Shift+wheel pages: \(title)")
            window.header.todayButton.click()
            XCTAssertEqual(controller.store.selection?.description, "2026-11-29")
        }
    }

    func testANarrowWindowShowsThreeDaysThenOne() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            try switchToWeek()
            XCTAssertEqual(WeekColumns.count(forWidth: 1024), 7)
            week.setAvailableWidth(420)
            XCTAssertEqual(title, "Nov 29 – Dec 1, 2026", "three days from the selected one")
            XCTAssertEqual(week.headers.filter(\.isVisible).count, 3)
            window.header.nextButton.click()
            XCTAssertEqual(title, "Dec 2 – Dec 4, 2026", "paging moves by the days shown")
            week.setAvailableWidth(300)
            XCTAssertEqual(title, "Wednesday, December 2, 2026", "a phone shows one day")
            XCTAssertEqual(week.headers.filter(\.isVisible).count, 1)
        }
    }

    /// The sample calendar, editable, in the week of November 18.
    func testDraggingAPlanMovesItToAnotherDayAndTimeWithUndo() throws {
        try MainActor.assumeIsolated {
            try openEditableWeek()
            let review = try frame(try block("Review", on: "2026-11-18").button)
            // Wednesday 15:00 → Thursday 16:30: a column right, an hour and a half down.
            try drag(from: (review.x + review.width / 2, review.y + 10),
                     by: (review.width + 2, 1.5 * WeekView.hourHeight))
            XCTAssertTrue(MainLoop.iterate(until: { self.titles(on: "2026-11-19").contains("Review") }),
                          "the plan moved to Thursday")
            XCTAssertEqual(plain(try block("Review", on: "2026-11-19").timeText), "4:30 PM – 5:30 PM", "its length is kept")
            XCTAssertFalse(titles(on: "2026-11-18").contains("Review"))
            XCTAssertTrue(try String(contentsOfFile: controller.openFiles[0].path, encoding: .utf8)
                .contains("DTSTART:20261119T163000Z"), "the file says so")

            try pressKeys(["ctrl+z"])
            XCTAssertTrue(MainLoop.iterate(until: { self.titles(on: "2026-11-18").contains("Review") }), "Undo puts it back")
            XCTAssertEqual(plain(try block("Review", on: "2026-11-18").timeText), "3:00 PM – 4:00 PM")
        }
    }

    func testDraggingABottomEdgeChangesOnlyTheEnd() throws {
        try MainActor.assumeIsolated {
            try openEditableWeek()
            let dinner = try frame(try block("Dinner", on: "2026-11-18").button)
            try drag(from: (dinner.x + dinner.width / 2, dinner.y + dinner.height - 3), by: (0, 0.5 * WeekView.hourHeight))
            XCTAssertTrue(MainLoop.iterate(until: { self.plain(try? self.block("Dinner", on: "2026-11-18").timeText) == "6:00 PM – 7:30 PM" }),
                          "the end moved half an hour: \((try? self.block("Dinner", on: "2026-11-18").timeText) ?? "")")
        }
    }

    func testKeysMoveTheFocusedPlanAndEnterEditsIt() throws {
        try MainActor.assumeIsolated {
            try openEditableWeek()
            XCTAssertTrue(try block("Lunch", on: "2026-11-18").button.grabFocus())
            try pressKeys(["ctrl+Down", "ctrl+Down"])
            XCTAssertTrue(MainLoop.iterate(until: { self.plain(try? self.block("Lunch", on: "2026-11-18").timeText) == "12:30 PM – 1:30 PM" }),
                          "two quarter hours later")
            let lunch = try block("Lunch", on: "2026-11-18")
            XCTAssertTrue(MainLoop.iterate(until: { lunch.button.grabFocus() }))
            try pressKeys(["ctrl+Right"])
            XCTAssertTrue(MainLoop.iterate(until: { self.titles(on: "2026-11-19").contains("Lunch") }), "a day later")
            XCTAssertTrue(MainLoop.iterate(until: { (try? self.block("Lunch", on: "2026-11-19").button.grabFocus()) == true }))
            try pressKeys(["Return"])
            XCTAssertTrue(MainLoop.iterate(until: { self.controller.editing.editor != nil }), "Enter opens the editor")
            XCTAssertEqual(plain(controller.editing.editor?.form.startTimeText), "12:30 PM")
            controller.editing.editor?.close()
        }
    }

    func testADoubleClickOnFreeTimeOpensANewPlanThen() throws {
        try MainActor.assumeIsolated {
            try openEditableWeek()
            // The plan panel covers the window's lower half: 20:20 is brought into view above it.
            week.scroller.verticalOffset = 19 * WeekView.hourHeight
            paintOnce()
            let thursday = week.columns[4].box
            let column = try frame(thursday)
            let origin = try XCTUnwrap(week.body.bounds(relativeTo: window.window))
            let surface = window.window.surfaceOffset
            // 20:20 on Thursday: rounded down to 20:15.
            let y = 20.34 * WeekView.hourHeight
            XCTAssertEqual(try runTool(["xdotool", "mousemove", "\(Int(surface.x + origin.x + column.x + column.width / 2))",
                                        "\(Int(surface.y + origin.y + y))", "click", "--repeat", "2", "--delay", "40", "1"]).status, 0)
            XCTAssertTrue(MainLoop.iterate(until: { self.controller.editing.editor != nil }), "the editor opens")
            XCTAssertEqual(controller.editing.editor?.form.startDateText, "2026-11-19")
            XCTAssertEqual(plain(controller.editing.editor?.form.startTimeText), "8:15 PM")
            XCTAssertEqual(plain(controller.editing.editor?.form.endTimeText), "9:15 PM")
            controller.editing.editor?.close()
        }
    }

    func testTheViewAndTheDayComeBackAfterARestart() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            controller.store.show(CalendarDay(parsing: "2026-11-18")!)
            try switchToWeek()
            controller.rememberWindowState()
            closeWindow()
            _ = openWindow([path])
            XCTAssertTrue(week.root.isMapped, "the week view again")
            XCTAssertEqual(title, "Nov 15 – Nov 21, 2026", "on the week left")
            XCTAssertEqual(controller.store.selection?.description, "2026-11-18")
        }
    }
}
