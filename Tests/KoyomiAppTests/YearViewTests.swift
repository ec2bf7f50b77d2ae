import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The year view (issue 36) as a user and a screen reader meet it, built on its own in a
/// window with the app's style sheet: the twelve months, their days' names, dots and marks,
/// the keyboard across months and years, the columns at a phone's and a wide window's width,
/// the focus ring, and that it is freed with its window.
final class YearViewTests: StyledAppTestCase, @unchecked Sendable {
    private let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
    private let today = CalendarDay(year: 2026, month: 11, day: 29)!
    private let work = CalendarInfo(id: CalendarID("work"), name: "Work", color: "#1c71d8")
    private let holidays = CalendarInfo(id: CalendarID("holidays"), name: "Holidays", color: "#e01b24", isHoliday: true)

    private func day(_ text: String) -> CalendarDay { CalendarDay(parsing: text)! }

    private func allDay(_ uid: String, _ day: CalendarDay, calendar: CalendarInfo? = nil, title: String? = nil) -> Plan {
        Plan(id: .init(uid: uid), calendarID: (calendar ?? work).id, title: title ?? uid,
             timing: .allDay(start: day, end: day.adding(days: 1)))
    }

    /// 2026 with one plan on July 20, five on March 3, a holiday on January 1.
    private func slice2026() -> YearSlice {
        let plans = [allDay("one", day("2026-07-20"))] + (0..<5).map { allDay("busy\($0)", day("2026-03-03")) }
        let store = CalendarStore(sources: [
            StaticPlanSource(calendar: work, plans: plans, timeCalendar: utc),
            StaticPlanSource(calendar: holidays, plans: [allDay("ny", day("2026-01-01"), calendar: holidays, title: "New Year's Day")],
                             timeCalendar: utc),
        ], calendar: utc, today: today, firstWeekday: 1)
        return store.yearPreparation(for: 2026).build()
    }

    @MainActor
    private func harness(width: Int32 = 1000, height: Int32 = 700, selection: CalendarDay? = nil,
                         locale: String = "en_US", strings: FormatterStrings = .english) -> YearViewHarness {
        let formatter = CalendarFormatter(locale: Locale(identifier: locale), calendar: utc, strings: strings)
        let harness = YearViewHarness(year: 2026, selection: selection, today: today, formatter: formatter,
                                      width: width, height: height)
        harness.slices[2026] = slice2026()
        return harness
    }

    func testTwelveMonthsWithTheirNamesWeekdaysAndDays() {
        MainActor.assumeIsolated {
            let harness = harness()
            harness.show()
            unowned let view = harness.view!
            XCTAssertEqual(view.months.map(\.title.text).prefix(3), ["January", "February", "March"])
            XCTAssertEqual(view.months[11].title.text, "December")
            XCTAssertEqual(view.months[0].dayGrid.accessibleLabel, "January 2026", "the group says the month and year")
            XCTAssertEqual(view.months[0].weekdayTexts, ["S", "M", "T", "W", "T", "F", "S"])
            // January 2026 starts on a Thursday: four blank cells before it.
            XCTAssertEqual(view.months[0].cells.prefix(5).map(\.numberText), ["", "", "", "", "1"])
            view.months[0].cells[0].button.click()
            XCTAssertEqual(harness.selected, [], "a click on a blank cell reports nothing")
            XCTAssertFalse(view.months[0].cells[0].button.isFocusable)
            XCTAssertEqual(view.months[1].cells.filter { $0.day != nil }.count, 28)
            XCTAssertTrue(view.cell(for: day("2026-11-29"))!.button.hasCSSClass("today"))
            harness.close()
        }
    }

    func testCellsNameTheirDateAndPlanCount() {
        MainActor.assumeIsolated {
            let harness = harness()
            harness.show()
            unowned let view = harness.view!
            XCTAssertEqual(view.cell(for: day("2026-07-20"))?.button.accessibleLabel, "Monday, July 20, 2026: 1 plan")
            XCTAssertEqual(view.cell(for: day("2026-03-03"))?.button.accessibleLabel, "Tuesday, March 3, 2026: 5 plans")
            XCTAssertEqual(view.cell(for: day("2026-07-21"))?.button.accessibleLabel, "Tuesday, July 21, 2026: no plans")
            XCTAssertEqual(view.cell(for: day("2026-11-29"))?.button.accessibleDescription, "today")
            XCTAssertEqual(view.cell(for: day("2026-01-01"))?.button.accessibleDescription, "New Year's Day",
                           "the holiday is read after the date")
            XCTAssertNil(view.months[0].cells[0].button.accessibleLabel, "a blank cell has nothing to say")
            harness.close()
        }
    }

