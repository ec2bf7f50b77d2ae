import CalendarModel
import Foundation
import XCTest

/// How the editor's form starts, turns into a `PlanTiming`, and tells what changed.
final class PlanFormTests: XCTestCase {
    /// A 24-hour locale: these cases are about days, times and lengths, written as "09:00";
    /// the 12-hour clock has its own test (`testTimesAreWrittenOnTheLocalesClock`).
    let utc = gregorian("UTC", locale: "en_GB")
    /// Sunday 2026-11-29 12:00 UTC.
    let now = Date(timeIntervalSince1970: 1_795_953_600)

    func form(_ start: String, _ startTime: String, _ end: String, _ endTime: String,
              zone: String = "UTC", allDay: Bool = false) -> PlanForm {
        PlanForm(title: "Lunch", isAllDay: allDay, startDateText: start, endDateText: end,
                 startTimeText: startTime, endTimeText: endTime, timeZoneID: zone, calendarID: workID)
    }

    // MARK: New plans

    func testNewPlanOnAnotherDayIsNineToTen() {
        let form = PlanForm(newOn: day(2026, 12, 3), now: now, calendar: utc, calendarID: workID)
        XCTAssertEqual(form.startDateText, "2026-12-03")
        XCTAssertEqual(form.endDateText, "2026-12-03")
        XCTAssertEqual(form.startTimeText, "09:00")
        XCTAssertEqual(form.endTimeText, "10:00")
        XCTAssertEqual(form.timeZoneID, utc.timeZone.identifier, "the user's zone (Foundation calls UTC \"GMT\")")
        XCTAssertEqual(form.calendarID, workID)
        XCTAssertFalse(form.isAllDay)
        XCTAssertEqual(form.title, "")
        XCTAssertNil(form.repeatRule)
    }

    func testNewPlanTodayStartsAtTheNextHour() {
        let form = PlanForm(newOn: day(2026, 11, 29), now: now, calendar: utc, calendarID: workID)
        XCTAssertEqual(form.startTimeText, "13:00")
        XCTAssertEqual(form.endTimeText, "14:00")
        XCTAssertEqual(form.endDateText, "2026-11-29")
    }

    func testNewPlanTodayUsesTheCalendarsZoneForTheHour() {
        // 12:00 UTC is 21:00 in Tokyo, already Sunday there too.
        let form = PlanForm(newOn: day(2026, 11, 29), now: now, calendar: gregorian("Asia/Tokyo", locale: "en_GB"),
                            calendarID: workID)
        XCTAssertEqual(form.startTimeText, "22:00")
        XCTAssertEqual(form.timeZoneID, "Asia/Tokyo")
    }

    func testNewPlanLateAtNightEndsAtMidnight() {
        let late = instant(2026, 11, 29, 23, 30, in: utc)
        let form = PlanForm(newOn: day(2026, 11, 29), now: late, calendar: utc, calendarID: workID)
        XCTAssertEqual(form.startTimeText, "23:00")
        XCTAssertEqual(form.endTimeText, "00:00")
        XCTAssertEqual(form.endDateText, "2026-11-30")
        XCTAssertEqual(form.timing(calendar: utc),
                       .timed(start: instant(2026, 11, 29, 23, in: utc), end: instant(2026, 11, 30, 0, in: utc)))
    }

    // MARK: Existing plans

    func testFormFromAnAllDayPlanShowsTheLastDay() {
        let plan = Plan(id: .init(uid: "trip"), calendarID: workID, title: "Trip", location: "Kyoto",
                        notes: "Bring the JR pass", timing: .allDay(start: day(2026, 11, 10), end: day(2026, 11, 13)))
        let form = PlanForm(plan: plan, repeatRule: .simple(.yearly, count: 3), calendar: utc)
        XCTAssertTrue(form.isAllDay)
        XCTAssertEqual(form.startDateText, "2026-11-10")
        XCTAssertEqual(form.endDateText, "2026-11-12", "the exclusive end shows as the last day")
        XCTAssertEqual(form.location, "Kyoto")
        XCTAssertEqual(form.notes, "Bring the JR pass")
        XCTAssertEqual(form.repeatRule, .simple(.yearly), "the end is apart, in repeatEnd")
        XCTAssertEqual(form.repeatEnd, .afterCount(3))
        XCTAssertTrue(form.repeatIsEditable)
        XCTAssertEqual(form.timing(calendar: utc), plan.timing, "and comes back unchanged")
    }

