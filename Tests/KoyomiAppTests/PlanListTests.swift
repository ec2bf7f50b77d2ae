import CalendarModel
import GtkKit
@testable import KoyomiApp
import XCTest

/// Clicking days and what the plan list then shows.
final class PlanListTests: AppTestCase {
    func testClickingADayListsItsPlansInOrder() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path])
            cell("2026-11-11").button.click()
            XCTAssertEqual(selectedCells(), ["2026-11-11"])
            XCTAssertEqual(rowTitles, ["Trip to Kyoto", "Standup"], "all-day first, then by time")
            // ICU puts a narrow no-break space before AM/PM.
            XCTAssertEqual(rowRanges, ["Nov 10 – Nov 12", "9:30\u{202F}AM – 9:45\u{202F}AM"])
            XCTAssertEqual(rowMarkers, ["Continues", ""], "only a plan of several days has a badge")
            // Screen readers get the rows' names once the frame showing them is painted.
            waitForAccessibleText()
            XCTAssertEqual(shownRowViews().first?.root.accessibleLabel,
                           "Trip to Kyoto, Nov 10 – Nov 12, Work, continues from an earlier day")
            XCTAssertEqual(shownRowViews().first?.tooltipText, "Work", "the calendar's name, given on hover")
            XCTAssertEqual(shownRowViews().map(\.shownTexts), [["Trip to Kyoto", "Nov 10 – Nov 12"],
                                                               ["Standup", "9:30\u{202F}AM – 9:45\u{202F}AM"]])

            cell("2026-11-10").button.click()
            XCTAssertEqual(rowTitles, ["Trip to Kyoto"])
            XCTAssertEqual(rowMarkers, ["Starts"])
            cell("2026-11-12").button.click()
            XCTAssertEqual(rowMarkers, ["Ends"], "the last day of the trip says so")
            waitForAccessibleText()
            XCTAssertEqual(shownRowViews().first?.root.accessibleLabel, "Trip to Kyoto, Nov 10 – Nov 12, Work, ends this day")
        }
    }

    /// The panel counts plans, not rows: a trip over many days is one plan; a plan with no
    /// length shows one time (issue 14).
    func testTheMonthCountsPlansAndAPlanWithNoLengthShowsOneTime() throws {
        let path = try writeCalendar("count.ics", """
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//Koyomi tests//EN
            BEGIN:VEVENT
            UID:trip
            DTSTART;VALUE=DATE:20261102
            DTEND;VALUE=DATE:20261112
            SUMMARY:Ten days away
            END:VEVENT
            BEGIN:VEVENT
            UID:deadline
            DTSTART:20261120T110000Z
            DTEND:20261120T110000Z
            SUMMARY:Forms due
            END:VEVENT
            END:VCALENDAR
            """)
        MainActor.assumeIsolated {
            _ = openWindow([path])
            cell("2026-11-20").button.click()
            XCTAssertEqual(rowRanges, ["11:00\u{202F}AM"], "not “11:00 AM – 11:00 AM”")
            XCTAssertEqual(rowMarkers, [""])
            cell("2026-11-20").button.click() // the month's agenda
            XCTAssertEqual(rowTitles, ["Ten days away", "Forms due"], "the trip is listed once, not on each of its ten days")
            XCTAssertEqual(window.planPanel.handle.title.text, "November 2026 · 2 plans")
        }
    }

    /// The month's agenda lists a plan of several days once, under its first day, with its
    /// whole range, and says how many plans the month has (issue 35: a trip over Dec 24–28
    /// was listed, and counted, on each of its five days).
    func testTheMonthsAgendaListsAPlanOfSeveralDaysOnce() throws {
        let path = try writeCalendar("december.ics", """
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//Koyomi tests//EN
            X-WR-CALNAME:Work
            BEGIN:VEVENT
            UID:trip
            DTSTART;VALUE=DATE:20261224
            DTEND;VALUE=DATE:20261229
            SUMMARY:Winter trip
            END:VEVENT
            BEGIN:VEVENT
            UID:call
            DTSTART:20261226T090000Z
            DTEND:20261226T100000Z
            SUMMARY:Call home
            END:VEVENT
            END:VCALENDAR
            """)
        MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(parsing: "2026-12"))
            cell("2026-12-24").button.click()
            cell("2026-12-24").button.click() // the month's agenda
            XCTAssertEqual(selectedCells(), [])
            waitForAccessibleText()
            paintOnce()
            // What a screen reader reads, top to bottom: the day headers and each plan once.
            XCTAssertEqual(window.planList.rowViewsOnScreen.map(\.root.accessibleLabel),
                           ["Thursday, December 24", "Winter trip, Dec 24 – Dec 28, Work",
                            "Saturday, December 26", "Call home, 9:00\u{202F}AM – 10:00\u{202F}AM, Work"])
            XCTAssertEqual(rowMarkers, ["", ""], "the row stands for the whole trip: no “Starts”")
            XCTAssertEqual(window.planList.listWidget.accessibleDescription, "2 plans")
            XCTAssertEqual(window.planPanel.handle.title.text, "December 2026 · 2 plans")
        }
    }

    func testACancelledPlanIsStruckThroughAndTheRowsAfterItAreNot() throws {
        let path = try writeCalendar("cancel.ics", """
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//Koyomi//Tests//EN
            BEGIN:VEVENT
            UID:off@example.com
            DTSTAMP:20261101T000000Z
            DTSTART:20261112T090000
            DTEND:20261112T100000
            SUMMARY:Called off
            STATUS:CANCELLED
            END:VEVENT
            BEGIN:VEVENT
            UID:on@example.com
            DTSTAMP:20261101T000000Z
            DTSTART:20261112T110000
            DTEND:20261112T120000
            SUMMARY:Still on
            END:VEVENT
            BEGIN:VEVENT
            UID:next@example.com
            DTSTAMP:20261101T000000Z
            DTSTART:20261113T090000
            DTEND:20261113T100000
            SUMMARY:Next day
            END:VEVENT
            BEGIN:VEVENT
            UID:later@example.com
            DTSTAMP:20261101T000000Z
            DTSTART:20261113T110000
            DTEND:20261113T120000
            SUMMARY:Later that day
            END:VEVENT
            END:VCALENDAR
            """)
        MainActor.assumeIsolated {
            _ = openWindow([path])
            cell("2026-11-12").button.click()
            let rows = shownRowViews()
            XCTAssertEqual(rows.map { $0.shownTexts.first }, ["Called off", "Still on"])
            XCTAssertEqual(rows.map(\.isStruckThrough), [true, false])
            // Row widgets are reused: the same ones now show other plans, none struck through.
            cell("2026-11-13").button.click()
            XCTAssertEqual(shownRowViews().map { $0.shownTexts.first }, ["Next day", "Later that day"])
            XCTAssertEqual(shownRowViews().map(\.isStruckThrough), [false, false])
        }
    }

    func testAnEmptyDaySaysSo() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path])
            cell("2026-11-14").button.click()
            XCTAssertEqual(rowTitles, [])
            XCTAssertEqual(window.planList.emptyText, "No plans on Saturday, November 14")
        }
    }

    func testClickingTheSelectedDayShowsTheMonthsAgenda() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path])
            cell("2026-11-29").button.click()
            XCTAssertEqual(selectedCells(), [])
            XCTAssertEqual(window.planList.headerTexts.first, "Monday, November 2")
            XCTAssertTrue(window.planList.headerTexts.contains("Thursday, November 26"))
            XCTAssertFalse(window.planList.headerTexts.contains { $0.contains("December") },
                           "the agenda covers the visible month only")
            XCTAssertEqual(rowTitles.first, "Standup")
        }
    }

    func testClickingAGreyedDayPagesToItsMonthAndSelectsIt() throws {
        let path = try sampleCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path])
            cell("2026-12-02").button.click()
            XCTAssertEqual(title, "December 2026")
            XCTAssertEqual(selectedCells(), ["2026-12-02"])
            XCTAssertEqual(rowTitles, ["Standup"])
        }
    }

    func testALongAgendaFillsInAfterTheFirstScreenful() throws {
        let path = try longNovember()
        MainActor.assumeIsolated {
            _ = openWindow([path])
            cell("2026-11-29").button.click() // deselect: the month's agenda
            XCTAssertEqual(window.planList.rows.count, 120, "every plan of the month is listed")
            XCTAssertEqual(window.planList.headerTexts.count, 30)
            XCTAssertTrue(MainLoop.iterate(until: { self.window.planList.isFilled }),
                          "the rows beyond the first screenful reach the list on the following turns")
        }
    }

    /// From a month's agenda to one day: the frame that answers the click shows the day's
    /// plans and nothing of the agenda, and so does every frame after it (however long GTK
    /// keeps the agenda's rows: that cost is the benchmark's to show).
    func testALongAgendaGivesWayToADayAtOnceAndLeavesNoRowBehind() throws {
        let path = try longNovember()
        MainActor.assumeIsolated {
            _ = openWindow([path])
            cell("2026-11-29").button.click() // deselect: the month's agenda
            XCTAssertTrue(MainLoop.iterate(until: { self.window.planList.isFilled }))
            paintOnce()
            XCTAssertEqual(Array(textsOnScreen().prefix(5)),
                           ["Sunday, November 1", "Plan 0", "Plan 30", "Plan 60", "Plan 90"],
                           "the agenda starts with the month's first day")

            cell("2026-11-10").button.click()
            let day = ["Plan 9", "Plan 39", "Plan 69", "Plan 99"]
            XCTAssertEqual(window.planList.rows.map(\.title), day)
            var painted: [String]?
            window.window.afterNextPaint { painted = self.textsOnScreen() }
            XCTAssertTrue(MainLoop.iterate(until: { painted != nil }), "the click's frame was never painted")
            XCTAssertEqual(painted, day, "the click's frame shows the day's plans, in order, and no agenda row")

            XCTAssertTrue(MainLoop.iterate(until: { self.window.planList.isFilled }))
            paintOnce()
            XCTAssertEqual(textsOnScreen(), day, "once the agenda's rows are gone, the day's plans stay as they were")
            waitForAccessibleText()
            let heard = window.planList.rowViewsOnScreen.map { $0.root.accessibleLabel ?? "" }
            XCTAssertEqual(heard.map { $0.components(separatedBy: ", ").first }, day, "a screen reader hears the same rows")

            cell("2026-11-10").button.click() // back to the agenda: its rows are shown again
            XCTAssertTrue(MainLoop.iterate(until: { self.window.planList.isFilled }))
            paintOnce()
            XCTAssertEqual(window.planList.rows.count, 120)
            XCTAssertEqual(Array(textsOnScreen().prefix(5)),
                           ["Sunday, November 1", "Plan 0", "Plan 30", "Plan 60", "Plan 90"])
        }
    }

    /// The first line of every row on screen, top to bottom: a header's text or a plan's title.
    @MainActor
    private func textsOnScreen() -> [String] {
        window.planList.rowViewsOnScreen.compactMap(\.shownTexts.first)
    }

    /// The rows past the first screenful wait for the user to pause, unless they scroll to them.
    func testScrollingALongAgendaGrowsItAtOnce() throws {
        let path = try longNovember()
        try MainActor.assumeIsolated {
            _ = openWindow([path])
            cell("2026-11-29").button.click() // deselect: the month's agenda
            var painted = false
            window.window.afterNextPaint { painted = true }
            XCTAssertTrue(MainLoop.iterate(until: { painted }))
            // A frame takes milliseconds; only a machine stalled for the whole pause gets here.
            try XCTSkipIf(window.planList.isFilled, "the pause passed before the list could be scrolled")
            XCTAssertFalse(window.planList.isGrowing, "the rest waits for a pause")
            window.planList.scroller.verticalOffset = window.planList.scroller.maximumVerticalOffset
            XCTAssertTrue(window.planList.isGrowing, "a scroll towards them brings the rows at once")
            XCTAssertTrue(MainLoop.iterate(until: { self.window.planList.isFilled }))
        }
    }

    func testPagingBetweenLongAgendasLeavesNoRowOfTheOldMonth() throws {
        // More plans per month than the ~200 row widgets GTK 4.8 keeps, so paging refills
        // rows in place, off-screen ones after the frame.
        let events = (0..<500).map { index in
            let month = index < 250 ? "November" : "December"
            let day = String(format: "%02d", 1 + index % 28)
            return "BEGIN:VEVENT\nUID:page-\(index)\nDTSTART;VALUE=DATE:2026\(index < 250 ? "11" : "12")\(day)\n"
                + "SUMMARY:\(month) \(index)\nEND:VEVENT"
        }.joined(separator: "\n")
        let path = try writeCalendar("paging.ics", "BEGIN:VCALENDAR\nVERSION:2.0\n\(events)\nEND:VCALENDAR\n")
        MainActor.assumeIsolated {
            _ = openWindow([path])
            cell("2026-11-29").button.click() // deselect: the month's agenda
            XCTAssertTrue(MainLoop.iterate(until: { self.window.planList.isFilled }))
            XCTAssertTrue(window.planList.boundRowViews.contains { $0.model?.title.hasPrefix("November") == true })

            window.header.nextButton.click()
            XCTAssertEqual(title, "December 2026")
            XCTAssertEqual(window.planList.rows.count, 250)
            XCTAssertTrue(window.planList.rows.allSatisfy { $0.title.hasPrefix("December") })
            XCTAssertTrue(MainLoop.iterate(until: { self.window.planList.isFilled }),
                          "rows off screen are refilled on the following turns")
            let shown = window.planList.boundRowViews.compactMap(\.model)
            XCTAssertGreaterThan(shown.count, 6)
            XCTAssertEqual(shown.filter { !$0.title.hasPrefix("December") }.map(\.title), [],
                           "no row view still shows a plan of November")
        }
    }

    /// 120 all-day plans over November 2026, four a day: a month's agenda longer than a screen.
    private func longNovember() throws -> String {
        let events = (0..<120).map { index in
            "BEGIN:VEVENT\nUID:long-\(index)\nDTSTART;VALUE=DATE:202611\(String(format: "%02d", 1 + index % 30))\n"
                + "SUMMARY:Plan \(index)\nEND:VEVENT"
        }.joined(separator: "\n")
        return try writeCalendar("long.ics", "BEGIN:VCALENDAR\nVERSION:2.0\n\(events)\nEND:VCALENDAR\n")
    }
}
