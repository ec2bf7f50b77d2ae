import CalendarModel
import Foundation
import XCTest

/// Plain phrases read as a user means them, on a pinned Wednesday, 2026-12-02 10:00 UTC.
final class QuickAddParserTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_796_205_600) // 2026-12-02 10:00 UTC, a Wednesday

    private func parser(_ locale: String = "en_US", names: [String] = ["Work", "Personal"]) -> QuickAddParser {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        calendar.firstWeekday = 1
        return QuickAddParser(now: now, calendar: calendar, locale: Locale(identifier: locale), calendarNames: names)
    }

    /// "Title | 2026-12-03 12:30–13:30" or "Title | 2026-12-03 all day [–2026-12-05]", then extras.
    private func read(_ text: String, _ locale: String = "en_US") -> String {
        guard let plan = parser(locale).parse(text) else { return "nothing" }
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        func clock(_ date: Date) -> String {
            String(format: "%02d:%02d", utc.component(.hour, from: date), utc.component(.minute, from: date))
        }
        var out = plan.title + " | "
        switch plan.timing {
        case let .allDay(start, end):
            let last = end.adding(days: -1)
            out += "\(start) all day" + (last != start ? "–\(last)" : "")
        case let .timed(start, end):
            let startDay = CalendarDay(start, in: utc), endDay = CalendarDay(end, in: utc)
            out += "\(startDay) \(clock(start))–" + (endDay != startDay ? "\(endDay) " : "") + clock(end)
        }
        if let rule = plan.repeatRule { out += " | " + Self.text(of: rule) }
        if let place = plan.location { out += " | at " + place }
        if let name = plan.calendarName { out += " | in " + name }
        return out
    }

    func testDaysAndTimesInEnglish() {
        XCTAssertEqual(read("Lunch with Ann tomorrow 12:30"), "Lunch with Ann | 2026-12-03 12:30–13:30")
        XCTAssertEqual(read("Dentist the day after tomorrow at 9am"), "Dentist | 2026-12-04 09:00–10:00")
        XCTAssertEqual(read("Call mom today at 3"), "Call mom | 2026-12-02 15:00–16:00", "a bare 3 is the afternoon")
        XCTAssertEqual(read("Run at 9"), "Run | 2026-12-03 09:00–10:00", "9:00 has passed today: tomorrow")
        XCTAssertEqual(read("Review 21:00"), "Review | 2026-12-02 21:00–22:00")
        XCTAssertEqual(read("Picnic Friday noon"), "Picnic | 2026-12-04 12:00–13:00")
        XCTAssertEqual(read("Picnic next Friday"), "Picnic | 2026-12-11 all day", "the Friday of next week")
        XCTAssertEqual(read("Standup Wednesday 9:30"), "Standup | 2026-12-02 09:30–10:30", "today is Wednesday")
        XCTAssertEqual(read("Demo in 3 days 9-10:30"), "Demo | 2026-12-05 09:00–10:30")
        XCTAssertEqual(read("Party Dec 24 from 7 to 11pm"), "Party | 2026-12-24 19:00–23:00")
        XCTAssertEqual(read("Party 24 Dec"), "Party | 2026-12-24 all day")
        XCTAssertEqual(read("Tax 12/24"), "Tax | 2026-12-24 all day")
        XCTAssertEqual(read("Tax 24/12", "en_GB"), "Tax | 2026-12-24 all day")
        XCTAssertEqual(read("Exam 2027-01-15 8:00 for 2h"), "Exam | 2027-01-15 08:00–10:00")
        XCTAssertEqual(read("Rent 1st"), "Rent | 2027-01-01 all day", "the 1st has passed this month")
        XCTAssertEqual(read("Birthday March 3"), "Birthday | 2027-03-03 all day")
        XCTAssertEqual(read("Retro Nov 20"), "Retro | 2027-11-20 all day", "a passed date without a year is next year's")
        XCTAssertEqual(read("Call for 45 minutes tomorrow 16:00"), "Call | 2026-12-03 16:00–16:45")
        XCTAssertEqual(read("Trip Dec 14–16"), "Trip | 2026-12-14 all day–2026-12-16")
        XCTAssertEqual(read("Offsite from Monday to Wednesday"), "Offsite | 2026-12-07 all day–2026-12-09")
        XCTAssertEqual(read("Launch at midnight"), "Launch | 2026-12-03 00:00–01:00")
    }

    func testRepeatsPlacesAndCalendars() {
        XCTAssertEqual(read("Standup every weekday 9:30 /work"),
                       "Standup | 2026-12-03 09:30–10:30 | FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR | in work")
        XCTAssertEqual(read("Gym every Monday and Thursday at 7am"),
                       "Gym | 2026-12-03 07:00–08:00 | FREQ=WEEKLY;BYDAY=MO,TH")
        XCTAssertEqual(read("Sync every 2 weeks"), "Sync | 2026-12-02 all day | FREQ=WEEKLY;INTERVAL=2")
        XCTAssertEqual(read("Rent monthly on the 15th"), "Rent | 2026-12-15 all day | FREQ=MONTHLY;BYMONTHDAY=15")
        XCTAssertEqual(read("Backup every day until March"), "Backup | 2026-12-02 all day | FREQ=DAILY;UNTIL=2027-03-31")
        XCTAssertEqual(read("Lesson every week 5 times"), "Lesson | 2026-12-02 all day | FREQ=WEEKLY;COUNT=5")
        XCTAssertEqual(read("Anniversary Dec 5 every year"), "Anniversary | 2026-12-05 all day | FREQ=YEARLY")
        XCTAssertEqual(read("Coffee at Cafe Blue tomorrow 10:00"), "Coffee | 2026-12-03 10:00–11:00 | at Cafe Blue")
        XCTAssertEqual(read("Review @ Room 4 Friday 14:00"), "Review | 2026-12-04 14:00–15:00 | at Room 4")
        XCTAssertEqual(read("Planning in Work tomorrow"), "Planning | 2026-12-03 all day | in Work")
        XCTAssertEqual(read("Walk in March"), "Walk in March | 2026-12-02 all day", "no calendar is called March")
    }

    func testJapanese() {
        XCTAssertEqual(read("明日12時にカフェでランチ", "ja_JP"), "ランチ | 2026-12-03 12:00–13:00 | at カフェ")
        XCTAssertEqual(read("明後日の午後3時半に歯医者", "ja_JP"), "歯医者 | 2026-12-04 15:30–16:30")
        XCTAssertEqual(read("来週の金曜 午前9時 会議", "ja_JP"), "会議 | 2026-12-11 09:00–10:00")
        XCTAssertEqual(read("3日後 9時〜10時半 面談", "ja_JP"), "面談 | 2026-12-05 09:00–10:30")
        XCTAssertEqual(read("12月24日 パーティー", "ja_JP"), "パーティー | 2026-12-24 all day")
        XCTAssertEqual(read("今日 １５:００ 電話", "ja_JP"), "電話 | 2026-12-02 15:00–16:00", "full-width digits")
        XCTAssertEqual(read("２４日 終日 休み", "ja_JP"), "休み | 2026-12-24 all day")
        XCTAssertEqual(read("毎週月曜と木曜 19時 ジム", "ja_JP"), "ジム | 2026-12-03 19:00–20:00 | FREQ=WEEKLY;BYDAY=MO,TH")
        XCTAssertEqual(read("平日 9時半 朝会", "ja_JP"), "朝会 | 2026-12-03 09:30–10:30 | FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        XCTAssertEqual(read("毎月15日 家賃", "ja_JP"), "家賃 | 2026-12-15 all day | FREQ=MONTHLY;BYMONTHDAY=15")
        XCTAssertEqual(read("隔週 定例", "ja_JP"), "定例 | 2026-12-02 all day | FREQ=WEEKLY;INTERVAL=2")
        XCTAssertEqual(read("毎年 12月5日 記念日", "ja_JP"), "記念日 | 2026-12-05 all day | FREQ=YEARLY")
        XCTAssertEqual(read("明日 会議室にて 打ち合わせ", "ja_JP"), "打ち合わせ | 2026-12-03 all day | at 会議室")
    }

    /// Issue 40: "祝日" (holiday) and "振替休日" (substitute holiday) are words of a title, not
    /// days, though both end in 日 as days do ("15日", "日曜"); the days and times beside them are read.
    func testHolidayWordsStayInTheTitle() {
        XCTAssertEqual(read("祝日", "ja_JP"), "祝日 | 2026-12-02 all day")
        XCTAssertEqual(read("振替休日", "ja_JP"), "振替休日 | 2026-12-02 all day")
        XCTAssertEqual(read("祝日出勤 明日 9時", "ja_JP"), "祝日出勤 | 2026-12-03 09:00–10:00")
        XCTAssertEqual(read("振替休日に映画 12月24日", "ja_JP"), "振替休日に映画 | 2026-12-24 all day")
        XCTAssertEqual(read("祝日の集まり 15日 18時", "ja_JP"), "祝日の集まり | 2026-12-15 18:00–19:00")
        XCTAssertEqual(read("振替休日 買い物 午後3時", "ja_JP"), "振替休日 買い物 | 2026-12-02 15:00–16:00")
        XCTAssertEqual(read("月曜 祝日パーティー", "ja_JP"), "祝日パーティー | 2026-12-07 all day")
        XCTAssertEqual(read("毎週月曜 祝日当番", "ja_JP"), "祝日当番 | 2026-12-07 all day | FREQ=WEEKLY;BYDAY=MO")
        XCTAssertEqual(read("振替休日 会議", "ja_JP"), "振替休日 会議 | 2026-12-02 all day", "休日 is not a day")
        XCTAssertEqual(read("会議 振替休日", "ja_JP"), "会議 振替休日 | 2026-12-02 all day")
        XCTAssertEqual(read("祝日 9日", "ja_JP"), "祝日 | 2026-12-09 all day", "the day beside it is read")
        XCTAssertEqual(read("休日出勤 土曜 9時", "ja_JP"), "休日出勤 | 2026-12-05 09:00–10:00")
    }

    /// Issue 35: a range of days in any way a single day is written is one all-day plan over
    /// them all, the last day included; a missing year is the next such day, as for one day.
    func testDayRangesAreOneAllDayPlan() {
        for words in ["2026-12-24 to 2026-12-28", "2026-12-24–2026-12-28", "2026-12-24 - 2026-12-28", "Dec 24–28",
                      "Dec 24 - 28", "Dec 24 to Dec 28", "from Dec 24 to 28", "Dec 24 through 28", "December 24th–28th", "12/24–12/28"] {
            XCTAssertEqual(read("Conference \(words)"), "Conference | 2026-12-24 all day–2026-12-28", words)
            XCTAssertEqual(read("\(words) Conference in Kyoto"), "Conference in Kyoto | 2026-12-24 all day–2026-12-28", words)
        }
        XCTAssertEqual(read("Conference 24/12–28/12", "en_GB"), "Conference | 2026-12-24 all day–2026-12-28", "day first")
        XCTAssertEqual(read("Holidays Dec 30 – Jan 2"), "Holidays | 2026-12-30 all day–2027-01-02", "across the new year")
        XCTAssertEqual(read("Holidays 30 Dec – 2 Jan", "en_GB"), "Holidays | 2026-12-30 all day–2027-01-02")
        XCTAssertEqual(read("Holidays 12/30–1/2"), "Holidays | 2026-12-30 all day–2027-01-02")
        XCTAssertEqual(read("Retreat Nov 20–22"), "Retreat | 2027-11-20 all day–2027-11-22", "Nov 20 has passed this year")
        // iCalendar's all-day DTEND is the day after the last.
        XCTAssertEqual(parser().parse("Conference 2026-12-24 to 2026-12-28")?.timing,
                       .allDay(start: CalendarDay(year: 2026, month: 12, day: 24)!, end: CalendarDay(year: 2026, month: 12, day: 29)!))
        XCTAssertEqual(parser().parse("Conference Dec 24 to Dec 28")?.understood, ["Dec 24 to Dec 28"])
    }

    func testJapaneseDayRanges() {
        for words in ["12月24日〜28日", "12月24日～12月28日", "12月24日から28日まで", "１２月２４日〜２８日", "12月24日～２８日",
                      "2026年12月24日〜2026年12月28日"] {
            XCTAssertEqual(read("\(words) 学会", "ja_JP"), "学会 | 2026-12-24 all day–2026-12-28", words)
            XCTAssertEqual(read("学会 \(words)", "ja_JP"), "学会 | 2026-12-24 all day–2026-12-28", words)
        }
        XCTAssertEqual(read("12月30日〜1月2日 帰省", "ja_JP"), "帰省 | 2026-12-30 all day–2027-01-02", "across the new year")
    }

    /// Times still go with a range of days, and a range of hours is still a range of hours.
    func testTimesWithDayRangesAndHourRangesStayAsTheyWere() {
        XCTAssertEqual(read("Lunch tomorrow 12-13"), "Lunch | 2026-12-03 12:00–13:00")
        XCTAssertEqual(read("Fair Dec 24–26 9:00-17:00"), "Fair | 2026-12-24 09:00–2026-12-26 17:00")
        XCTAssertEqual(read("Party Dec 24 – 11pm"), "Party | 2026-12-24 23:00–2026-12-25 00:00", "11pm is a time")
        XCTAssertEqual(read("Shift 2026-12-24 9-17"), "Shift | 2026-12-24 09:00–17:00")
        XCTAssertEqual(read("Shift 12/24 9-17"), "Shift | 2026-12-24 09:00–17:00")
        XCTAssertEqual(read("12月24日 9時〜17時 出勤", "ja_JP"), "出勤 | 2026-12-24 09:00–17:00")
    }

    /// A range that ends before it starts is said in words, never turned round.
    func testDayRangesEndingBeforeTheyStartAreSaid() {
        XCTAssertEqual(parser().read("Conference Dec 28–24").failure, .endBeforeStart("Dec 28–24"))
        XCTAssertEqual(parser().read("Conference 2026-12-28 to 2026-12-24").failure, .endBeforeStart("2026-12-28 to 2026-12-24"))
        XCTAssertEqual(parser().read("Conference 12/28–12/24").failure, .endBeforeStart("12/28–12/24"))
        XCTAssertEqual(parser("ja_JP").read("12月28日〜24日 学会").failure, .endBeforeStart("12月28日〜24日"))
        XCTAssertEqual(parser().read("Trip 2026-02-27 to 2026-02-30").failure, .impossibleDate("2026-02-27 to 2026-02-30"))
    }

    func testNothingLeftForATitleIsNoPlan() {
        XCTAssertEqual(parser().read("tomorrow at 9").failure, .noTitle)
        XCTAssertEqual(parser().read("   ").failure, .noTitle)
    }

    /// Impossible days and times are said, never read as another day or as all day.
    func testImpossibleDaysAndTimesAreSaid() {
        XCTAssertEqual(parser().read("Party Feb 30").failure, .impossibleDate("Feb 30"))
        XCTAssertEqual(parser().read("Party 2026-13-01").failure, .impossibleDate("2026-13-01"))
        XCTAssertEqual(parser().read("Party 2月30日").failure, .impossibleDate("2月30日"))
        XCTAssertEqual(parser().read("Call 25:00").failure, .impossibleTime("25:00"))
        XCTAssertEqual(parser().read("Call 9:75").failure, .impossibleTime("9:75"))
        XCTAssertEqual(parser().read("Call 13pm").failure, .impossibleTime("13pm"))
        XCTAssertEqual(parser().read("電話 25時").failure, .impossibleTime("25時"))
    }

    /// Month ends and leap days, and a DST day's wall times.
    func testMonthEndsLeapDaysAndDST() {
        XCTAssertEqual(read("Report Feb 29"), "Report | 2028-02-29 all day", "the next Feb 29 is in 2028")
        XCTAssertEqual(read("Report 31st"), "Report | 2026-12-31 all day")
        XCTAssertEqual(read("Close books every month until Jan"), "Close books | 2026-12-02 all day | FREQ=MONTHLY;UNTIL=2027-01-31")
        var berlin = Calendar(identifier: .gregorian)
        berlin.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let dst = QuickAddParser(now: now, calendar: berlin, locale: Locale(identifier: "en_GB"))
        guard case let .timed(start, end)? = dst.parse("Brunch Mar 28 9:00-11:00")?.timing else { return XCTFail("no times") }
        // 09:00 CEST is 07:00 UTC on the day clocks go forward; two hours on the wall clock.
        XCTAssertEqual(start, Date(timeIntervalSince1970: 1_806_217_200))
        XCTAssertEqual(end.timeIntervalSince(start), 7_200)
    }
}

extension QuickAddParserTests {
    /// The rule in RRULE's words, UNTIL as a plain date, for reading the expectations.
    static func text(of rule: RecurrenceRule) -> String {
        var parts = ["FREQ=" + rule.frequency.name]
        if rule.interval > 1 { parts.append("INTERVAL=\(rule.interval)") }
        let codes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
        // Monday first, as RFC 5545 lists a week.
        if !rule.byDay.isEmpty {
            let weekdays: [Int] = rule.byDay.map(\.weekday).sorted { ($0 + 5) % 7 < ($1 + 5) % 7 }
            parts.append("BYDAY=" + weekdays.map { codes[$0 - 1] }.joined(separator: ","))
        }
        if let day = rule.byMonthDay.first { parts.append("BYMONTHDAY=\(day)") }
        if let count = rule.count { parts.append("COUNT=\(count)") }
        if let until = rule.untilDay { parts.append("UNTIL=\(until)") }
        return parts.joined(separator: ";")
    }
}

private extension Result {
    var failure: Failure? {
        if case let .failure(problem) = self { return problem }
        return nil
    }
}
