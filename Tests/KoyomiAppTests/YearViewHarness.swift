import CalendarModel
import Foundation
import GtkKit
@testable import KoyomiApp
import XCTest

/// The year view built on its own in a plain window, with a stand-in for the coordinator: it
/// keeps the state, moves the selection as the coordinator does for the arrows (the year
/// follows the selected day) and records what the view reported.
@MainActor
final class YearViewHarness: YearViewDelegate {
    private(set) var window: Window!
    private(set) var view: YearView!
    var state: YearViewState
    /// Slices by year, handed to the view with the state (nil: a year without one yet).
    var slices: [Int: YearSlice] = [:]
    private(set) var selected: [CalendarDay] = []
    private(set) var navigations: [CalendarNavigation] = []
    private var xWindowID = ""

    @MainActor private static let application: Application = {
        let application = Application(id: "app.koyomi.Tests.YearView", flags: [.nonUnique])
        application.register()
        return application
    }()

    init(year: Int, selection: CalendarDay?, today: CalendarDay, firstWeekday: Int = 1,
         formatter: CalendarFormatter, width: Int32, height: Int32) {
        window = Window(application: Self.application)
        state = YearViewState(year: year, firstWeekday: firstWeekday, selection: selection, today: today, slice: nil)
        view = YearView(formatter: formatter, colors: ColorClasses())
        view.delegate = self
        window.setContent(view.root)
        window.setDefaultSize(width: width, height: height)
        window.title = "Koyomi year test \(ProcessInfo.processInfo.processIdentifier)"
    }

    /// Renders the state with its year's slice, shows the window and waits until it is painted
    /// and the cells' names are sent.
    func show() {
        render()
        window.present()
        paintOnce()
        paintOnce()
        waitForAccessibleText()
    }

    func render() {
        state.slice = slices[state.year]
        view.render(state)
    }

    func paintOnce(file: StaticString = #filePath, line: UInt = #line) {
        var painted = false
        window.afterNextPaint { painted = true }
        XCTAssertTrue(MainLoop.iterate(until: { painted }), "no frame was painted", file: file, line: line)
    }

    func waitForAccessibleText(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(MainLoop.iterate(until: { !self.view.hasUnsentAccessibleText }),
                      "the cells' names were never sent", file: file, line: line)
    }

    /// Real key presses over XTEST (xdotool key names), to this window.
    func pressKeys(_ keys: [String]) throws {
        if xWindowID.isEmpty {
            let search = try runTool(["xdotool", "search", "--sync", "--onlyvisible", "--name", "^\(window.title)$"])
            xWindowID = try XCTUnwrap(search.output.split(separator: "\n").first.map(String.init))
        }
        XCTAssertEqual(try runTool(["xdotool", "windowfocus", "--sync", xWindowID]).status, 0)
        XCTAssertEqual(try runTool(["xdotool", "key", "--delay", "20"] + keys).status, 0)
        MainLoop.drain()
    }

    /// Destroys the window and checks that the view and its widgets are freed.
    func close(file: StaticString = #filePath, line: UInt = #line) {
        weak let weakView = view
        let probe = WeakObjectProbe(view.root)
        let cellProbe = WeakObjectProbe(view.months[11].cells[41].button)
        window.destroy()
        // GTK keeps a destroyed window's widgets while anything holds the window.
        window = nil
        view = nil
        MainLoop.drain()
        XCTAssertNil(weakView, "nothing keeps the year view alive", file: file, line: line)
        XCTAssertFalse(probe.isAlive, "its widgets are freed with the window", file: file, line: line)
        XCTAssertFalse(cellProbe.isAlive, "down to the last cell", file: file, line: line)
    }

    func yearView(_ view: YearView, didSelect day: CalendarDay) {
        selected.append(day)
    }

    func yearView(_ view: YearView, didNavigate navigation: CalendarNavigation) {
        navigations.append(navigation)
        let from = state.selection ?? view.focusDay ?? state.today
        switch navigation {
        case let .days(days): state.selection = from.adding(days: days)
        // A page of the year view: the same day a year on (Feb 29 to Feb 28).
        case let .pages(pages):
            state.selection = CalendarDay(year: from.year + pages, month: from.month, day: from.day)
                ?? CalendarDay(year: from.year + pages, month: from.month, day: from.day - 1)
        case .today: state.selection = state.today
        case .deselect: state.selection = nil
        }
        if let selection = state.selection { state.year = selection.year }
        render()
    }
}
