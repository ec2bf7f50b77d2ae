import CalendarModel
import XCTest

/// Hiding a calendar takes its plans out of everything the window shows, at once.
final class StoreVisibilityTests: XCTestCase {
    private let utc = gregorian()
    private let personalID = CalendarID("personal")
    private var personalInfo: CalendarInfo { CalendarInfo(id: personalID, name: "Personal", color: "#2ec27e") }

    /// Work has a trip on 10–12 Nov and a meeting on the 18th; Personal has yoga on the 18th
    /// and 20 Dec (outside November's grid); Holidays labels the 26th.
    private func makeSources() -> [any PlanSource] {
        let work = StaticPlanSource(calendar: workInfo, plans: [
            allDay("trip", day(2026, 11, 10), through: day(2026, 11, 12), title: "Trip"),
            timed("meeting", instant(2026, 11, 18, 9, in: utc), instant(2026, 11, 18, 10, in: utc), title: "Meeting"),
        ], timeCalendar: utc)
        let personal = StaticPlanSource(calendar: personalInfo, plans: [
            timed("yoga", instant(2026, 11, 18, 18, in: utc), instant(2026, 11, 18, 19, in: utc),
                  title: "Yoga", calendar: personalID),
            timed("yoga-dec", instant(2026, 12, 20, 18, in: utc), instant(2026, 12, 20, 19, in: utc),
                  title: "Yoga again", calendar: personalID),
        ], timeCalendar: utc)
        let holidays = StaticPlanSource(calendar: holidayInfo, plans: [
            allDay("thanks", day(2026, 11, 26), title: "Thanksgiving", calendar: holidayID),
        ], timeCalendar: utc)
        return [work, personal, holidays]
    }

    private func makeStore() -> CalendarStore {
        CalendarStore(sources: makeSources(), calendar: utc, today: day(2026, 11, 29), firstWeekday: 1)
    }

    private func searchTitles(_ store: CalendarStore, _ query: String) -> [String] {
        SearchSession(index: store.makeSearchIndex()).search(query).items.map(\.plan.title)
    }

    func testAHiddenCalendarsDotsRowsAndLabelsVanish() {
        let store = makeStore()
        let the18th = day(2026, 11, 18)
        // Fill the index cache first, so hiding must invalidate it.
        XCTAssertEqual(store.decoration(for: the18th).dots.map(\.fallback), ["#1c71d8", "#2ec27e"])
        XCTAssertEqual(store.decoration(for: day(2026, 11, 26)).label, "Thanksgiving")

        store.setCalendar(personalID, visible: false)
        XCTAssertEqual(store.decoration(for: the18th).dots.map(\.fallback), ["#1c71d8"], "only Work's dot is left")
        XCTAssertEqual(store.uids(on: the18th), ["meeting"])
        XCTAssertEqual(store.decoration(for: the18th).planCount, 1)

        store.setCalendar(holidayID, visible: false)
        XCTAssertNil(store.decoration(for: day(2026, 11, 26)).label, "a hidden holiday calendar's label goes too")
        XCTAssertEqual(store.decoration(for: day(2026, 11, 26)), .none)

        store.setCalendar(personalID, visible: true)
        XCTAssertEqual(store.uids(on: the18th), ["meeting", "yoga"], "showing it again brings its plans back")
    }

    func testHiddenPlansLeaveTheAgendaCountsAndDaysOutsideTheGrid() {
        let store = makeStore()
        XCTAssertEqual(store.slice(of: store.layout.span).planCount, 4)
        store.setCalendar(workID, visible: false)
        XCTAssertEqual(store.agenda().map(\.day), [day(2026, 11, 18), day(2026, 11, 26)])
        XCTAssertEqual(store.agenda().flatMap { $0.plans.map(\.plan.id.uid) }, ["yoga", "thanks"])
        XCTAssertEqual(store.slice(of: store.layout.span).planCount, 2)

        // 20 Dec is not in November's grid: answered from the sources directly, still filtered.
        XCTAssertEqual(store.uids(on: day(2026, 12, 20)), ["yoga-dec"])
        store.setCalendar(personalID, visible: false)
        XCTAssertEqual(store.uids(on: day(2026, 12, 20)), [])
        XCTAssertEqual(store.decoration(for: day(2026, 12, 20)), .none)
        store.setCalendar(holidayID, visible: false)
        XCTAssertFalse(store.visibleMonthHasPlans)
    }

