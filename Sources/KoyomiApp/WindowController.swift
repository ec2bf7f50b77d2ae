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
    let panel: PanelController
    private let colors = ColorClasses()
    let localeSettings: LocaleSettings
    let settings: SettingsStore
    var settingsObservation: SettingsStore.Observation?
    var preferences: PreferencesController?
    var about: AboutWindow?
    private let now: () -> Date
    private let zone: () -> TimeZone
    private var clock: DayClock?
    /// Every file opened so far, in order, with the colour it was given: read again when the
    /// time zone changes, since floating times and all-day bounds depend on it.
    private var files: [CalendarLoader.Request] = []

    /// `zone` and `now` are injected so tests can pin and move them; the app passes the real ones.
    init(application: Application, localeSettings: LocaleSettings, settings: SettingsStore,
         zone: @escaping () -> TimeZone, now: @escaping () -> Date, month: YearMonth?) {
        self.localeSettings = localeSettings
        self.settings = settings
        self.now = now
        self.zone = zone
        let calendar = localeSettings.calendar(timeZone: zone())
        let formatter = CalendarFormatter(locale: localeSettings.locale, calendar: calendar, strings: Localization.formatterStrings())
        store = CalendarStore(sources: [], calendar: calendar, today: CalendarDay(now(), in: calendar),
                              visibleMonth: month,
                              firstWeekday: settings.settings.firstWeekday(localeDefault: localeSettings.firstWeekday))
        mainWindow = MainWindow(application: application, formatter: formatter, colors: colors)
        application.setAccelerators(["<Control>question"], forAction: "win.show-help-overlay")
        application.setAccelerators(["<Control>comma"], forAction: "win.preferences")
        coordinator = CalendarCoordinator(store: store, formatter: formatter, window: mainWindow)
        panel = PanelController(layout: mainWindow.panelLayout, view: mainWindow.planPanel,
                                list: mainWindow.planList, grid: mainWindow.grid, settings: settings)
        coordinator.panel = panel
        coordinator.refreshList()
        connectSettings()
    }

    /// Opens calendar files (a file already open is read again and replaces its old copy).
    /// Problems appear in the window's error strip and are returned for the command line.
    @discardableResult
    func open(paths: [String]) -> CalendarLoader.Result {
        let requests = paths.map { path in
            files.first { CalendarLoader.id(for: $0.path) == CalendarLoader.id(for: path) }
                ?? CalendarLoader.Request(path: path,
                                          fallbackColor: CalendarLoader.palette[files.count % CalendarLoader.palette.count])
        }
        for request in requests where !files.contains(request) { files.append(request) }
        let result = CalendarLoader(timeZone: store.calendar.timeZone).load(requests)
        show(result.sources)
        mainWindow.errors.show(result.problems)
        return result
    }

    private func show(_ sources: [ICalendarFile]) {
        for source in sources { store.addSource(source) }
        // One synchronous pass for the whole batch, so the next frame already has the dots.
        mainWindow.grid.reloadDecorationsNow()
    }

    /// Follows midnight, suspend and time-zone changes from now on.
    func startClock() {
        clock = DayClock(now: now, zone: zone) { [weak self] zone in self?.timeChanged(zone) }
        clock?.start()
    }

    /// Looks at the clock now instead of at the next tick (after a resume, and for tests).
    func checkClock() { clock?.check() }

    private func timeChanged(_ newZone: TimeZone) {
        if newZone.identifier != store.calendar.timeZone.identifier {
            let calendar = localeSettings.calendar(timeZone: newZone)
            store.setCalendar(calendar)
            coordinator.replaceFormatter(CalendarFormatter(locale: localeSettings.locale, calendar: calendar, strings: Localization.formatterStrings()))
            // Problems were shown when the files were first opened; only the plans move.
            show(CalendarLoader(timeZone: newZone).load(files).sources)
        }
        store.setToday(CalendarDay(now(), in: store.calendar))
    }

    func present() {
        mainWindow.window.present()
        mainWindow.grid.focusBestCell()
    }
}
