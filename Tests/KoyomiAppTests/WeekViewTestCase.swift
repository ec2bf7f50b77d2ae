import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// A window test of the week view: where its plans are, and how to reach and drag them.
class WeekViewTestCase: StyledAppTestCase, @unchecked Sendable {
    @MainActor var week: WeekView { window.week }

    /// The titles in the column of `day`, top to bottom (and left to right within a row).
    @MainActor
    func titles(on day: String) -> [String] {
        guard let index = week.state?.span.days.firstIndex(of: CalendarDay(parsing: day)!) else { return [] }
        return week.columns[index].placed.sorted { ($0.layout.top, $0.layout.lane) < ($1.layout.top, $1.layout.lane) }
            .map(\.block.titleText)
    }

    @MainActor
    func block(_ title: String, on day: String) throws -> WeekPlanBlock {
        let index = try XCTUnwrap(week.state?.span.days.firstIndex(of: CalendarDay(parsing: day)!), "\(day) is not shown")
        return try XCTUnwrap(week.columns[index].placed.first { $0.block.titleText == title }?.block,
                             "no “\(title)” on \(day)")
    }

    /// Where `widget` is drawn in the time grid: pixels from the grid's top and start edge.
    @MainActor
    func frame(_ widget: Widget) throws -> (x: Double, y: Double, width: Double, height: Double) {
        try XCTUnwrap(widget.bounds(relativeTo: week.body), "not laid out")
    }

    @MainActor
    func switchToWeek() throws {
        try pressKeys(["ctrl+2"])
        XCTAssertTrue(MainLoop.iterate(until: { self.week.root.isMapped && self.week.state != nil }))
        paintOnce()
        waitForAccessibleText()
    }

    @MainActor
    func openEditableWeek() throws {
        let path = try sampleCalendar()
        _ = openWindow([path], month: YearMonth(year: 2026, month: 11))
        controller.store.show(CalendarDay(parsing: "2026-11-18")!)
        try switchToWeek()
        week.scroller.verticalOffset = 14 * WeekView.hourHeight
        paintOnce()
    }

    /// Presses at `from` (a point in the time grid), moves there in steps as a hand would, releases.
    @MainActor
    func drag(from start: (x: Double, y: Double), by offset: (x: Double, y: Double)) throws {
        let origin = try XCTUnwrap(week.body.bounds(relativeTo: window.window))
        let surface = window.window.surfaceOffset
        let x = Int(surface.x + origin.x + start.x), y = Int(surface.y + origin.y + start.y)
        var arguments = ["xdotool", "mousemove", "\(x)", "\(y)", "mousedown", "1"]
        for step in 1...8 {
            arguments += ["sleep", "0.03", "mousemove", "\(x + Int(offset.x) * step / 8)", "\(y + Int(offset.y) * step / 8)"]
        }
        arguments += ["sleep", "0.05", "mouseup", "1"]
        XCTAssertEqual(try runTool(arguments).status, 0)
    }

}