    func testCellsTakeTheNamesTheSliceWasBuiltWith() {
        MainActor.assumeIsolated {
            let harness = harness()
            let namer = CalendarFormatter(locale: Locale(identifier: "en_US"), calendar: utc,
                                          strings: FormatterStrings(dayWithPlanCount: "%1$@: %2$@"))
            let store = CalendarStore(sources: [StaticPlanSource(calendar: work, plans: [allDay("one", day("2026-07-20"))], timeCalendar: utc)],
                                      calendar: utc, today: today, firstWeekday: 1)
            harness.slices[2026] = store.yearPreparation(for: 2026).naming(like: namer).build()
            harness.show()
            unowned let view = harness.view!
            XCTAssertEqual(view.cell(for: day("2026-07-20"))?.button.accessibleLabel, "Monday, July 20, 2026: 1 plan",
                           "formatted where the slice was built, not again here")
            harness.close()
        }
    }

    func testDotsAtMostThreeWithMoreAndHolidaysMarked() {
        MainActor.assumeIsolated {
            let harness = harness()
            harness.show()
            unowned let view = harness.view!
            let busy = view.cell(for: day("2026-03-03"))!
            XCTAssertEqual(busy.visibleDotClasses, Array(repeating: "koyomi-color-1c71d8", count: 3), "three dots in the calendar's colour")
            XCTAssertTrue(busy.showsMore, "and the mark of more")
            let one = view.cell(for: day("2026-07-20"))!
            XCTAssertEqual(one.visibleDotClasses.count, 1)
            XCTAssertFalse(one.showsMore)
            XCTAssertTrue(view.cell(for: day("2026-01-01"))!.isHoliday)
            XCTAssertTrue(view.cell(for: day("2026-01-01"))!.visibleDotClasses.isEmpty, "a holiday is a mark, not a dot")
            XCTAssertFalse(view.cell(for: day("2026-01-02"))!.isHoliday)

            // Paged to a year whose slice is still being built: the days come without dots,
            // named by their date alone (their plans are not known yet).
            harness.state.year = 2027
            harness.render()
            XCTAssertTrue(view.cells.allSatisfy { $0.visibleDotClasses.isEmpty && !$0.isHoliday })
            harness.waitForAccessibleText()
            XCTAssertEqual(view.cell(for: day("2027-07-20"))?.button.accessibleLabel, "Tuesday, July 20, 2027")
            XCTAssertEqual(view.months[0].cells.prefix(6).map(\.numberText), ["", "", "", "", "", "1"], "Jan 1 2027 is a Friday")
            // A slice of another year is never drawn on this one.
            harness.slices[2027] = harness.slices[2026]
            harness.render()
            XCTAssertTrue(view.cells.allSatisfy { $0.visibleDotClasses.isEmpty })
            harness.state.year = 2026
            harness.render()
            XCTAssertEqual(view.cell(for: day("2026-03-03"))!.visibleDotClasses.count, 3, "back with its dots")
            harness.close()
        }
    }

    func testArrowsMoveAcrossMonthsAndYearsAndEnterReportsTheDay() throws {
        try MainActor.assumeIsolated {
            let harness = harness(selection: day("2026-01-31"))
            harness.show()
            unowned let view = harness.view!
            view.focusBestCell()
            XCTAssertTrue(view.cell(for: day("2026-01-31"))!.button.hasFocus)
            try harness.pressKeys(["Right"])
            XCTAssertEqual(harness.navigations, [.days(1)])
            XCTAssertTrue(MainLoop.iterate(until: { view.cell(for: self.day("2026-02-01"))!.button.hasFocus }),
                          "the focus went on into February with the selection")
            XCTAssertTrue(view.cell(for: day("2026-02-01"))!.button.hasCSSClass("selected"))
            try harness.pressKeys(["Down", "Left", "Up"])
            XCTAssertEqual(harness.navigations, [.days(1), .days(7), .days(-1), .days(-7)])
            XCTAssertTrue(view.cell(for: day("2026-01-31"))!.button.hasFocus, "a week back from Feb 7 is Jan 31")

            harness.state.selection = day("2026-12-31")
            harness.render()
            XCTAssertTrue(view.cell(for: day("2026-12-31"))!.button.hasFocus, "the focus follows the selection")
            try harness.pressKeys(["Right"])
            XCTAssertEqual(harness.navigations.last, .days(1), "past December 31 the view asks for the next day")
            XCTAssertEqual(view.state?.year, 2027, "which the coordinator shows in the next year")
            XCTAssertEqual(view.months[0].dayGrid.accessibleLabel, "January 2027")
            XCTAssertTrue(view.cell(for: day("2027-01-01"))!.button.hasFocus)
            try harness.pressKeys(["Page_Up"])
            XCTAssertEqual(harness.navigations.last, .pages(-1), "Page Up: a page back, a year in this view")
            XCTAssertEqual(view.state?.year, 2026)
            try harness.pressKeys(["Home"])
            XCTAssertEqual(harness.navigations.last, .today)

            try harness.pressKeys(["Return"])
            XCTAssertEqual(harness.selected, [today], "Enter reports the focused day")
            view.cell(for: day("2026-07-20"))!.button.click()
            XCTAssertEqual(harness.selected.last, day("2026-07-20"), "so does a click")
            harness.close()
        }
    }

