import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// Ctrl+F search over every plan of every date: typing, results, activating one.
final class SearchTests: AppTestCase {
    /// Plans far apart in time (today is 2026-11-29 in these tests), with accents and Japanese.
    private func searchCalendar() throws -> String {
        try writeCalendar("search.ics", """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Koyomi tests//EN
        X-WR-CALNAME:Life
        COLOR:#26a269
        BEGIN:VEVENT
        UID:dentist-old
        DTSTART;VALUE=DATE:20190305
        SUMMARY:Dentist
        END:VEVENT
        BEGIN:VEVENT
        UID:dentist-next
        DTSTART:20270210T080000Z
        DTEND:20270210T090000Z
        SUMMARY:Dentist check-up
        END:VEVENT
        BEGIN:VEVENT
        UID:dentist-soon
        DTSTART;VALUE=DATE:20261203
        SUMMARY:Call the DENTIST
        END:VEVENT
        BEGIN:VEVENT
        UID:coffee
        DTSTART:20300601T100000Z
        DTEND:20300601T110000Z
        SUMMARY:Coffee with Ann
        LOCATION:Café Mozart
        END:VEVENT
        BEGIN:VEVENT
        UID:kaigi
        DTSTART;VALUE=DATE:20261215
        SUMMARY:定例カイギ
        END:VEVENT
        BEGIN:VEVENT
        UID:yoga
        DTSTART:20200106T070000Z
        DTEND:20200106T080000Z
        RRULE:FREQ=WEEKLY;BYDAY=MO
        SUMMARY:Yoga
        END:VEVENT
        END:VCALENDAR
        """)
    }

    @MainActor private var resultTitles: [String] { window.searchResults.rows.map(\.title) }

    /// Types `text` into the search field as the user would, then lets GTK deliver "search-changed".
    @MainActor private func search(_ text: String) {
        window.searchEntry.text = text
        XCTAssertTrue(MainLoop.iterate(until: { self.controller.coordinator.search.results.query == text }),
                      "no search ran for \(text)")
    }

