import CalendarModel
import Foundation
import XCTest

/// Issue 20's table: every day phrase with every time phrase, in several orders around a
/// title, each part's meaning written out by hand below; the parser must read each phrase
/// to the combination of those meanings. Now is Wednesday 2026-12-02 10:00 UTC (en_US, weeks
/// from Sunday).
final class QuickAddPhraseTableTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_796_205_600)

    private func parser(_ locale: String) -> QuickAddParser {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        calendar.firstWeekday = 1
        return QuickAddParser(now: now, calendar: calendar, locale: Locale(identifier: locale))
    }

    /// English days and the day each names.
    private let englishDays: [(String, String)] = [
        ("today", "2026-12-02"), ("tomorrow", "2026-12-03"), ("the day after tomorrow", "2026-12-04"),
        ("Friday", "2026-12-04"), ("next Friday", "2026-12-11"), ("on Monday", "2026-12-07"),
        ("in 3 days", "2026-12-05"), ("in 2 weeks", "2026-12-16"), ("Dec 24", "2026-12-24"),
        ("24 December", "2026-12-24"), ("12/31", "2026-12-31"), ("2027-01-15", "2027-01-15"),
        ("Jan 3", "2027-01-03"), ("the 20th", "2026-12-20"),
    ]
    /// English times and the start and end each names ("" for no end: an hour).
    private let englishTimes: [(String, String, String)] = [
        ("9am", "09:00", ""), ("at 9:30", "09:30", ""), ("21:00", "21:00", ""), ("at 3", "15:00", ""),
        ("noon", "12:00", ""), ("2:15 pm", "14:15", ""), ("from 9 to 11", "09:00", "11:00"),
        ("9-10:30", "09:00", "10:30"), ("1-3pm", "13:00", "15:00"), ("at 10am for 45 minutes", "10:00", "10:45"),
        ("8:00 for 2h", "08:00", "10:00"),
    ]
    private let japaneseDays: [(String, String)] = [
        ("今日", "2026-12-02"), ("明日", "2026-12-03"), ("明後日", "2026-12-04"), ("来週の金曜", "2026-12-11"),
        ("金曜日", "2026-12-04"), ("3日後", "2026-12-05"), ("12月24日", "2026-12-24"), ("２４日", "2026-12-24"),
        ("1月5日", "2027-01-05"),
    ]
    private let japaneseTimes: [(String, String, String)] = [
        ("午前9時", "09:00", ""), ("午後3時半", "15:30", ""), ("15:00", "15:00", ""), ("１２時", "12:00", ""),
        ("9時〜10時半", "09:00", "10:30"), ("午後1時から午後3時まで", "13:00", "15:00"), ("10時15分", "10:15", ""),
    ]

    private func plus(_ clock: String, hours: Int) -> String {
        let parts = clock.split(separator: ":").compactMap { Int($0) }
        return String(format: "%02d:%02d", (parts[0] + hours) % 24, parts[1])
    }

    private func describe(_ plan: QuickAddPlan?) -> String {
        guard let plan else { return "nothing" }
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        func clock(_ date: Date) -> String {
            String(format: "%02d:%02d", utc.component(.hour, from: date), utc.component(.minute, from: date))
        }
        switch plan.timing {
        case let .allDay(start, _): return "\(plan.title) | \(start) all day"
        case let .timed(start, end): return "\(plan.title) | \(CalendarDay(start, in: utc)) \(clock(start))–\(clock(end))"
        }
    }

    func testEveryEnglishDayWithEveryTimeInAnyOrder() {
        var checked = 0
        for (dayWords, day) in englishDays {
            for (timeWords, start, end) in englishTimes {
                let expected = "Team lunch | \(day) \(start)–\(end.isEmpty ? plus(start, hours: 1) : end)"
                for phrase in ["Team lunch \(dayWords) \(timeWords)", "Team lunch \(timeWords) \(dayWords)",
                               "\(dayWords) \(timeWords) Team lunch"] {
                    XCTAssertEqual(describe(parser("en_US").parse(phrase)), expected, phrase)
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 462)
    }

    func testEveryJapaneseDayWithEveryTime() {
        var checked = 0
        for (dayWords, day) in japaneseDays {
            for (timeWords, start, end) in japaneseTimes {
                let expected = "会議 | \(day) \(start)–\(end.isEmpty ? plus(start, hours: 1) : end)"
                for phrase in ["\(dayWords)\(timeWords)に会議", "会議 \(dayWords) \(timeWords)"] {
                    XCTAssertEqual(describe(parser("ja_JP").parse(phrase)), expected, phrase)
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 126)
    }

    func testDaysAloneAreAllDay() {
        for (words, day) in englishDays {
            XCTAssertEqual(describe(parser("en_US").parse("Holiday \(words)")), "Holiday | \(day) all day", words)
        }
        for (words, day) in japaneseDays {
            XCTAssertEqual(describe(parser("ja_JP").parse("\(words) 休み")), "休み | \(day) all day", words)
        }
    }

    func testRangesWhoseLastDayDoesNotExistAreSaid() {
        guard case let .failure(problem) = parser("en_US").read("Trip Feb 27–30") else { return XCTFail("read as a plan") }
        XCTAssertEqual(problem, .impossibleDate("Feb 27–30"))
    }
}
