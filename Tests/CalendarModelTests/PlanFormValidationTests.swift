import CalendarModel
import Foundation
import XCTest

/// Every rule of `PlanForm.validate`, with the message the editor shows under the field.
final class PlanFormValidationTests: XCTestCase {
    /// A 24-hour locale: these cases are about days, times and lengths, written as "09:00";
    /// the 12-hour clock has its own test (`testTimesAreWrittenOnTheLocalesClock`).
    let utc = gregorian("UTC", locale: "en_GB")

    func valid() -> PlanForm {
        PlanForm(title: "Lunch", startDateText: "2026-11-29", endDateText: "2026-11-29",
                 startTimeText: "12:00", endTimeText: "13:00", timeZoneID: "UTC", calendarID: workID)
    }

    func errors(_ change: (inout PlanForm) -> Void) -> [PlanForm.Field: String] {
        var form = valid()
        change(&form)
        return form.validate(calendar: utc)
    }

    func testAValidFormHasNoErrors() {
        XCTAssertEqual(valid().validate(calendar: utc), [:])
        XCTAssertTrue(valid().isValid(calendar: utc))
    }

    func testEmptyTitle() {
        XCTAssertEqual(errors { $0.title = "" }, [.title: "Enter a title"])
        XCTAssertEqual(errors { $0.title = "  \n" }, [.title: "Enter a title"], "spaces alone are no title")
        var form = valid()
        form.title = ""
        XCTAssertFalse(form.isValid(calendar: utc))
    }

    func testImpossibleDate() {
        XCTAssertEqual(errors { $0.startDateText = "2026-02-30"; $0.endDateText = "2026-03-01" },
                       [.startDate: "February 2026 has 28 days"], "a day the month lacks is said so")
        XCTAssertEqual(errors { $0.endDateText = "2028-02-30" }, [.endDate: "February 2028 has 29 days"])
        XCTAssertEqual(errors { $0.endDateText = "2026-11-00" }, [.endDate: "November 2026 has 30 days"])
        XCTAssertEqual(errors { $0.endDateText = "2026-13-01" },
                       [.endDate: "“2026-13-01” is not a date; use YYYY-MM-DD"])
        XCTAssertEqual(errors { $0.endDateText = "29/11/2026" },
                       [.endDate: "“29/11/2026” is not a date; use YYYY-MM-DD"])
        XCTAssertEqual(errors { $0.startDateText = " " }, [.startDate: "Enter a date as YYYY-MM-DD"])
    }

    func testImpossibleTime() {
        XCTAssertEqual(errors { $0.startTimeText = "25:61" },
                       [.startTime: "“25:61” is not a time of day; write it like 21:30"])
        XCTAssertEqual(errors { $0.endTimeText = "" }, [.endTime: "Enter a time, such as 21:30"])
    }

    func testTimesOfAnAllDayPlanAreNotChecked() {
        XCTAssertEqual(errors { $0.isAllDay = true; $0.startTimeText = "25:61"; $0.timeZoneID = "Nowhere/City" }, [:])
    }

    func testUnknownTimeZone() {
        XCTAssertEqual(errors { $0.timeZoneID = "Mars/Olympus" }, [.timeZone: "Unknown time zone “Mars/Olympus”"])
    }

    func testTimedEndBeforeStart() {
        XCTAssertEqual(errors { $0.endTimeText = "11:59" }, [.endTime: "The plan ends before it starts"])
        XCTAssertEqual(errors { $0.endDateText = "2026-11-28"; $0.endTimeText = "23:00" },
                       [.endDate: "The plan ends before it starts"], "an earlier end day is the day's fault")
        XCTAssertEqual(errors { $0.endDateText = "2026-11-30"; $0.endTimeText = "01:00" }, [:],
                       "an earlier time on a later day is fine")
    }

    func testEndBeforeStartIsJudgedByInstantsInTheFormsZone() {
        // Berlin, 2026-03-29: clocks jump from 02:00 CET to 03:00 CEST, so the wall time 02:30
        // does not exist and means 03:30 CEST: a plan "02:30–03:10" would end before it starts,
        // although 03:10 reads later than 02:30.
        let gapDay: (inout PlanForm) -> Void = {
            $0.timeZoneID = "Europe/Berlin"
            $0.startDateText = "2026-03-29"
            $0.endDateText = "2026-03-29"
        }
        XCTAssertEqual(errors { gapDay(&$0); $0.startTimeText = "02:30"; $0.endTimeText = "03:10" },
                       [.endTime: "The plan ends before it starts"])
        XCTAssertEqual(errors { gapDay(&$0); $0.startTimeText = "01:30"; $0.endTimeText = "03:10" }, [:])
        // The same wall times in UTC are fine.
        XCTAssertEqual(errors { $0.startTimeText = "02:30"; $0.endTimeText = "03:10" }, [:])
    }

    func testAllDayLastDayBeforeFirstDay() {
        XCTAssertEqual(errors { $0.isAllDay = true; $0.endDateText = "2026-11-28" },
                       [.endDate: "The last day is before the first day"])
        XCTAssertEqual(errors { $0.isAllDay = true; $0.startTimeText = "13:00"; $0.endTimeText = "12:00" }, [:],
                       "one day, whatever the hidden times say")
    }

    func testWeeklyNeedsADay() {
        XCTAssertEqual(errors { $0.repeatRule = .simple(.weekly) }, [.repeatRule: "Choose at least one day of the week"])
        XCTAssertEqual(errors { $0.repeatRule = .simple(.weekly, weekdays: [1, 7]) }, [:])
    }