    func testFormFromATimedPlanShowsWallTimesInItsOwnZone() {
        let start = instant(2026, 11, 29, 0, in: utc), end = instant(2026, 11, 29, 1, 30, in: utc)
        let plan = Plan(id: .init(uid: "call"), calendarID: workID, title: "Call", timing: .timed(start: start, end: end))
        let form = PlanForm(plan: plan, zone: TimeZone(identifier: "Asia/Tokyo"), calendar: utc)
        XCTAssertEqual(form.timeZoneID, "Asia/Tokyo")
        XCTAssertEqual(form.startTimeText, "09:00")
        XCTAssertEqual(form.endTimeText, "10:30")
        XCTAssertEqual(form.location, "")
        XCTAssertEqual(form.timing(calendar: utc), plan.timing)
        XCTAssertEqual(PlanForm(plan: plan, calendar: utc).startTimeText, "00:00", "default: the calendar's zone")
    }

    // MARK: Timing

    func testAllDayTimingEndsTheDayAfterTheLastDay() {
        XCTAssertEqual(form("2026-11-29", "", "2026-11-29", "", allDay: true).timing(calendar: utc),
                       .allDay(start: day(2026, 11, 29), end: day(2026, 11, 30)))
        XCTAssertEqual(form("2026-12-31", "x", "2027-01-02", "y", allDay: true).timing(calendar: utc),
                       .allDay(start: day(2026, 12, 31), end: day(2027, 1, 3)), "times are ignored")
    }

    func testTimedTimingUsesTheFormsZone() {
        let tokyo = form("2026-11-29", "09:00", "2026-11-29", "10:00", zone: "Asia/Tokyo")
        XCTAssertEqual(tokyo.timing(calendar: utc),
                       .timed(start: instant(2026, 11, 29, 0, in: utc), end: instant(2026, 11, 29, 1, in: utc)))
        let noZone = form("2026-11-29", "09:00", "2026-11-29", "10:00", zone: "")
        XCTAssertEqual(noZone.timing(calendar: gregorian("Asia/Tokyo")), tokyo.timing(calendar: utc),
                       "an empty zone means the calendar's")
    }

    func testTimingAcrossTheSpringForwardGapIsTwoHoursLong() {
        // Berlin, 2026-03-29: clocks jump from 02:00 CET to 03:00 CEST.
        let berlin = form("2026-03-29", "01:00", "2026-03-29", "04:00", zone: "Europe/Berlin")
        guard case let .timed(start, end)? = berlin.timing(calendar: utc) else {
            return XCTFail("a valid timed form has a timing")
        }
        XCTAssertEqual(start, instant(2026, 3, 29, 0, in: utc))
        XCTAssertEqual(end, instant(2026, 3, 29, 2, in: utc))
        XCTAssertEqual(end.timeIntervalSince(start), 2 * 3600)
    }

    func testInvalidFormsHaveNoTiming() {
        XCTAssertNil(form("2026-02-30", "09:00", "2026-03-01", "10:00").timing(calendar: utc))
        XCTAssertNil(form("2026-11-29", "25:61", "2026-11-29", "10:00").timing(calendar: utc))
        XCTAssertNil(form("2026-11-29", "10:00", "2026-11-29", "09:00").timing(calendar: utc))
        XCTAssertNil(form("2026-11-29", "09:00", "2026-11-29", "10:00", zone: "Mars/Olympus").timing(calendar: utc))
        XCTAssertNil(form("2026-11-29", "", "2026-11-28", "", allDay: true).timing(calendar: utc))
    }

    func testZeroLengthPlanIsAllowed() {
        let instantPlan = form("2026-11-29", "09:00", "2026-11-29", "09:00")
        XCTAssertEqual(instantPlan.timing(calendar: utc),
                       .timed(start: instant(2026, 11, 29, 9, in: utc), end: instant(2026, 11, 29, 9, in: utc)))
    }

    // MARK: Parsing

    func testTimeParsing() {
        XCTAssertTrue(PlanForm.parseTime("09:05")! == (9, 5))
        XCTAssertTrue(PlanForm.parseTime("9:05")! == (9, 5))
        XCTAssertTrue(PlanForm.parseTime(" 23:59 ")! == (23, 59))
        for bad in ["25:61", "24:00", "12:60", "9:5", "+9:05", "ab:cd", "", "12:00:00"] {
            XCTAssertNil(PlanForm.parseTime(bad), bad)
        }
    }

