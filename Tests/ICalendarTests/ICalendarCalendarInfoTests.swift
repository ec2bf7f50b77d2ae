import CalendarModel
import ICalendarReading
import XCTest

final class ICalendarCalendarInfoTests: XCTestCase {
    private func info(_ header: String, sourceName: String = "/home/me/cal/personal.ics") throws -> CalendarInfo {
        let text = "BEGIN:VCALENDAR\nVERSION:2.0\n\(header)\nEND:VCALENDAR\n"
        let options = ICalendarLoadOptions(id: CalendarID("c1"), fallbackColor: "#3584e4",
                                           timeZone: TestSupport.utc, isReadOnly: false, scheduler: TestSupport.scheduler)
        return try ICalendarFile(text: text, sourceName: sourceName, options: options).calendar
    }

    func testNameAndColourFromTheFile() throws {
        let calendar = try TestSupport.load("basics.ics").calendar
        XCTAssertEqual(calendar.name, "Basics")
        XCTAssertEqual(calendar.color, "#1c71d8")
        XCTAssertEqual(calendar.id, CalendarID("test"))
        XCTAssertFalse(calendar.isHoliday)
        XCTAssertTrue(calendar.isReadOnly)
    }

    func testFallbacksUseTheFileNameAndOptions() throws {
        let calendar = try info("PRODID:-//x//y//EN")
        XCTAssertEqual(calendar.name, "personal")
        XCTAssertEqual(calendar.color, "#3584e4")
        XCTAssertFalse(calendar.isReadOnly)
        XCTAssertEqual(try info("PRODID:x", sourceName: "Team.ICS").name, "Team")
    }

    func testAppleColourLosesItsAlpha() throws {
        XCTAssertEqual(try info("X-APPLE-CALENDAR-COLOR:#FF2968FF").color, "#FF2968")
        XCTAssertEqual(try info("X-APPLE-CALENDAR-COLOR:#FF2968").color, "#FF2968")
        XCTAssertEqual(try info("COLOR:turquoise\nX-APPLE-CALENDAR-COLOR:#FF2968FF").color, "turquoise")
    }

    func testHolidayDetection() throws {
        XCTAssertTrue(try info("X-WR-CALNAME:German Holidays").isHoliday)
        XCTAssertTrue(try info("X-WR-CALNAME:日本の祝日").isHoliday)
        XCTAssertTrue(try info("PRODID:x", sourceName: "/tmp/us-holidays.ics").isHoliday)
        XCTAssertTrue(try info("X-WR-CALNAME:Days off\nX-KOYOMI-KIND:holidays").isHoliday)
        XCTAssertFalse(try info("X-WR-CALNAME:Work").isHoliday)
    }

    func testCalendarNameIsUnescaped() throws {
        XCTAssertEqual(try info("X-WR-CALNAME:Home\\, garden").name, "Home, garden")
    }
}