    func testRepeatEndDate() {
        XCTAssertEqual(errors { $0.repeatRule = .simple(.daily); $0.repeatEnd = .onDate("2026-11-28") },
                       [.repeatEnd: "The repetition ends before the plan starts"])
        XCTAssertEqual(errors { $0.repeatRule = .simple(.daily); $0.repeatEnd = .onDate("2026-11-29") }, [:], "the start day itself is fine")
        XCTAssertEqual(errors { $0.repeatRule = .simple(.monthly); $0.repeatEnd = .onDate("2026-02-29") },
                       [.repeatEnd: "February 2026 has 28 days"])
        XCTAssertEqual(errors { $0.repeatRule = .simple(.monthly); $0.repeatEnd = .onDate("2026-2-3") },
                       [.repeatEnd: "“2026-2-3” is not a date; use YYYY-MM-DD"])
    }

    func testRepeatCount() {
        XCTAssertEqual(errors { $0.repeatRule = .everyWeekday; $0.repeatEnd = .afterCount(0) },
                       [.repeatEnd: "Repeat at least once"])
        XCTAssertEqual(errors { $0.repeatRule = .simple(.yearly); $0.repeatEnd = .afterCount(-2) }, [.repeatEnd: "Repeat at least once"])
        XCTAssertEqual(errors { $0.repeatRule = .simple(.yearly); $0.repeatEnd = .afterCount(1) }, [:])
    }

    func testRepeatEndIsIgnoredWithoutRepetition() {
        XCTAssertEqual(errors { $0.repeatRule = nil; $0.repeatEnd = .afterCount(0) }, [:])
    }

    func testSeveralProblemsAreAllReported() {
        let found = errors { $0.title = ""; $0.startDateText = "2026-02-30"; $0.endTimeText = "25:00" }
        XCTAssertEqual(Set(found.keys), [.title, .startDate, .endTime])
    }

    func testMessagesComeFromTheInjectedStrings() {
        var form = valid()
        form.title = ""
        form.startTimeText = "7時"
        let strings = PlanFormStrings(emptyTitle: "タイトルを入力してください", invalidTime: "「%@」は時刻ではありません")
        XCTAssertEqual(form.validate(calendar: utc, strings: strings),
                       [.title: "タイトルを入力してください", .startTime: "「7時」は時刻ではありません"])
    }
}

/// Moving the start keeps the plan's length (issue 14); only moving the end changes it.
final class PlanFormLengthTests: XCTestCase {
    /// A 24-hour locale, as above.
    private let utc = gregorian("UTC", locale: "en_GB")

    private func form(_ start: String, _ startTime: String, _ end: String, _ endTime: String, allDay: Bool = false) -> PlanForm {
        PlanForm(title: "Meeting", isAllDay: allDay, startDateText: start, endDateText: end, startTimeText: startTime,
                 endTimeText: endTime, timeZoneID: "UTC", calendarID: CalendarID("work"))
    }

    func testALaterStartTimeTakesTheEndAlong() {
        let before = form("2026-11-29", "09:00", "2026-11-29", "10:30")
        var after = before
        after.startTimeText = "15:00"
        let moved = after.keepingLength(of: before, calendar: utc)
        XCTAssertEqual([moved.endDateText, moved.endTimeText], ["2026-11-29", "16:30"])
        XCTAssertTrue(moved.validate(calendar: utc).isEmpty, "no “ends before it starts”")
        after.startTimeText = "23:00"
        let overnight = after.keepingLength(of: before, calendar: utc)
        XCTAssertEqual([overnight.endDateText, overnight.endTimeText], ["2026-11-30", "00:30"], "past midnight")
        after.startTimeText = "3pm"
        XCTAssertEqual(after.keepingLength(of: before, calendar: utc).endTimeText, "16:30", "as typed")
    }

    func testANewStartDayMovesTheEndDayTooForTimedAndAllDayPlans() {
        let timed = form("2026-11-29", "22:00", "2026-11-30", "01:00")
        var moved = timed
        moved.startDateText = "2026-12-24"
        XCTAssertEqual([moved.keepingLength(of: timed, calendar: utc).endDateText,
                        moved.keepingLength(of: timed, calendar: utc).endTimeText], ["2026-12-25", "01:00"])
        let trip = form("2026-11-27", "09:00", "2026-12-06", "10:00", allDay: true)
        var later = trip
        later.startDateText = "2027-02-25"
        XCTAssertEqual(later.keepingLength(of: trip, calendar: utc).endDateText, "2027-03-06", "ten days, over February")
    }

    func testTypingOrChangingTheEndLeavesItAlone() {
        let before = form("2026-11-29", "09:00", "2026-11-29", "10:00")
        var typing = before
        typing.startTimeText = "1"
        XCTAssertEqual(typing.keepingLength(of: before, calendar: utc).endTimeText, "02:00",
                       "“1” is already a time, 01:00: the hour-long plan ends at 02:00")
        typing.startTimeText = "1:"
        XCTAssertEqual(typing.keepingLength(of: before, calendar: utc), typing, "half-typed: nothing moves")
        var endChanged = before
        endChanged.startTimeText = "08:00"
        endChanged.endTimeText = "12:00"
        XCTAssertEqual(endChanged.keepingLength(of: before, calendar: utc), endChanged)
        var allDaySwitched = before
        allDaySwitched.isAllDay = true
        allDaySwitched.startDateText = "2026-11-30"
        XCTAssertEqual(allDaySwitched.keepingLength(of: before, calendar: utc), allDaySwitched)
    }
}