    func testRightToLeftMirrorsTheArrowsAndTheMonths() throws {
        try MainActor.assumeIsolated {
            GtkRuntime.isRightToLeftByDefault = true
            defer { GtkRuntime.isRightToLeftByDefault = false }
            let harness = harness(selection: day("2026-01-31"))
            harness.show()
            unowned let view = harness.view!
            let january = try XCTUnwrap(view.months[0].root.bounds(relativeTo: harness.window))
            let february = try XCTUnwrap(view.months[1].root.bounds(relativeTo: harness.window))
            XCTAssertGreaterThan(january.x, february.x, "January is on the right, February to its left")
            view.focusBestCell()
            try harness.pressKeys(["Left"])
            XCTAssertEqual(harness.navigations, [.days(1)], "Left goes on to the next day")
            XCTAssertTrue(MainLoop.iterate(until: { view.cell(for: self.day("2026-02-01"))!.button.hasFocus }))
            try harness.pressKeys(["Right"])
            XCTAssertEqual(harness.navigations.last, .days(-1))
            harness.close()
        }
    }

    func testOneTabStopOnTheSelectedDayElseTodayElseJanuaryFirst() {
        MainActor.assumeIsolated {
            let harness = harness(selection: day("2026-05-05"))
            harness.show()
            unowned let view = harness.view!
            XCTAssertEqual(view.cells.filter(\.button.isFocusable).compactMap(\.day), [day("2026-05-05")])
            harness.state.selection = nil
            harness.render()
            XCTAssertEqual(view.cells.filter(\.button.isFocusable).compactMap(\.day), [today])
            harness.state.year = 2030
            harness.render()
            XCTAssertEqual(view.cells.filter(\.button.isFocusable).compactMap(\.day), [day("2030-01-01")])
            harness.close()
        }
    }

    /// The months' places as laid out, relative to the window.
    @MainActor
    private func monthFrames(_ harness: YearViewHarness) -> [(x: Double, y: Double, width: Double, height: Double)] {
        harness.view.months.compactMap { $0.root.bounds(relativeTo: harness.view.scroller) }
    }

    @MainActor
    private func assertLaidOut(_ harness: YearViewHarness, columns: Int, width: Double,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(harness.view.columnCount, columns, file: file, line: line)
        let frames = monthFrames(harness)
        XCTAssertEqual(frames.count, 12, file: file, line: line)
        XCTAssertEqual(Set(frames.map { Int($0.x) }).count, columns, "\(columns) months side by side", file: file, line: line)
        for (index, frame) in frames.enumerated() {
            XCTAssertGreaterThanOrEqual(frame.x, 0, "month \(index + 1) starts inside the window", file: file, line: line)
            XCTAssertLessThanOrEqual(frame.x + frame.width, width, "month \(index + 1) ends inside the window", file: file, line: line)
            XCTAssertGreaterThan(frame.width, 150, file: file, line: line)
            for other in frames[(index + 1)...] {
                let apart = frame.x + frame.width <= other.x || other.x + other.width <= frame.x
                    || frame.y + frame.height <= other.y || other.y + other.height <= frame.y
                XCTAssertTrue(apart, "months never overlap", file: file, line: line)
            }
        }
        // January to December, row by row.
        let order = frames.indices.sorted { (frames[$0].y, frames[$0].x) < (frames[$1].y, frames[$1].x) }
        XCTAssertEqual(order, Array(0..<12), file: file, line: line)
        // Every day's cell wide enough for its number and three dots with "+".
        let cell = harness.view.months[0].cells[10]
        XCTAssertGreaterThanOrEqual(cell.button.allocatedWidth, 20, file: file, line: line)
    }

    func testTwoColumnsOnAPhoneFourWide() {
        MainActor.assumeIsolated {
            let phone = harness(width: 360, height: 640)
            phone.show()
            phone.paintOnce()
            assertLaidOut(phone, columns: 2, width: 360)
            XCTAssertLessThanOrEqual(phone.window.allocatedWidth, 360, "the months never widen the window")
            XCTAssertGreaterThan(phone.view.scroller.maximumVerticalOffset, 0, "six rows of months scroll")
            phone.close()

            let wide = harness(width: 1600, height: 900)
            wide.show()
            wide.paintOnce()
            assertLaidOut(wide, columns: 4, width: 1600)
            wide.close()

            XCTAssertEqual(YearColumns.count(forWidth: 360), 2)
            XCTAssertEqual(YearColumns.count(forWidth: 700), 3)
            XCTAssertEqual(YearColumns.count(forWidth: 1000), 4)
        }
    }

