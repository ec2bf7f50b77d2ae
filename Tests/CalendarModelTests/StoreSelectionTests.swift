import CalendarModel
import XCTest

/// Selection and paging, as a user clicks through the month view.
/// Today is Sunday 29 November 2026; the grid is Sunday-first.
final class StoreSelectionTests: XCTestCase {
    private let today = day(2026, 11, 29)

    private func makeStore(showing shown: YearMonth? = nil) -> CalendarStore {
        CalendarStore(sources: [], calendar: gregorian(), today: today, visibleMonth: shown, firstWeekday: 1)
    }

    func testStartsOnTodaysMonthWithTodaySelected() {
        let store = makeStore()
        XCTAssertEqual(store.visibleMonth, month(2026, 11))
        XCTAssertEqual(store.selection, today)
        XCTAssertEqual(store.layout, MonthLayout(month: month(2026, 11), firstWeekday: 1))
        XCTAssertEqual(store.firstWeekday, 1)
    }

    func testStartSelectsTodayOnlyWhenItIsInTheGrid() {
        // December's Sunday-first grid begins on 29 November (a greyed cell).
        XCTAssertEqual(makeStore(showing: month(2026, 12)).selection, today)
        XCTAssertNil(makeStore(showing: month(2027, 1)).selection)
        XCTAssertNil(makeStore(showing: month(2026, 10)).selection)
    }

    func testSelectingTheSelectedDayAgainDeselects() {
        let store = makeStore()
        let recorder = ChangeRecorder(store)
        store.select(day(2026, 11, 10))
        XCTAssertEqual(store.selection, day(2026, 11, 10))
        store.select(day(2026, 11, 10))
        XCTAssertNil(store.selection)
        store.select(day(2026, 11, 11))
        XCTAssertEqual(store.selection, day(2026, 11, 11))
        XCTAssertEqual(recorder.take(), [.selection, .selection, .selection])
        XCTAssertEqual(store.visibleMonth, month(2026, 11))
    }

    func testClickOnGreyedDayPagesAndSelects() {
        let store = makeStore()
        let recorder = ChangeRecorder(store)
        store.select(day(2026, 12, 3))
        XCTAssertEqual(store.visibleMonth, month(2026, 12))
        XCTAssertEqual(store.selection, day(2026, 12, 3))
        XCTAssertEqual(recorder.take(), [[.visibleMonth, .selection]])

        // 29 November is greyed in December's grid: clicking it pages back, never deselects.
        store.select(day(2026, 11, 29))
        XCTAssertEqual(store.visibleMonth, month(2026, 11))
        XCTAssertEqual(store.selection, day(2026, 11, 29))
    }

    func testPagingKeepsTheSelectionWhileItIsInTheGrid() {
        let store = makeStore()
        let recorder = ChangeRecorder(store)
        store.select(day(2026, 11, 30))
        _ = recorder.take()

        store.showNextMonth()  // December's grid still shows 30 November
        XCTAssertEqual(store.selection, day(2026, 11, 30))
        XCTAssertEqual(recorder.take(), [.visibleMonth])

        store.showNextMonth()  // January's grid starts on 27 December
        XCTAssertEqual(store.visibleMonth, month(2027, 1))
        XCTAssertNil(store.selection)
        XCTAssertEqual(recorder.take(), [[.visibleMonth, .selection]])

        store.showPreviousMonth()  // a cleared selection does not come back
        XCTAssertNil(store.selection)
        XCTAssertEqual(recorder.take(), [.visibleMonth])
    }

    func testPagingAcrossYears() {
        let store = makeStore(showing: month(2027, 1))
        store.showPreviousMonth()
        store.showPreviousMonth()
        XCTAssertEqual(store.visibleMonth, month(2026, 11))
        store.showMonth(month(2025, 12))
        store.showNextMonth()
        XCTAssertEqual(store.visibleMonth, month(2026, 1))
    }

    func testTodayPagesAndSelects() {
        let store = makeStore(showing: month(2027, 3))
        let recorder = ChangeRecorder(store)
        store.goToToday()
        XCTAssertEqual(store.visibleMonth, month(2026, 11))
        XCTAssertEqual(store.selection, today)
        XCTAssertEqual(recorder.take(), [[.visibleMonth, .selection]])

        store.select(day(2026, 11, 5))
        _ = recorder.take()
        store.goToToday()  // same month: only the selection moves
        XCTAssertEqual(store.selection, today)
        XCTAssertEqual(recorder.take(), [.selection])
    }

    func testSetTodayKeepsWhatTheUserLooksAt() {
        let store = makeStore()
        let recorder = ChangeRecorder(store)
        store.setToday(day(2026, 11, 30))
        XCTAssertEqual(store.today, day(2026, 11, 30))
        XCTAssertEqual(store.selection, today)
        XCTAssertEqual(store.visibleMonth, month(2026, 11))
        XCTAssertEqual(recorder.take(), [.today])
        store.goToToday()
        XCTAssertEqual(store.selection, day(2026, 11, 30))
    }

    /// The anchor is the day the views start from: the day selected or shown last, kept in the
    /// visible month; paging keeps its day of the month (clamped to the month's length).
    func testTheAnchorFollowsTheSelectionAndPagingKeepsItsDayOfTheMonth() {
        let store = makeStore()
        XCTAssertEqual(store.anchor, day(2026, 11, 29), "today, shown first")
        store.select(day(2026, 11, 30))
        store.clearSelection()
        XCTAssertEqual(store.anchor, day(2026, 11, 30), "kept after the selection is cleared")
        store.showMonth(YearMonth(year: 2027, month: 2)!)
        XCTAssertEqual(store.anchor, day(2027, 2, 28), "the 30th is the 28th in February")
        XCTAssertEqual(store.visibleMonth, YearMonth(year: 2027, month: 2)!)
        store.show(day(2027, 5, 5))
        XCTAssertEqual(store.anchor, day(2027, 5, 5))
        XCTAssertEqual(store.layout.month, YearMonth(year: 2027, month: 5)!, "the grid follows the anchor")
    }
}
