import CalendarModel
@testable import KoyomiApp
import XCTest

/// Which calendars an import offers, and which is chosen to begin with.
final class ImportTargetTests: XCTestCase {
    private let work = CalendarInfo(id: CalendarID("/c/work.ics"), name: "Work", color: "#e66100", isReadOnly: false)
    private let home = CalendarInfo(id: CalendarID("/c/home.ics"), name: "Home", color: "#2ec27e", isReadOnly: false)

    func testANewCalendarIsOfferedFirstUnlessOneHasTheFilesName() {
        let offered = ImportTarget.choices(fileName: "concerts.ics", calendarName: "Concerts", color: "#9141ac",
                                           writable: [work, home])
        XCTAssertEqual(offered.targets, [.new(name: "Concerts", color: "#9141ac"), .existing(work), .existing(home)])
        XCTAssertEqual(offered.chosen, 0)

        let same = ImportTarget.choices(fileName: "export.ics", calendarName: "home", color: nil, writable: [work, home])
        XCTAssertEqual(same.targets, [.existing(work), .existing(home)], "no second “Home”")
        XCTAssertEqual(same.chosen, 1, "the calendar of the file's name is chosen")
    }

    func testWithoutANameTheFilesNameIsUsed() {
        XCTAssertEqual(ImportTarget.choices(fileName: "Team Dinners.ICS", calendarName: "  ", color: nil, writable: []).targets,
                       [.new(name: "Team Dinners", color: nil)], "with no calendar of one's own, only the new one")
        XCTAssertEqual(ImportTarget.choices(fileName: "dinners.txt", calendarName: nil, color: nil, writable: []).targets,
                       [.new(name: "dinners.txt", color: nil)])
    }
}