    func testTypingListsMatchesFromAnyDateNearestToTodayFirst() throws {
        let path = try searchCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path])
            XCTAssertFalse(window.searchBar.isSearchMode)
            window.header.searchButton.click()
            XCTAssertTrue(window.searchBar.isSearchMode, "the header's search button opens the bar")
            XCTAssertTrue(window.searchEntry.containsFocus, "the field takes the focus")
            XCTAssertFalse(window.planList.root.isVisible, "results replace the plan list")
            XCTAssertTrue(window.searchResults.root.isVisible)
            XCTAssertEqual(window.searchEntry.accessibleLabel, "Search plans")
            XCTAssertEqual(window.searchResults.emptyText, "Type to search the plans of every date")

            search("dentist")
            XCTAssertEqual(resultTitles, ["Call the DENTIST", "Dentist check-up", "Dentist"],
                           "case-insensitive, nearest to today first, over all dates")
            XCTAssertEqual(window.searchResults.rows.map(\.dateText),
                           ["Thu, Dec 3, 2026", "Wed, Feb 10, 2027", "Tue, Mar 5, 2019"])
            XCTAssertEqual(window.searchResults.rows.first?.accessibleLabel,
                           "Call the DENTIST, Thu, Dec 3, 2026, All day, Life")

            search("cafe")
            XCTAssertEqual(resultTitles, ["Coffee with Ann"], "accents fold, and the location counts")
            search("かいぎ")
            XCTAssertEqual(resultTitles, ["定例カイギ"], "hiragana finds katakana")
            search("yoga")
            XCTAssertEqual(resultTitles, ["Yoga"], "a repeating plan is listed once")
            XCTAssertEqual(window.searchResults.rows.first?.day, CalendarDay(year: 2026, month: 11, day: 30),
                           "by its occurrence nearest to today (Monday after Sunday the 29th)")
            XCTAssertEqual(window.searchResults.rows.first?.repeats, true)
            search("nothing like it")
            XCTAssertEqual(resultTitles, [])
            XCTAssertEqual(window.searchResults.emptyText, "No plans match the search")
        }
    }

    /// With a day selected, the results are all the panel shows: none of the day's rows
    /// stay on screen above them, however the panel settles after the bar opens.
    func testTheResultsAreAllThePanelShows() throws {
        let path = try searchCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(parsing: "2026-12"))
            cell("2026-12-03").button.click()
            XCTAssertEqual(rowTitles, ["Call the DENTIST"])
            let areaBefore = window.panelLayout.area
            window.header.searchButton.click()
            search("yoga")
            // The bar takes room from the month and panel: the panel settles again after that.
            XCTAssertTrue(MainLoop.iterate(until: { self.window.panelLayout.area != areaBefore }), "the bar took no room")
            paintOnce()
            paintOnce()
            XCTAssertFalse(window.planList.root.isVisible, "the day's list is hidden while searching")
            XCTAssertEqual(window.planList.rowViewsOnScreen.map(\.shownTexts), [], "no row of the day is on screen")
            XCTAssertTrue(window.searchResults.root.isVisible)
            XCTAssertEqual(resultTitles, ["Yoga"])

            window.closeSearch()
            paintOnce()
            XCTAssertTrue(window.planList.root.isVisible, "closing the search shows the day again")
            XCTAssertFalse(window.searchResults.root.isVisible)
            XCTAssertEqual(window.planList.rowViewsOnScreen.compactMap(\.shownTexts.first), ["Call the DENTIST"])
        }
    }

    func testActivatingAResultPagesToItsDaySelectsItAndClosesSearch() throws {
        let path = try searchCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path])
            window.openSearch()
            search("dentist check")
            XCTAssertEqual(resultTitles, ["Dentist check-up"])
            window.searchResults.activateRow(at: 0)
            XCTAssertFalse(window.searchBar.isSearchMode, "activating a result closes search")
            XCTAssertEqual(title, "February 2027")
            XCTAssertEqual(selectedCells(), ["2027-02-10"])
            XCTAssertTrue(window.planList.root.isVisible, "the plan list is back")
            XCTAssertEqual(rowTitles, ["Dentist check-up"])
            XCTAssertEqual(window.searchEntry.text, "", "the next search starts afresh")
        }
    }

    func testEnterInTheFieldActivatesTheNearestResultAndEscapeCloses() throws {
        let path = try searchCalendar()
        MainActor.assumeIsolated {
            _ = openWindow([path])
            window.openSearch()
            search("dentist")
            window.searchEntry.activate()
            XCTAssertEqual(title, "December 2026")
            XCTAssertEqual(selectedCells(), ["2026-12-03"])

            window.openSearch()
            search("yoga")
            window.closeSearch()
            XCTAssertFalse(window.searchResults.root.isVisible)
            XCTAssertEqual(title, "December 2026", "closing without choosing leaves the month alone")
        }
    }

    /// Real keys through XTEST: Ctrl+F, typing, Enter; then Ctrl+F and Escape.
    func testCtrlFTypingAndEnterWithRealKeys() throws {
        let path = try searchCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path])
            let title = "Koyomi search test \(ProcessInfo.processInfo.processIdentifier)"
            window.window.title = title
            let found = try runTool(["xdotool", "search", "--sync", "--onlyvisible", "--name", "^\(title)$"])
            let windowID = try XCTUnwrap(found.output.split(separator: "\n").first.map(String.init))
            XCTAssertEqual(try runTool(["xdotool", "windowfocus", "--sync", windowID]).status, 0)
            XCTAssertEqual(try runTool(["xdotool", "key", "--delay", "20", "ctrl+f"]).status, 0)
            XCTAssertTrue(MainLoop.iterate(until: { self.window.searchEntry.containsFocus }), "Ctrl+F focuses the field")
            XCTAssertEqual(try runTool(["xdotool", "type", "--delay", "20", "coffee"]).status, 0)
            XCTAssertTrue(MainLoop.iterate(until: { self.resultTitles == ["Coffee with Ann"] }))
            XCTAssertEqual(try runTool(["xdotool", "key", "Return"]).status, 0)
            XCTAssertTrue(MainLoop.iterate(until: { self.selectedCells() == ["2030-06-01"] }))
            XCTAssertFalse(window.searchBar.isSearchMode)
            XCTAssertEqual(self.title, "June 2030")

            XCTAssertEqual(try runTool(["xdotool", "key", "--delay", "20", "ctrl+f"]).status, 0)
            XCTAssertTrue(MainLoop.iterate(until: { self.window.searchBar.isSearchMode }))
            XCTAssertEqual(try runTool(["xdotool", "key", "Escape"]).status, 0)
            XCTAssertTrue(MainLoop.iterate(until: { !self.window.searchBar.isSearchMode }), "Escape closes search")
            XCTAssertEqual(selectedCells(), ["2030-06-01"], "Escape in the field does not clear the selection")
        }
    }

    /// A calendar large enough that the index is built on a background thread.
    func testALargeCalendarIsIndexedInTheBackgroundAndThenSearched() throws {
        var events = ""
        let count = SearchController.backgroundBuildThreshold + 500
        for i in 0..<count {
            let day = CalendarDay(year: 2020, month: 1, day: 1)!.adding(days: i % 3650)
            let date = String(format: "%04d%02d%02d", day.year, day.month, day.day)
            events += "BEGIN:VEVENT\nUID:e\(i)\nDTSTART;VALUE=DATE:\(date)\nSUMMARY:Errand \(i)\nEND:VEVENT\n"
        }
        let path = try writeCalendar("large.ics", "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Koyomi tests//EN\n"
                                     + events + "END:VCALENDAR\n")
        MainActor.assumeIsolated {
            _ = openWindow([path])
            window.searchEntry.text = "errand 4321"
            window.openSearch()
            XCTAssertEqual(window.searchResults.emptyText, "Preparing the search…", "the window stays responsive meanwhile")
            XCTAssertTrue(MainLoop.iterate(until: { self.resultTitles == ["Errand 4321"] }, timeout: 20))
            XCTAssertEqual(window.searchResults.rows.first?.day, CalendarDay(year: 2020, month: 1, day: 1)!.adding(days: 4321 % 3650))
            search("errand 55")
            XCTAssertEqual(controller.coordinator.search.results.totalCount,
                           (0..<count).filter { String($0).contains("55") }.count, "every term anywhere in the title")
        }
    }
}
