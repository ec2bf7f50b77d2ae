import CalendarModel
import Foundation
import TestSupport
import XCTest

final class SearchIndexTests: XCTestCase {
    private let utc = gregorian()
    private let today = day(2026, 11, 10)

    private func session(_ plans: [Plan], today: CalendarDay? = nil) -> SearchSession {
        let entries = plans.map { SearchablePlan(plan: $0) }
        return SearchSession(index: SearchIndex(entries: entries, today: today ?? self.today, calendar: utc))
    }

    private func titles(_ results: SearchResults) -> [String] { results.items.map(\.plan.title) }

    // MARK: Folding

    func testFoldingIgnoresCaseAndAccents() {
        var folding = SearchFolding()
        XCTAssertEqual(folding.fold("Café"), folding.fold("cafe"))
        XCTAssertEqual(folding.fold("CAFÉ"), folding.fold("cafe"))
        XCTAssertEqual(folding.fold("Cafe\u{301}"), folding.fold("cafe"), "a decomposed accent folds too")
        XCTAssertEqual(folding.fold("Ångström Über"), folding.fold("angstrom uber"))
        XCTAssertNotEqual(folding.fold("cafe"), folding.fold("cafes"))
    }

    func testFoldingUnifiesWidthAndKana() {
        var folding = SearchFolding()
        XCTAssertEqual(folding.fold("ＡＢＣ１２３"), folding.fold("abc123"), "full-width Latin and digits")
        XCTAssertEqual(folding.fold("かいぎ"), folding.fold("カイギ"), "hiragana and katakana")
        XCTAssertEqual(folding.fold("ｶｲｷﾞ"), folding.fold("カイギ"), "half-width katakana with its voicing mark")
        XCTAssertNotEqual(folding.fold("かいき"), folding.fold("かいぎ"), "voicing marks still count")
        XCTAssertEqual(folding.fold("会議\u{3000}室"), folding.fold("会議 室"), "the ideographic space is a space")
    }

    // MARK: Matching

    func testFindsTitleLocationAndNotesWhateverTheAccentsAndCase() {
        let plans = [
            allDay("a", today, title: "Lunch"),
            Plan(id: .init(uid: "b"), calendarID: workID, title: "Meeting", location: "Café Mozart",
                 timing: .allDay(start: today, end: today.adding(days: 1))),
            Plan(id: .init(uid: "c"), calendarID: workID, title: "Call", notes: "Bring the CAFE menu",
                 timing: .allDay(start: today, end: today.adding(days: 1))),
            allDay("d", today, title: "Dentist"),
        ]
        let search = session(plans)
        XCTAssertEqual(Set(titles(search.search("cafe"))), ["Meeting", "Call"])
        XCTAssertEqual(titles(search.search("LUNCH")), ["Lunch"])
        XCTAssertEqual(titles(search.search("Café")).count, 2)
        XCTAssertEqual(search.search("nothing like this").totalCount, 0)
    }

    func testJapaneseSubstringsMatchAcrossKanaAndWidth() {
        let plans = [
            allDay("a", today, title: "定例カイギ"),
            allDay("b", today.adding(days: 1), title: "週次会議（本社）"),
            allDay("c", today.adding(days: 2), title: "ﾗﾝﾁ"),
            allDay("d", today.adding(days: 3), title: "かいもの"),
        ]
        let search = session(plans)
        XCTAssertEqual(titles(search.search("かいぎ")), ["定例カイギ"])
        XCTAssertEqual(titles(search.search("会議")), ["週次会議（本社）"])
        XCTAssertEqual(titles(search.search("(本社)")), ["週次会議（本社）"], "full-width brackets fold to ASCII")
        XCTAssertEqual(titles(search.search("らんち")), ["ﾗﾝﾁ"])
        XCTAssertEqual(titles(search.search("カイ")), ["定例カイギ", "かいもの"])
    }

    func testEveryTermMustMatch() {
        let plans = [allDay("a", today, title: "Lunch with Bob"), allDay("b", today, title: "Lunch with Ann")]
        let search = session(plans)
        XCTAssertEqual(titles(search.search("bob lunch")), ["Lunch with Bob"])
        XCTAssertEqual(search.search("lunch").totalCount, 2)
        XCTAssertEqual(search.search("   ").totalCount, 0, "a blank query finds nothing")
        XCTAssertEqual(search.search("").items, [])
    }

    func testNarrowingAsTheQueryGrowsGivesTheSameResultsAsAFreshSearch() {
        var generator = SeededGenerator(seed: 7)
        let words = ["alpha", "beta", "gamma", "café", "かいぎ", "Delta", "ÉCOLE", "lunch"]
        let plans = (0..<400).map { i -> Plan in
            let title = (0..<3).map { _ in words[Int.random(in: 0..<words.count, using: &generator)] }.joined(separator: " ")
            return allDay("p\(i)", today.adding(days: Int.random(in: -1000..<1000, using: &generator)), title: title)
        }
        let typing = session(plans)
        for query in ["a", "al", "alp", "alpha", "alpha c", "alpha ca", "alpha caf", "alpha cafe", "alpha", "カ", "かい"] {
            let incremental = typing.search(query, limit: 1000)
            let fresh = session(plans).search(query, limit: 1000)
            XCTAssertEqual(incremental, fresh, "query \(query)")
        }
        XCTAssertGreaterThan(typing.search("alpha cafe", limit: 1000).totalCount, 0)
    }

    // MARK: Order

