import CalendarModel
import Foundation
@testable import ICalendarReading
import XCTest

/// What an iCalendar file hands to search: every event once, series by their nearest occurrence.
final class ICalendarSearchEntriesTests: XCTestCase {
    private let text = """
    BEGIN:VCALENDAR
    VERSION:2.0
    PRODID:-//Koyomi tests//EN
    BEGIN:VEVENT
    UID:single
    DTSTART;VALUE=DATE:20150301
    SUMMARY:Old single
    LOCATION:Café
    END:VEVENT
    BEGIN:VEVENT
    UID:weekly
    DTSTART:20200106T070000Z
    DTEND:20200106T080000Z
    RRULE:FREQ=WEEKLY;BYDAY=MO
    EXDATE:20261130T070000Z
    SUMMARY:Yoga
    END:VEVENT
    BEGIN:VEVENT
    UID:weekly
    RECURRENCE-ID:20261207T070000Z
    DTSTART:20261207T090000Z
    DTEND:20261207T100000Z
    SUMMARY:Yoga (moved)
    END:VEVENT
    BEGIN:VEVENT
    UID:ended
    DTSTART;VALUE=DATE:20100101
    RRULE:FREQ=YEARLY;COUNT=3
    SUMMARY:Ended series
    END:VEVENT
    BEGIN:VEVENT
    UID:future
    DTSTART;VALUE=DATE:20400615
    RRULE:FREQ=MONTHLY
    SUMMARY:Future series
    END:VEVENT
    END:VCALENDAR
    """

    private func entries() throws -> [String: SearchablePlan] {
        let file = try ICalendarFile(text: text, sourceName: "search.ics", options: TestSupport.options())
        let near = TestSupport.date("2026-11-29 12:00")
        let list = file.searchEntries(near: near)
        XCTAssertEqual(list.count, 5, "one entry per single event, override and series")
        return Dictionary(list.map { ($0.plan.title, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func testEverySingleEventAndOverrideIsListedAsItIs() throws {
        let byTitle = try entries()
        XCTAssertEqual(byTitle["Old single"]?.plan.location, "Café")
        XCTAssertEqual(byTitle["Old single"]?.repeats, false)
        XCTAssertEqual(byTitle["Yoga (moved)"]?.plan.timing,
                       .timed(start: TestSupport.date("2026-12-07 09:00"), end: TestSupport.date("2026-12-07 10:00")))
    }

    func testASeriesIsShownByItsOccurrenceNearestToTheDate() throws {
        let byTitle = try entries()
        // Sunday Nov 29: Monday the 30th is excluded, Dec 7 is overridden, so Nov 23 is nearest.
        XCTAssertEqual(byTitle["Yoga"]?.plan.timing,
                       .timed(start: TestSupport.date("2026-11-23 07:00"), end: TestSupport.date("2026-11-23 08:00")))
        XCTAssertEqual(byTitle["Yoga"]?.repeats, true)
        let ended = try XCTUnwrap(byTitle["Ended series"])
        XCTAssertEqual(ended.plan.timing, .allDay(start: CalendarDay(year: 2012, month: 1, day: 1)!,
                                                  end: CalendarDay(year: 2012, month: 1, day: 2)!),
                       "a finished series by its last occurrence")
        let future = try XCTUnwrap(byTitle["Future series"])
        XCTAssertEqual(future.plan.timing, .allDay(start: CalendarDay(year: 2040, month: 6, day: 15)!,
                                                   end: CalendarDay(year: 2040, month: 6, day: 16)!),
                       "a series that has not begun by its first occurrence")
    }
}
