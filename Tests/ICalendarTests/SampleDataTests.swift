import CalendarModel
import Foundation
import ICalendarReading
import XCTest

/// The calendars shipped in data/ must load cleanly and fill any month.
final class SampleDataTests: XCTestCase {
    private static let dataFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("data")

    private func load(_ name: String) throws -> ICalendarFile {
        try ICalendarFile.load(path: Self.dataFolder.appendingPathComponent(name).path,
                               options: TestSupport.options(TestSupport.berlin, id: name))
    }

    func testSamplesLoadWithoutWarnings() throws {
        let expected = [("personal.ics", "Personal", false), ("work.ics", "Work", false), ("holidays.ics", "Holidays", true)]
        for (name, title, isHoliday) in expected {
            let file = try load(name)
            XCTAssertEqual(file.warnings, [], name)
            XCTAssertEqual(file.calendar.name, title)
            XCTAssertEqual(file.calendar.isHoliday, isHoliday, name)
            XCTAssertTrue(file.calendar.color.hasPrefix("#"), name)
            XCTAssertGreaterThan(file.eventCount, 5, name)
            XCTAssertLessThanOrEqual(file.eventCount, 40, name)
        }
    }

    func testNovemberAndDecember2026AreRich() throws {
        let files = try ["personal.ics", "work.ics", "holidays.ics"].map(load)
        for (from, to) in [("2026-11-01", "2026-12-01"), ("2026-12-01", "2027-01-01")] {
            let plans = files.flatMap { $0.plans(overlapping: TestSupport.days(from, to, zone: TestSupport.berlin)) }
            XCTAssertGreaterThanOrEqual(plans.count, 15, from)
            XCTAssertTrue(plans.contains { !$0.isAllDay } && plans.contains { $0.isAllDay }, from)
        }
    }

    func testEveryMonthOfOtherYearsHasPlansAndHolidaysAppearEachYear() throws {
        let personal = try load("personal.ics"), work = try load("work.ics"), holidays = try load("holidays.ics")
        for year in [2019, 2026, 2031, 2045] {
            var holidayCount = 0
            for month in 1...12 {
                let start = YearMonth(year: year, month: month)!
                let interval = TestSupport.days(start.firstDay.description, start.next.firstDay.description,
                                                zone: TestSupport.berlin)
                let count = personal.plans(overlapping: interval).count + work.plans(overlapping: interval).count
                XCTAssertGreaterThanOrEqual(count, 3, "\(start)")
                holidayCount += holidays.plans(overlapping: interval).count
            }
            XCTAssertGreaterThanOrEqual(holidayCount, 4, "\(year)")
        }
    }

    func testTheWeeklyTeamMeetingHasAnExceptionAndAMovedOccurrence() throws {
        let work = try load("work.ics")
        let november = work.plans(overlapping: TestSupport.days("2026-11-01", "2026-12-01", zone: TestSupport.berlin))
        let team = november.filter { $0.id.uid == "team-meeting@koyomi.example" }
        // Mondays 2, 9, 16, 23, 30 November; the 2nd is excluded and the 16th moved to the 17th.
        XCTAssertEqual(team.compactMap(\.id.occurrence).sorted(),
                       ["20261109T090000Z", "20261116T090000Z", "20261123T090000Z", "20261130T090000Z"])
        let moved = try XCTUnwrap(team.first { $0.id.occurrence == "20261116T090000Z" })
        XCTAssertEqual(moved.timing, .timed(start: TestSupport.date("2026-11-17 13:00"),
                                            end: TestSupport.date("2026-11-17 14:00")))
    }
}