    func testResultsComeNearestToTodayFirstFutureBeforePastOnATie() {
        let plans = [
            allDay("last-year", today.adding(days: -365), title: "Review last year"),
            allDay("next-year", today.adding(days: 365), title: "Review next year"),
            allDay("yesterday", today.adding(days: -1), title: "Review yesterday"),
            allDay("tomorrow", today.adding(days: 1), title: "Review tomorrow"),
            allDay("long", today.adding(days: -3), through: today.adding(days: 2), title: "Review spanning today"),
            timed("later", instant(2026, 11, 10, 15, in: utc), instant(2026, 11, 10, 16, in: utc), title: "Review at three"),
        ]
        let results = session(plans).search("review")
        XCTAssertEqual(titles(results), ["Review spanning today", "Review at three", "Review tomorrow",
                                         "Review yesterday", "Review next year", "Review last year"])
        XCTAssertEqual(results.items.map(\.distance), [0, 0, 1, -1, 365, -365])
        XCTAssertEqual(results.items.first?.day, today.adding(days: -3), "a result goes to its first day")
    }

    /// GNOME Shell's order: what is under way or to come, nearest first, then what is over,
    /// most recent first; the limit cuts the past ones before any coming one.
    func testUpcomingFirstListsEveryComingPlanBeforeAnyPastOne() {
        let plans = [
            allDay("last-year", today.adding(days: -365), title: "Review last year"),
            allDay("next-year", today.adding(days: 365), title: "Review next year"),
            allDay("yesterday", today.adding(days: -1), title: "Review yesterday"),
            allDay("tomorrow", today.adding(days: 1), title: "Review tomorrow"),
            allDay("long", today.adding(days: -3), through: today.adding(days: 2), title: "Review spanning today"),
            allDay("other", today.adding(days: 2), title: "Lunch"),
        ]
        let search = session(plans)
        XCTAssertEqual(search.searchUpcomingFirst(["RÉVIEW"], limit: 10).map(\.plan.title),
                       ["Review spanning today", "Review tomorrow", "Review next year", "Review yesterday", "Review last year"])
        XCTAssertEqual(search.searchUpcomingFirst(["review", "year"], limit: 10).map(\.plan.title),
                       ["Review next year", "Review last year"], "every term must match")
        XCTAssertEqual(search.searchUpcomingFirst(["review"], limit: 4).map(\.plan.title),
                       ["Review spanning today", "Review tomorrow", "Review next year", "Review yesterday"])
        XCTAssertEqual(search.searchUpcomingFirst([" "], limit: 4), [], "blank terms find nothing")
    }

    func testLimitKeepsTheNearestAndCountsTheRest() {
        let plans = (0..<50).map { allDay("p\($0)", today.adding(days: $0 * 3), title: "Standup \($0)") }
        let results = session(plans).search("standup", limit: 5)
        XCTAssertEqual(results.totalCount, 50)
        XCTAssertEqual(titles(results), (0..<5).map { "Standup \($0)" })
    }

    // MARK: Sources

    func testARepeatingSeriesIsOneEntryShownByItsOccurrenceNearestToToday() {
        let weekly = (0..<20).map { week -> Plan in
            let start = day(2026, 9, 1).adding(days: 7 * week)
            return Plan(id: .init(uid: "yoga", occurrence: start.description), calendarID: workID, title: "Yoga",
                        timing: .allDay(start: start, end: start.adding(days: 1)))
        }
        let source = CountingSource(plans: weekly + [allDay("once", today, title: "Yoga mat shopping")], calendar: utc)
        let store = CalendarStore(sources: [source], calendar: utc, today: today, firstWeekday: 2)
        let results = SearchSession(index: store.makeSearchIndex()).search("yoga")
        XCTAssertEqual(results.totalCount, 2, "the series counts once")
        let series = results.items.first { $0.repeats }
        XCTAssertEqual(series?.day, day(2026, 11, 10), "the occurrence nearest to today (weekly from Sept 1)")
        XCTAssertEqual(results.items.filter { !$0.repeats }.map(\.plan.title), ["Yoga mat shopping"])
    }

    func testStaticSourcesGiveEveryPlanOverAllDates() {
        let plans = [allDay("old", day(1990, 1, 1), title: "Old plan"), allDay("far", day(2090, 1, 1), title: "Far plan")]
        let store = CalendarStore(sources: [StaticPlanSource(calendar: workInfo, plans: plans, timeCalendar: utc)],
                                  calendar: utc, today: today, firstWeekday: 2)
        let index = store.makeSearchIndex()
        XCTAssertEqual(index.count, 2)
        XCTAssertEqual(titles(SearchSession(index: index).search("plan")), ["Old plan", "Far plan"], "36 years back is nearer than 64 ahead")
    }

    /// 100,000 plans over ten years: built and searched (the benchmark times it; no timing here).
    func testAHundredThousandPlansAreIndexedAndSearched() {
        let plans = (0..<100_000).map { i -> Plan in
            let start = today.adding(days: (i * 37) % 3653 - 1826)
            return Plan(id: .init(uid: "p\(i)"), calendarID: workID, title: "Plan number \(i)",
                        location: i % 10 == 0 ? "Room \(i % 97)" : nil,
                        notes: i % 1000 == 0 ? "Agenda: café talk" : nil,
                        timing: .allDay(start: start, end: start.adding(days: 1)))
        }
        let search = session(plans)
        XCTAssertEqual(search.index.count, 100_000)
        XCTAssertEqual(search.search("plan", limit: 10).totalCount, 100_000)
        XCTAssertEqual(titles(search.search("number 99999")), ["Plan number 99999"])
        XCTAssertEqual(search.search("cafe").totalCount, 100)
        let results = search.search("plan number 1", limit: 100)
        XCTAssertEqual(results.items.map { abs($0.distance) }, results.items.map { abs($0.distance) }.sorted())
    }
}
