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
    /// Loads still running on background threads, and who waits for them all to finish.
    private var loads: [ObjectIdentifier: BackgroundLoad] = [:]
    private var loadWaiters: [@MainActor () -> Void] = []
    /// "Loading calendars…" in the header bar while any load runs.
    private let loadingLabel = Label()

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
        loadingLabel.addCSSClass("dim-label")
        loadingLabel.isVisible = false
        mainWindow.pager.headerBar.packStart(loadingLabel)
    }

    /// Whether files are still being read in the background.
    var isLoading: Bool { !loads.isEmpty }

    /// Opens calendar files without blocking the window: they are parsed on a background
    /// thread while the window paints and answers, then their dots appear. `completion` runs
    /// on the main thread once the plans are in the store (and the grid's decorations are
    /// reloaded); problems are shown in the error strip before it runs.
    func open(paths: [String], completion: @escaping @MainActor (CalendarLoader.Result) -> Void) {
        let requests = register(paths)
        var load: BackgroundLoad?
        load = BackgroundLoad(loader: CalendarLoader(timeZone: store.calendar.timeZone), requests: requests) { [weak self] result in
            guard let self else { return }
            if let load { self.loads[ObjectIdentifier(load)] = nil }
            self.finish(result)
            completion(result)
            self.loadingChanged()
        }
        if let load { loads[ObjectIdentifier(load)] = load }
        loadingChanged()
    }

    /// Runs `body` once no load is running: now, or after the last one has shown its plans.
    func whenLoaded(_ body: @escaping @MainActor () -> Void) {
        if loads.isEmpty { body() } else { loadWaiters.append(body) }
    }

    private func loadingChanged() {
        // TRANSLATORS: shown in the header bar while large calendar files are read.
        loadingLabel.text = L("Loading calendars…")
        loadingLabel.isVisible = !loads.isEmpty
        guard loads.isEmpty else { return }
        let waiters = loadWaiters
        loadWaiters = []
        waiters.forEach { $0() }
    }

    /// Opens calendar files at once, on this thread (a file already open is read again and
    /// replaces its old copy). Problems appear in the window's error strip and are returned
    /// for the command line. For tests and small files; the app uses `open(paths:completion:)`.
    @discardableResult
    func open(paths: [String]) -> CalendarLoader.Result {
        let result = CalendarLoader(timeZone: store.calendar.timeZone).load(register(paths))
        finish(result)
        return result
    }

    /// The requests for `paths`, remembering new files (each keeps the colour it first got).
    private func register(_ paths: [String]) -> [CalendarLoader.Request] {
        let requests = paths.map { path in
            files.first { CalendarLoader.id(for: $0.path) == CalendarLoader.id(for: path) }
                ?? CalendarLoader.Request(path: path,
                                          fallbackColor: CalendarLoader.palette[files.count % CalendarLoader.palette.count])
        }
        for request in requests where !files.contains(request) { files.append(request) }
        return requests
    }

    private func finish(_ result: CalendarLoader.Result) {
        show(result.sources)
        mainWindow.errors.show(result.problems)
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