    func testSearchSkipsHiddenCalendars() {
        let store = makeStore()
        XCTAssertEqual(Set(searchTitles(store, "yoga")), ["Yoga", "Yoga again"])
        store.setCalendar(personalID, visible: false)
        XCTAssertEqual(searchTitles(store, "yoga"), [])
        XCTAssertEqual(searchTitles(store, "meeting"), ["Meeting"])
        XCTAssertFalse(store.searchablePlans().contains { $0.plan.calendarID == personalID })
    }

    func testHiddenCalendarsStayListedAndChangesNotifyOnce() {
        let store = makeStore()
        let recorder = ChangeRecorder(store)
        store.setCalendar(personalID, visible: false)
        store.setCalendar(personalID, visible: false) // no change: no call
        XCTAssertEqual(recorder.take(), [[.calendars, .plans]])
        XCTAssertEqual(store.hiddenCalendars, [personalID])
        XCTAssertFalse(store.isCalendarVisible(personalID))
        XCTAssertTrue(store.isCalendarVisible(workID))
        XCTAssertEqual(store.calendars.map(\.id), [workID, personalID, holidayID], "the list still shows it")

        store.setHiddenCalendars([personalID])
        XCTAssertEqual(recorder.take(), [])
        store.setHiddenCalendars([workID, holidayID])
        XCTAssertEqual(recorder.take(), [[.calendars, .plans]], "a whole new set notifies once")
        XCTAssertEqual(store.uids(on: day(2026, 11, 18)), ["yoga"])
    }

    func testVisibilitySurvivesReloadingTheSources() {
        let store = makeStore()
        // Settings are applied before the files are read: an id not loaded yet is remembered.
        let later = CalendarID("later")
        store.setCalendar(later, visible: false)
        XCTAssertEqual(store.hiddenCalendars, [later])
        store.addSource(StaticPlanSource(calendar: CalendarInfo(id: later, name: "Later", color: "red"), plans: [
            allDay("late-plan", day(2026, 11, 18), calendar: later),
        ], timeCalendar: utc))
        XCTAssertFalse(store.uids(on: day(2026, 11, 18)).contains("late-plan"), "hidden from the moment it loads")

        store.setCalendar(personalID, visible: false)
        store.setSources(makeSources()) // a reload hands over new source objects
        XCTAssertFalse(store.uids(on: day(2026, 11, 18)).contains("yoga"), "a reload keeps it hidden")
    }

    func testRemovingASourceTakesItsPlansAndEntryAway() {
        let store = makeStore()
        store.setCalendar(personalID, visible: false)
        _ = store.decoration(for: day(2026, 11, 18))
        let recorder = ChangeRecorder(store)

        store.removeSource(workID)
        XCTAssertEqual(recorder.take(), [[.plans, .calendars]])
        XCTAssertEqual(store.calendars.map(\.id), [personalID, holidayID])
        XCTAssertEqual(store.uids(on: day(2026, 11, 11)), [], "the trip is gone")
        XCTAssertEqual(store.decoration(for: day(2026, 11, 18)), .none, "and the meeting's dot (yoga is hidden)")

        store.removeSource(personalID)
        XCTAssertEqual(store.hiddenCalendars, [], "a removed calendar is forgotten, so a new one at its path shows")
        store.removeSource(CalendarID("nowhere"))
        XCTAssertEqual(recorder.take(), [[.plans, .calendars]], "removing an unknown id changes nothing")
    }
}
