import CalendarModel
import Foundation
import XCTest

/// The one repeat-rule type in the terms people make by hand: what the editor shows and
/// writes, and what quick add hands over, on a plan starting Tuesday 2026-11-10.
final class SimpleRepeatRuleTests: XCTestCase {
    private let start = CalendarDay(year: 2026, month: 11, day: 10)!

    private func simple(_ text: String) throws -> String? {
        try RecurrenceRule(parsing: text).simplified(startingOn: start)?.text
    }

    func testWhatChangesNothingIsDropped() throws {
        XCTAssertEqual(try simple("FREQ=MONTHLY;BYMONTHDAY=10"), "FREQ=MONTHLY", "the start's own day")
        XCTAssertEqual(try simple("FREQ=YEARLY;BYMONTH=11;BYMONTHDAY=10"), "FREQ=YEARLY")
        XCTAssertEqual(try simple("FREQ=DAILY;BYDAY=FR,MO"), "FREQ=WEEKLY;BYDAY=MO,FR", "weekly, Monday first")
        XCTAssertEqual(try simple("FREQ=WEEKLY;BYDAY=TU;WKST=SU"), "FREQ=WEEKLY;BYDAY=TU", "one day: the week start says nothing")
        XCTAssertEqual(try simple("freq=weekly;interval=2;count=6;byday=th,tu"), "FREQ=WEEKLY;COUNT=6;INTERVAL=2;BYDAY=TU,TH")
    }

    func testWhatSaysMoreIsNil() throws {
        for text in ["FREQ=MONTHLY;BYDAY=2TU", "FREQ=MONTHLY;BYMONTHDAY=1,15", "FREQ=MONTHLY;BYMONTHDAY=11",
                     "FREQ=YEARLY;BYMONTH=3", "FREQ=HOURLY", "FREQ=DAILY;INTERVAL=2;BYDAY=MO",
                     "FREQ=WEEKLY;COUNT=3;UNTIL=20261201", "FREQ=WEEKLY;UNTIL=20261201T100000Z",
                     "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU;WKST=SU", "FREQ=DAILY;BYHOUR=9,17",
                     "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=DAILY;X-NAME=1"] {
            XCTAssertNil(try simple(text), text)
        }
    }

    func testEveryWeekdayIsWeeklyMondayToFriday() {
        XCTAssertEqual(RecurrenceRule.everyWeekday.text, "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        XCTAssertTrue(RecurrenceRule.simple(.weekly, weekdays: [6, 2, 3, 5, 4]).isEveryWeekday)
        XCTAssertFalse(RecurrenceRule.simple(.weekly, interval: 2, weekdays: [2, 3, 4, 5, 6]).isEveryWeekday)
    }

    func testTheFormWritesItsRuleWithTheEndAsTyped() {
        var form = PlanForm(startDateText: "2026-11-10", endDateText: "2026-11-10", timeZoneID: "UTC",
                            calendarID: CalendarID("work"), repeatRule: .simple(.weekly, weekdays: [3], count: 4))
        XCTAssertEqual(form.repeatRule, .simple(.weekly, weekdays: [3]), "the end is the end field's")
        XCTAssertEqual(form.writtenRepeatRule?.text, "FREQ=WEEKLY;BYDAY=TU", "the raw init takes the end as given: never")
        form.repeatRule = .simple(.weekly, weekdays: [3])
        form.repeatEnd = .onDate("2026-12-01")
        XCTAssertEqual(form.writtenRepeatRule?.text, "FREQ=WEEKLY;UNTIL=20261201;BYDAY=TU")
        form.repeatEnd = .afterCount(3)
        XCTAssertEqual(form.writtenRepeatRule?.text, "FREQ=WEEKLY;COUNT=3;BYDAY=TU")
        form.repeatRule = nil
        XCTAssertNil(form.writtenRepeatRule)
        XCTAssertEqual(PlanForm.RepeatEnd(.simple(.daily, until: start)), .onDate("2026-11-10"))
        XCTAssertEqual(PlanForm.RepeatEnd(.simple(.daily, count: 2)), .afterCount(2))
    }

    func testQuickAddHandsOverTheSimpleRule() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let now = Date(timeIntervalSince1970: 1_796_205_600) // 2026-12-02 10:00 UTC
        let parser = QuickAddParser(now: now, calendar: calendar, locale: Locale(identifier: "ja_JP"))
        let plan = try XCTUnwrap(parser.parse("家賃 毎月15日"))
        XCTAssertEqual(plan.repeatRule?.byMonthDay, [15], "the phrase's words")
        XCTAssertEqual(plan.simpleRepeatRule(in: calendar)?.text, "FREQ=MONTHLY", "the plan starts on the 15th")
    }
}
