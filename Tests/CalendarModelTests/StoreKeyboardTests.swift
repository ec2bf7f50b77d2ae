import CalendarModel
import XCTest

/// Keyboard navigation: the selection is the focus, and it walks across month edges.
/// Today is Sunday 29 November 2026; the grid is Sunday-first.
final class StoreKeyboardTests: XCTestCase {
    private let today = day(2026, 11, 29)

    private func makeStore(showing shown: YearMonth? = nil) -> CalendarStore {
        CalendarStore(sources: [], calendar: gregorian(), today: today, visibleMonth: shown, firstWeekday: 1)
    }

    func testArrowsMoveTheSelectionAndPageAtTheMonthEdge() {
        let store = makeStore()
        let recorder = ChangeRecorder(store)
        store.moveSelection(by: 1)
        XCTAssertEqual(store.selection, day(2026, 11, 30))
        XCTAssertEqual(recorder.take(), [.selection])
        store.moveSelection(by: 1)
        XCTAssertEqual(store.selection, day(2026, 12, 1))
        XCTAssertEqual(store.visibleMonth, month(2026, 12), "leaving the month pages the grid")
        XCTAssertEqual(recorder.take(), [[.visibleMonth, .selection]])
        store.moveSelection(by: -7)
        XCTAssertEqual(store.selection, day(2026, 11, 24))
        XCTAssertEqual(store.visibleMonth, month(2026, 11))
        store.moveSelection(by: 7)
        store.moveSelection(by: 7)
        XCTAssertEqual(store.selection, day(2026, 12, 8))
    }

    func testTheFirstArrowWithNothingSelectedSelectsTodayOrTheFirst() {
        let store = makeStore(showing: month(2027, 3))
        store.showMonth(month(2026, 11))
        XCTAssertNil(store.selection, "no day was ever selected")
        store.moveSelection(by: 1)
        XCTAssertEqual(store.selection, today, "today, not the day after it")
        let other = makeStore(showing: month(2027, 3))
        XCTAssertNil(other.selection)
        other.moveSelection(by: -7)
        XCTAssertEqual(other.selection, day(2027, 3, 1))
        XCTAssertEqual(other.visibleMonth, month(2027, 3))
    }

    /// Escape (or a second click) deselects; the arrows then carry on from that day.
    func testAfterDeselectingTheArrowsMoveOnFromTheDaySelectedLast() {
        let store = makeStore()
        store.select(day(2026, 11, 22))
        store.clearSelection()
        store.moveSelection(by: 1)
        XCTAssertEqual(store.selection, day(2026, 11, 23), "not the 1st, not today")
        store.select(day(2026, 11, 23)) // a second click deselects
        XCTAssertNil(store.selection)
        store.moveSelection(by: -7)
        XCTAssertEqual(store.selection, day(2026, 11, 16))
        store.clearSelection()
        store.moveSelection(by: 0)
        XCTAssertEqual(store.selection, day(2026, 11, 16), "a move of nothing selects that day again")

        // Paged away from it, the old day is not on screen to move from.
        store.clearSelection()
        store.showMonth(month(2027, 3))
        store.moveSelection(by: 1)
        XCTAssertEqual(store.selection, day(2027, 3, 1))
    }

    /// `show` selects and pages like the arrows: a second call never deselects.
    func testShowingADayNeverDeselectsIt() {
        let store = makeStore()
        store.show(day(2026, 11, 22))
        store.show(day(2026, 11, 22))
        XCTAssertEqual(store.selection, day(2026, 11, 22))
        store.show(day(2027, 1, 5))
        XCTAssertEqual(store.selection, day(2027, 1, 5))
        XCTAssertEqual(store.visibleMonth, month(2027, 1))
    }

    func testPageKeysMoveTheSelectedDayByAMonthClampingItsDay() {
        let store = makeStore()
        store.select(day(2026, 10, 31)) // a greyed cell: pages to October
        XCTAssertEqual(store.visibleMonth, month(2026, 10))
        store.moveSelection(byMonths: 1)
        XCTAssertEqual(store.selection, day(2026, 11, 30), "November has no 31st")
        store.moveSelection(byMonths: 3)
        XCTAssertEqual(store.selection, day(2027, 2, 28))
        XCTAssertEqual(store.visibleMonth, month(2027, 2))
        store.moveSelection(byMonths: -12)
        XCTAssertEqual(store.selection, day(2026, 2, 28))
    }

    func testPageKeysWithNothingSelectedJustPage() {
        let store = makeStore()
        store.clearSelection()
        let recorder = ChangeRecorder(store)
        store.moveSelection(byMonths: -1)
        XCTAssertEqual(store.visibleMonth, month(2026, 10))
        XCTAssertNil(store.selection)
        XCTAssertEqual(recorder.take(), [.visibleMonth])
    }
}