    func testTheFocusedDayIsScrolledIntoViewWithItsRingPainted() throws {
        try MainActor.assumeIsolated {
            let harness = harness(width: 360, height: 640, selection: day("2026-12-15"))
            harness.show()
            unowned let view = harness.view!
            view.focusBestCell()
            harness.paintOnce()
            let december15 = view.cell(for: day("2026-12-15"))!.button
            XCTAssertTrue(december15.hasFocus)
            let frame = try XCTUnwrap(december15.bounds(relativeTo: view.scroller))
            XCTAssertGreaterThanOrEqual(frame.y, 0, "scrolled down to December")
            XCTAssertLessThanOrEqual(frame.y + frame.height, Double(view.scroller.allocatedHeight))
            XCTAssertTrue(MainLoop.iterate(until: { self.ringPainted(on: december15, in: harness) }, timeout: 5),
                          "the focused day's ring is painted, though no key was pressed yet")
            XCTAssertFalse(ringPainted(on: view.cell(for: day("2026-12-16"))!.button, in: harness), "and only there")

            view.cell(for: day("2026-12-16"))!.button.grabFocus()
            harness.state.selection = day("2026-01-02")
            harness.render()
            harness.paintOnce()
            let january2 = try XCTUnwrap(view.cell(for: day("2026-01-02"))?.button.bounds(relativeTo: view.scroller))
            XCTAssertGreaterThanOrEqual(january2.y, 0, "the focus followed the selection back up to January, in view")
            XCTAssertLessThanOrEqual(january2.y + january2.height, Double(view.scroller.allocatedHeight))
            harness.close()
        }
    }

    func testAYearFocusedBeforeItIsShownOpensScrolledToTheDay() throws {
        try MainActor.assumeIsolated {
            let harness = harness(width: 360, height: 640, selection: day("2026-11-20"))
            harness.render()
            harness.view.focusBestCell()
            harness.show()
            unowned let view = harness.view!
            let november20 = view.cell(for: day("2026-11-20"))!.button
            XCTAssertTrue(november20.hasFocus)
            XCTAssertEqual(view.columnCount, 2)
            XCTAssertTrue(MainLoop.iterate(until: {
                guard let frame = november20.bounds(relativeTo: view.scroller) else { return false }
                return frame.y >= 0 && frame.y + frame.height <= Double(view.scroller.allocatedHeight)
            }), "once laid out in two columns, the view is scrolled down to the focused day")
            harness.close()
        }
    }

    /// Accent-blue pixels down the cell's left and right edges (the ring), clear of the day
    /// number's circle in the middle.
    @MainActor
    private func ringPainted(on cell: Widget, in harness: YearViewHarness) -> Bool {
        harness.paintOnce()
        guard let image = harness.window.render(), let frame = cell.bounds(relativeTo: harness.window) else { return false }
        var blue = 0
        for y in stride(from: Int(frame.y) + 3, to: Int(frame.y + frame.height) - 3, by: 1) {
            for x in [Int(frame.x), Int(frame.x) + 1, Int(frame.x + frame.width) - 2, Int(frame.x + frame.width) - 1] {
                guard let pixel = image.pixel(x: x, y: y) else { continue }
                if pixel.blue - pixel.red > 0.2, pixel.blue > 0.6 { blue += 1 }
            }
        }
        return blue > 10
    }

    func testPagingAYearRestylesTheCellsInPlace() {
        MainActor.assumeIsolated {
            let harness = harness()
            let store = CalendarStore(sources: [StaticPlanSource(calendar: work, plans: (0..<3000).map {
                allDay("p\($0)", day("2025-01-01").adding(days: $0 % 1500))
            }, timeCalendar: utc)], calendar: utc, today: today, firstWeekday: 1)
            for year in 2025...2029 { harness.slices[year] = store.yearPreparation(for: year).build() }
            harness.show()
            unowned let view = harness.view!
            let buttons = view.cells.map { ObjectIdentifier($0.button) }
            var times: [Double] = []
            for year in [2027, 2028, 2025, 2029, 2026, 2027, 2028, 2025] {
                harness.state.year = year
                harness.state.slice = harness.slices[year]
                let start = MainLoop.monotonicSeconds
                view.render(harness.state)
                times.append((MainLoop.monotonicSeconds - start) * 1000)
                harness.paintOnce()
            }
            XCTAssertEqual(view.cells.map { ObjectIdentifier($0.button) }, buttons, "the same 504 cells")
            XCTAssertEqual(view.cell(for: day("2025-01-01"))?.visibleDotClasses.count, 2)
            print("year view render, ms per page:", times.map { String(format: "%.2f", $0) }.joined(separator: " "))
            harness.close()
        }
    }
}