    /// The editor takes times as people type them (issue 14): digits alone, a dot, am/pm,
    /// full-width digits from a Japanese input method.
    func testTimesAsPeopleTypeThem() {
        let expected: [String: (Int, Int)] = [
            "9": (9, 0), "21": (21, 0), "930": (9, 30), "0930": (9, 30), "2130": (21, 30), "0905": (9, 5),
            "9:30": (9, 30), "9.30": (9, 30), "21:30": (21, 30), "9am": (9, 0), "9 am": (9, 0), "9AM": (9, 0),
            "9a.m.": (9, 0), "9.30 pm": (21, 30), "9:30PM": (21, 30), "12am": (0, 0), "12 pm": (12, 0),
            "12:30am": (0, 30), "9p": (21, 0), "９：３０": (9, 30), "２１時": (-1, -1),
        ]
        for (text, time) in expected {
            let parsed = PlanForm.parseTime(text)
            if time.0 < 0 {
                XCTAssertNil(parsed, text)
            } else {
                XCTAssertTrue(parsed.map { $0 == time } ?? false, "\(text) → \(String(describing: parsed))")
            }
        }
        for bad in ["13pm", "0am", "24", "2400", "12345", "9:3", "9::30", "pm", "9 30", "-9"] {
            XCTAssertNil(PlanForm.parseTime(bad), bad)
        }
        XCTAssertNil(PlanForm.parseClockTime("930"), "machine-written times stay HH:MM")
    }

    /// One clock in the whole app: the editor writes times as the plan list does in the
    /// locale (issue 14: the list said "9:00 AM" while the editor said "09:00"), and reads
    /// them back, including the narrow no-break space ICU puts before "PM".
    func testTimesAreWrittenOnTheLocalesClock() {
        func calendar(_ locale: String) -> Calendar {
            var calendar = gregorian("UTC")
            calendar.locale = Locale(identifier: locale)
            return calendar
        }
        let cases: [(String, [String])] = [
            ("en_US", ["12:05 AM", "9:00 AM", "12:00 PM", "9:30 PM"]),
            ("en_GB", ["00:05", "09:00", "12:00", "21:30"]),
            ("ja_JP", ["00:05", "09:00", "12:00", "21:30"]),
        ]
        for (locale, texts) in cases {
            let shown = [(0, 5), (9, 0), (12, 0), (21, 30)].map {
                PlanForm.timeText(hour: $0.0, minute: $0.1, calendar: calendar(locale))
            }
            XCTAssertEqual(shown, texts, locale)
            for (text, time) in zip(texts, [(0, 5), (9, 0), (12, 0), (21, 30)]) {
                XCTAssertTrue(PlanForm.parseTime(text, calendar: calendar(locale)).map { $0 == time } ?? false, text)
            }
        }
        XCTAssertTrue(PlanForm.parseTime("9:30\u{202F}PM").map { $0 == (21, 30) } ?? false)
        let form = PlanForm(newOn: day(2026, 12, 3), now: now, calendar: calendar("en_US"), calendarID: workID)
        XCTAssertEqual([form.startTimeText, form.endTimeText], ["9:00 AM", "10:00 AM"])
        XCTAssertEqual(form.validate(calendar: calendar("en_US")).keys.sorted { "\($0)" < "\($1)" }, [.title])
        var wrong = form
        wrong.endTimeText = "25:61"
        XCTAssertEqual(wrong.validate(calendar: calendar("en_US"))[.endTime],
                       "“25:61” is not a time of day; write it like 9:30 PM")
        XCTAssertEqual(wrong.validate(calendar: calendar("en_GB"))[.endTime],
                       "“25:61” is not a time of day; write it like 21:30")
    }

    // MARK: Changes

    func testChangedFieldsListsOnlyWhatDiffers() {
        let original = form("2026-11-29", "09:00", "2026-11-29", "10:00")
        XCTAssertEqual(original.changedFields(from: original), [])
        var edited = original
        edited.title = "Dinner"
        edited.endTimeText = "11:00"
        edited.notes = "table for two"
        edited.repeatRule = .simple(.weekly, weekdays: [2, 4])
        XCTAssertEqual(edited.changedFields(from: original), [.title, .endTime, .notes, .repeatRule])
        edited = original
        edited.calendarID = holidayID
        edited.location = "Home"
        edited.repeatEnd = .onDate("2027-01-01")
        edited.timeZoneID = "Asia/Tokyo"
        XCTAssertEqual(edited.changedFields(from: original), [.calendar, .location, .repeatEnd, .timeZone])
    }

    func testHiddenTimesDoNotCountAsChangesOfAnAllDayPlan() {
        let original = form("2026-11-29", "09:00", "2026-11-29", "10:00", allDay: true)
        var edited = original
        edited.startTimeText = "11:00"
        edited.timeZoneID = "Asia/Tokyo"
        XCTAssertEqual(edited.changedFields(from: original), [])
        edited.isAllDay = false
        XCTAssertEqual(edited.changedFields(from: original), [.isAllDay, .startTime, .timeZone])
    }
}
