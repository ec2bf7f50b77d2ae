import CalendarModel
import Foundation
import GtkKit
import ICalendar

/// One calendar window with everything behind it: the shared store, the coordinator that
/// connects it to the views, and the clock that moves "today".
@MainActor
final class WindowController {
    let mainWindow: MainWindow
    let store: CalendarStore
    let coordinator: CalendarCoordinator
    private let colors = ColorClasses()
    private let localeSettings: LocaleSettings
    private let now: () -> Date
    private var clock: DayClock?
    private(set) var problems: [String] = []

    /// `timeZone` and `now` are injected so tests can pin them; the app passes the real ones.
    init(application: Application, localeSettings: LocaleSettings, timeZone: TimeZone,
         now: @escaping () -> Date, month: YearMonth?) {
        self.localeSettings = localeSettings
        self.now = now
        let calendar = localeSettings.calendar(timeZone: timeZone)
        let formatter = CalendarFormatter(locale: localeSettings.locale, calendar: calendar)
        store = CalendarStore(sources: [], calendar: calendar, today: CalendarDay(now(), in: calendar),
                              visibleMonth: month, firstWeekday: localeSettings.firstWeekday)
        mainWindow = MainWindow(application: application, formatter: formatter, colors: colors)
        coordinator = CalendarCoordinator(store: store, formatter: formatter, window: mainWindow)
    }

    /// Opens calendar files (a file already open is read again and replaces its old copy).
    /// Problems appear in the window's error strip and are returned for the command line.
    @discardableResult
    func open(paths: [String]) -> [String] {
        let loader = CalendarLoader(timeZone: store.calendar.timeZone)
        let result = loader.load(paths: paths, firstColorIndex: store.calendars.count)
        for source in result.sources { store.addSource(source) }
        // One synchronous pass for the whole batch, so the next frame already has the dots.
        mainWindow.grid.reloadDecorationsNow()
        problems += result.problems
        mainWindow.errors.show(result.problems)
        return result.problems
    }

    /// Follows midnight, suspend and time-zone changes from now on.
    func startClock() {
        clock = DayClock(now: now) { [weak self] zone in self?.timeChanged(zone) }
        clock?.start()
    }

    /// Looks at the clock now instead of at the next tick (after a resume, and for tests).
    func checkClock() { clock?.check() }

    private func timeChanged(_ zone: TimeZone) {
        if zone.identifier != store.calendar.timeZone.identifier {
            let calendar = localeSettings.calendar(timeZone: zone)
            store.setCalendar(calendar)
            coordinator.replaceFormatter(CalendarFormatter(locale: localeSettings.locale, calendar: calendar))
        }
        store.setToday(CalendarDay(now(), in: store.calendar))
    }

    func present() {
        mainWindow.window.present()
        mainWindow.grid.focusBestCell()
    }
}
