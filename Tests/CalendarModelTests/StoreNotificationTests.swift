import CalendarModel
import XCTest

final class StoreNotificationTests: XCTestCase {
    private func makeStore() -> CalendarStore {
        CalendarStore(sources: [], calendar: gregorian(), today: day(2026, 11, 29), firstWeekday: 1)
    }

    func testNoOpActionsNotifyNothing() {
        let store = makeStore()
        let recorder = ChangeRecorder(store)
        store.showMonth(month(2026, 11))
        store.goToToday()                    // already there, today already selected
        store.setToday(day(2026, 11, 29))
        store.setCalendar(gregorian())
        store.clearSelection()
        XCTAssertEqual(store.selection, nil)
        XCTAssertEqual(recorder.take(), [.selection])  // only the real clearSelection
        store.clearSelection()
        XCTAssertEqual(recorder.take(), [])
    }

    func testSourceAndCalendarChangesNotifyOnce() {
        let store = makeStore()
        let recorder = ChangeRecorder(store)
        let utc = gregorian()
        store.setCalendar(gregorian("Asia/Tokyo"))
        store.setSources([StaticPlanSource(calendar: workInfo, plans: [], timeCalendar: utc)])
        store.addSource(StaticPlanSource(calendar: holidayInfo, plans: [], timeCalendar: utc))
        store.reloadPlans()
        XCTAssertEqual(recorder.take(), [.plans, [.plans, .calendars], [.plans, .calendars], .plans])
        XCTAssertEqual(store.calendars, [workInfo, holidayInfo])
    }

    func testCalendarsAddedTogetherNotifyOnceAndReplaceTheirNamesakes() {
        let store = makeStore()
        let utc = gregorian()
        store.addSource(StaticPlanSource(calendar: workInfo, plans: [], timeCalendar: utc))
        let recorder = ChangeRecorder(store)
        let newWork = StaticPlanSource(calendar: workInfo, plans: [allDay("w", day(2026, 11, 30), title: "Standup")],
                                       timeCalendar: utc)
        store.addSources([StaticPlanSource(calendar: holidayInfo, plans: [], timeCalendar: utc), newWork])
        XCTAssertEqual(recorder.take(), [[.plans, .calendars]])
        XCTAssertEqual(store.calendars, [workInfo, holidayInfo])
        XCTAssertEqual(store.plans(on: day(2026, 11, 30)).map(\.plan.title), ["Standup"])
        store.addSources([])
        XCTAssertEqual(recorder.take(), [])
    }

    func testEveryObserverHearsEachChangeOnce() {
        let store = makeStore()
        let first = ChangeRecorder(store)
        let second = ChangeRecorder(store)
        store.showNextMonth()
        XCTAssertEqual(first.take(), [.visibleMonth])
        XCTAssertEqual(second.take(), [.visibleMonth])
    }

    func testCancelStopsNotifications() {
        let store = makeStore()
        var calls = 0
        let observation = store.observe { _ in calls += 1 }
        store.showNextMonth()
        observation.cancel()
        observation.cancel()
        store.showNextMonth()
        XCTAssertEqual(calls, 1)
    }

    func testReleasingTheObservationCancelsIt() {
        let store = makeStore()
        var calls = 0
        var observation: StoreObservation? = store.observe { _ in calls += 1 }
        store.showNextMonth()
        XCTAssertNotNil(observation)
        observation = nil
        store.showNextMonth()
        XCTAssertEqual(calls, 1)
    }

    func testObserverMayCancelItselfAndOthersDuringNotification() {
        let store = makeStore()
        var log: [String] = []
        var selfCancelling: StoreObservation?
        var later: StoreObservation?
        selfCancelling = store.observe { _ in
            log.append("self")
            selfCancelling?.cancel()
            later?.cancel()
        }
        later = store.observe { _ in log.append("later") }
        let steady = store.observe { _ in log.append("steady") }
        store.showNextMonth()
        store.showNextMonth()
        XCTAssertEqual(log, ["self", "steady", "steady"])
        steady.cancel()
    }

    func testObserverAddedDuringNotificationWaitsForTheNextChange() {
        let store = makeStore()
        var log: [String] = []
        var added: [StoreObservation] = []
        let adder = store.observe { [unowned store] _ in
            if added.isEmpty { added.append(store.observe { _ in log.append("new") }) }
            log.append("adder")
        }
        store.showNextMonth()
        store.showNextMonth()
        XCTAssertEqual(log, ["adder", "adder", "new"])
        adder.cancel()
    }

    func testObservationDoesNotKeepTheStoreAlive() {
        weak var weakStore: CalendarStore?
        var observation: StoreObservation?
        do {
            let store = makeStore()
            weakStore = store
            observation = store.observe { _ in }
        }
        XCTAssertNil(weakStore)
        observation?.cancel()  // harmless once the store is gone
    }
}
