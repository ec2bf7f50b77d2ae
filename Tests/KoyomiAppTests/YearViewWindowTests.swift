import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The year view in the window (issue 36): Ctrl+4, its title and paging by year, a chosen day
/// shown in the month, its dots following plans changed while it was hidden, the day colours,
/// and the view coming back at the next start.
final class YearViewWindowTests: StyledAppTestCase, @unchecked Sendable {
    @MainActor private var year: YearPage { window.year }

    @MainActor
    private func cell(_ day: String) -> YearDayCell? {
        year.view?.cell(for: CalendarDay(parsing: day)!)
    }

    @MainActor
    private func switchToYear() throws {
        try pressKeys(["ctrl+4"])
        XCTAssertTrue(MainLoop.iterate(until: { self.year.rootWidget.isMapped && self.year.view?.state != nil }))
        paintOnce()
    }

    /// Waits until `day`'s cell is named with its plan count (its year's slice has come).
    @MainActor
    private func waitForName(_ day: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(MainLoop.iterate(until: { self.cell(day)?.button.accessibleLabel == name }),
                      "\(day) is named “\(cell(day)?.button.accessibleLabel ?? "nothing")”", file: file, line: line)
    }

    func testCtrl4ShowsTheYearPagesByYearAndAChosenDayOpensInTheMonth() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            XCTAssertNil(year.view, "the year's cells are made when it is first shown, not at start")
            controller.store.show(CalendarDay(parsing: "2026-11-18")!)
            try switchToYear()
            XCTAssertFalse(window.grid.root.isMapped, "the month grid makes room")
            XCTAssertEqual(title, "2026")
            XCTAssertTrue(window.header.viewButton(.year).isActive)
            XCTAssertEqual(window.header.previousButton.accessibleLabel, "Previous year")
            waitForName("2026-11-18", "Wednesday, November 18, 2026: 5 plans")
            XCTAssertEqual(cell("2026-11-18")?.visibleDotClasses.count, 3, "three dots for five plans")
            XCTAssertTrue(cell("2026-11-18")?.showsMore ?? false, "and the mark of more")
            XCTAssertTrue(cell("2026-11-26")?.isHoliday ?? false, "Thanksgiving is marked")

            window.header.nextButton.click()
            XCTAssertEqual(title, "2027")
            XCTAssertEqual(controller.store.selection?.description, "2027-11-18", "the same day, a year on")
            try pressKeys(["Page_Up"])
            XCTAssertTrue(MainLoop.iterate(until: { self.title == "2026" }), title)

            try XCTUnwrap(cell("2026-11-10")).button.click()
            XCTAssertTrue(MainLoop.iterate(until: { self.window.grid.root.isMapped }), "a chosen day opens in the month")
            XCTAssertEqual(title, "November 2026")
            XCTAssertEqual(selectedCells(), ["2026-11-10"])
            XCTAssertEqual(rowTitles, ["Trip to Kyoto"])

            weak var yearView = year.view
            closeWindow()
            XCTAssertNil(yearView, "the year view is freed with the window")
        }
    }

    func testPlansChangedWhileTheYearWasHiddenShowWhenItReturns() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            controller.store.show(CalendarDay(parsing: "2026-11-18")!)
            try switchToYear()
            waitForName("2026-11-18", "Wednesday, November 18, 2026: 5 plans")
            try pressKeys(["ctrl+1"])
            XCTAssertTrue(MainLoop.iterate(until: { self.window.grid.root.isMapped }))
            let work = try XCTUnwrap(fileCalendars.first).id
            controller.store.setCalendar(work, visible: false)
            try switchToYear()
            waitForName("2026-11-18", "Wednesday, November 18, 2026: no plans")
            XCTAssertEqual(cell("2026-11-18")?.visibleDotClasses, [], "the hidden calendar's dots went")
        }
    }

    func testTheYearViewComesBackAfterARestart() throws {
        let path = try sampleCalendar()
        try MainActor.assumeIsolated {
            _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
            controller.store.show(CalendarDay(parsing: "2027-03-04")!)
            try switchToYear()
            controller.rememberWindowState()
            closeWindow()
            _ = openWindow([path])
            XCTAssertTrue(MainLoop.iterate(until: { self.year.rootWidget.isMapped }), "the year view again")
            XCTAssertEqual(title, "2027", "on the year left")
        }
    }
}
