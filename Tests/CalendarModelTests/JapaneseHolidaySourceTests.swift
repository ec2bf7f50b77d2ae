import CalendarModel
import Foundation
import XCTest

/// The built-in holiday calendar as a store sees it: all-day plans of the range asked for.
final class JapaneseHolidaySourceTests: XCTestCase {
    func testAMonthsHolidaysAreAllDayPlansNamedInTheLocalesLanguage() {
        let tokyo = gregorian("Asia/Tokyo")
        let may = DateInterval(start: day(2019, 5, 1).start(in: tokyo), end: day(2019, 6, 1).start(in: tokyo))
        let japanese = JapaneseHolidaySource(locale: Locale(identifier: "ja_JP"), timeCalendar: tokyo)
        let plans = japanese.plans(overlapping: may).sorted { $0.days(in: tokyo).lowerBound < $1.days(in: tokyo).lowerBound }
        XCTAssertEqual(plans.map(\.title), ["天皇の即位の日", "国民の休日", "憲法記念日", "みどりの日", "こどもの日", "振替休日"])
        XCTAssertEqual(plans.first?.timing, .allDay(start: day(2019, 5, 1), end: day(2019, 5, 2)))
        XCTAssertTrue(plans.allSatisfy { $0.calendarID == JapaneseHolidaySource.calendarID })
        XCTAssertEqual(japanese.calendar.name, "日本の祝日")
        XCTAssertTrue(japanese.calendar.isHoliday)
        XCTAssertTrue(japanese.calendar.isReadOnly)

        let english = JapaneseHolidaySource(locale: Locale(identifier: "en_US"), timeCalendar: tokyo)
        XCTAssertEqual(english.calendar.name, "Holidays in Japan")
        XCTAssertEqual(english.plans(overlapping: may).map(\.title).sorted().first, "Children's Day")
    }

    func testARangeOverTheNewYearTakesBothYearsAndNothingBeforeTheLaw() {
        let utc = gregorian()
        let source = JapaneseHolidaySource(japanese: true, timeCalendar: utc)
        let turn = DateInterval(start: day(2026, 12, 20).start(in: utc), end: day(2027, 1, 15).start(in: utc))
        XCTAssertEqual(source.plans(overlapping: turn).map { $0.days(in: utc).lowerBound }.sorted(),
                       [day(2027, 1, 1), day(2027, 1, 11)])
        XCTAssertEqual(source.plans(overlapping: DateInterval(start: .distantPast, end: day(1948, 7, 1).start(in: utc))), [])
        // Search sees each holiday once, by its day nearest to now.
        let entries = source.searchEntries(near: day(2027, 1, 2).start(in: utc))
        XCTAssertEqual(entries.filter { $0.plan.title == "元日" }.map { $0.plan.days(in: utc).lowerBound }, [day(2027, 1, 1)])
    }

    /// The built-in calendar stays after the files' calendars, whenever those arrive.
    func testAStoreListsItAfterTheFilesCalendars() {
        let utc = gregorian()
        let holidays = JapaneseHolidaySource(japanese: false, timeCalendar: utc)
        let store = CalendarStore(sources: [holidays], calendar: utc, today: day(2027, 1, 1), firstWeekday: 1)
        let work = StaticPlanSource(calendar: CalendarInfo(id: CalendarID("/work.ics"), name: "Work", color: "#1c71d8"),
                                    plans: [], timeCalendar: utc)
        let home = StaticPlanSource(calendar: CalendarInfo(id: CalendarID("/home.ics"), name: "Home", color: "#2ec27e"),
                                    plans: [], timeCalendar: utc)
        store.addSource(work)
        store.addSources([home, JapaneseHolidaySource(japanese: true, timeCalendar: utc)])
        XCTAssertEqual(store.calendars.map(\.name), ["Work", "Home", "日本の祝日"])
        XCTAssertEqual(store.plans(on: day(2027, 1, 1)).map(\.plan.title), ["元日"])
    }
}
