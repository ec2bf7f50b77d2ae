import CalendarModel
import Foundation
import GtkKit
import ICalendarReading

/// One calendar window with everything behind it: the shared store, the coordinator that
/// connects it to the views, and the clock that moves "today".
@MainActor
final class WindowController: CalendarFileActions {
    let mainWindow: MainWindow
    let store: CalendarStore
    /// Connects the store and the views; made on first use, with the panel and editing it talks to.
    private(set) lazy var coordinator: CalendarCoordinator = CalendarCoordinator(
        store: store, formatter: openingFormatter, window: mainWindow, panel: panel, editing: editing,
        whenEditsSettled: { [unowned self] body in self.whenSaved(body) })
    /// The formatter the window opened with (the coordinator holds the current one).
    private let openingFormatter: CalendarFormatter
    let panel: PanelController
    let colors = ColorClasses()
    /// The locale from the environment (`LANG`…), as the user's session gives it.
    let environmentLocale: LocaleSettings
    /// That locale writing times on the clock chosen (Preferences, else the desktop's).
    var localeSettings: LocaleSettings
    /// GNOME's clock format and week numbers, followed unless the user chose otherwise.
    let desktop: DesktopSettings
    let settings: SettingsStore
    /// The user's calendar folder, backups, and the child that reads untrusted files.
    let storage: StorageContext
    var settingsObservation: SettingsStore.Observation?
    var preferences: PreferencesController?
    var about: AboutWindow?
    /// Removes calendars and puts them back (the calendars list, and Undo).
    private(set) lazy var removal: CalendarRemoval = CalendarRemoval(
        store: store, storage: storage, files: self, feedback: mainWindow,
        drawPlansNow: { [unowned self] in self.coordinator.drawPlansNow() })
    /// New, edit, delete, undo. Made on first use, like the coordinator and the controllers
    /// below: each is given the roles it needs when it is made, so they are built in
    /// dependency order and nothing is wired afterwards.
    private(set) lazy var editing: EditingController = EditingController(
        store: store, feedback: mainWindow, colors: colors, settings: settings, storage: storage,
        calendars: removal, files: self, now: now)
    /// Import (menu, Ctrl+O, files dropped on the window) and export.
    private(set) lazy var importer: ImportController = ImportController(
        store: store, feedback: mainWindow, editing: editing, vetExecutable: storage.vetExecutable,
        formatter: { [coordinator] in coordinator.formatter }, now: now, colors: colors,
        createCalendar: { [unowned self] name, color in self.calendarsList.create(name: name, color: color) })
    var dropTarget: DropTarget?
    /// CalDAV accounts: syncing, its indicator and its dialogs.
    private(set) lazy var sync: SyncController = SyncController(
        feedback: mainWindow, storage: storage, formatter: { [coordinator] in coordinator.formatter }, now: now, files: self)
    /// The header's calendars list: visibility, new, rename, recolour, remove.
    private(set) lazy var calendarsList: CalendarsController = CalendarsController(
        popover: calendarsPopover, store: store, feedback: mainWindow, settings: settings, storage: storage, editing: editing,
        removal: removal, files: self, drawPlansNow: { [unowned self] in self.coordinator.drawPlansNow() })
    private let calendarsPopover: CalendarsPopover
    let now: () -> Date
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
    /// Reads a file again when another program changes it.
    let watcher = FileWatcher()
    /// The header's + entry: a new plan in plain words.
    var quickAdd: QuickAddController?
    /// Reminders as desktop notifications, once started (`startReminders`).
    var reminders: ReminderController?
    /// The log-in entry Preferences' "Run in the background for reminders" switches (nil in tests).
    var autostart: AutostartEntry?
    /// The calendars' sources for the desktop's clock (Evolution Data Server), once started.
    var desktopClock: DesktopCalendarRegistration?

    /// `zone` and `now` are injected so tests can pin and move them; the app passes the real ones.
    /// `loadScheduler`: the app's, which holds loads back until its first frame; `cacheWrites`:
    /// the app's, which it waits for before it exits.
    init(application: Application, localeSettings environmentLocale: LocaleSettings, desktop: DesktopSettings,
         settings: SettingsStore, storage: StorageContext,
         zone: @escaping () -> TimeZone, now: @escaping () -> Date, month: YearMonth?,
         loadScheduler: LoadScheduler, cacheWrites: CacheWriteQueue) {
        self.loadScheduler = loadScheduler
        self.cacheWrites = cacheWrites
        self.environmentLocale = environmentLocale
        self.desktop = desktop
        let localeSettings = environmentLocale.withClock(
            twentyFourHour: settings.settings.usesTwentyFourHourClock(desktop: desktop.choices))
        self.localeSettings = localeSettings
        self.settings = settings
        self.storage = storage
        self.now = now
        self.zone = zone
        let calendar = localeSettings.calendar(timeZone: zone())
        let formatter = CalendarFormatter(locale: localeSettings.locale, calendar: calendar, strings: Localization.formatterStrings(),
                                          japaneseEra: settings.settings.showsJapaneseEra)
        store = CalendarStore(sources: [], calendar: calendar, today: CalendarDay(now(), in: calendar),
                              visibleMonth: month,
                              firstWeekday: settings.settings.firstWeekday(localeDefault: localeSettings.firstWeekday),
                              background: ThreadedBackgroundWork())
        openingFormatter = formatter
        mainWindow = MainWindow(application: application, formatter: formatter, colors: colors, now: now)
        panel = PanelController(layout: mainWindow.panelLayout, view: mainWindow.planPanel,
                                list: mainWindow.planList, grid: mainWindow.grid, settings: settings)
        calendarsPopover = CalendarsPopover(window: mainWindow.window, colors: colors)
        calendarsPopover.isUserCalendar = { [storage] id in storage.isUserCalendar(id.rawValue) }
        mainWindow.header.packPopoverButton(calendarsPopover.button)
        coordinator.refreshList()
        connectSettings()
        connectViews(month: month)
        connectEditing()
        store.setHiddenCalendars(settings.settings.startingHiddenCalendars(offByDefault: builtInCalendarsOffByDefault))
        store.addSource(holidaySource(placingDaysWith: calendar))
        _ = calendarsList // it answers the calendars popover from the start
        mainWindow.header.addTool(sync.button)
        mainWindow.header.addTool(sync.status)
        connectSync()
        watcher.onChange = { [weak self] id, exists in self?.fileChangedOnDisk(id, exists: exists) }
        loadingLabel.addCSSClass("dim-label")
        loadingLabel.isVisible = false
        mainWindow.header.addNotice(loadingLabel)
        installActions(application: application)
    }

    /// Says, in the header bar, that the window shows the bundled samples and cannot change them.
    func showSamplesNotice() {
        // TRANSLATORS: under the month in the header bar when the window shows the bundled example calendars.
        mainWindow.header.subtitle.text = L("Sample calendars (read-only)")
        mainWindow.header.subtitle.isVisible = true
    }

    /// Whether files are still being read in the background (opened, or read again).
    var isLoading: Bool { !loads.isEmpty || rereads.isBusy }

    /// Opens calendar files without blocking the window: they are parsed on a background
    /// thread while the window paints and answers, then their dots appear. `completion` runs
    /// on the main thread once the plans are in the store (and the grid's decorations are
    /// reloaded); problems are shown in the error strip before it runs.
    /// Files `prefetched` read ahead are taken from it (`ICalendarPrefetch`).
    ///
    /// Each file is read on its own and shown as soon as it is read, so one slow or hostile
    /// file never holds up the others; one still reading after `slowFileSeconds` is named in
    /// the error strip. `completion` runs once, with every file's result, when all are done.
    func open(paths: [String], readOnly: Bool = false, prefetched: ICalendarPrefetch? = nil,
              completion: @escaping @MainActor (CalendarLoader.Result) -> Void) {
        let requests = register(paths, readOnly: readOnly)
        let batch = LoadBatch(requests: requests, completion: completion)
        if requests.isEmpty { batch.complete() }
        // Files already read ahead (reopened from the cache while GTK started) are shown at
        // once, in one pass: asked for before the window is presented, they are in its first
        // frame. Larger ones would hold that frame back (10,000 plans, 1.8 MiB, took 20–30 ms to
        // show here): they come a frame later, as files still being read do.
        let readAhead = prefetched.map { loader.takeReadAhead(requests, from: $0, upTo: Self.firstFrameBytes) } ?? []
        if !readAhead.isEmpty {
            var all = CalendarLoader.Result()
            for (_, result) in readAhead { all += result }
            finish(all)
            for (request, result) in readAhead { batch.arrived(request, result) }
            cacheWrites.performInBackground(all.cacheWrites)
        }
        for request in requests where !readAhead.contains(where: { $0.request == request }) {
            var load: BackgroundLoad?
            load = BackgroundLoad(loader: loader, cacheWrites: cacheWrites, requests: [request], prefetched: prefetched,
                                  firstPart: { [weak self] file in self?.showFirstPart(file) }) { [weak self] result in
                guard let self else { return }
                if let load { self.loads[ObjectIdentifier(load)] = nil }
                // A file that failed after its first part was shown is not shown at all.
                if result.sources.isEmpty, self.store.calendars.contains(where: { $0.id == request.id && $0.isLoading }) {
                    self.store.withdrawSource(request.id)
                }
                self.finish(result)
                batch.arrived(request, result)
                self.loadingChanged()
            }
            if let load { loads[ObjectIdentifier(load)] = load }
        }
        _ = MainLoop.after(seconds: Self.slowFileSeconds) { [weak self, weak batch] in
            guard let self, let batch, !batch.pending.isEmpty else { return }
            // TRANSLATORS: %@ is a calendar file still being read after several seconds.
            self.mainWindow.errors.show(batch.pending.map {
                FormatterStrings.fill(L("%@ is taking unusually long to read; your other calendars are shown meanwhile"), $0.path)
            })
        }
        loadingChanged()
    }

    /// At most this much of files read ahead is shown in the window's first frame (`open`).
    static let firstFrameBytes: Int64 = 3 << 20

    /// After this long a file still being read is named (a normal file takes milliseconds,
    /// 100,000 plans about a second).
    static let slowFileSeconds: UInt32 = 5

    /// Runs `body` once no load is running: now, or after the last one has shown its plans.
    func whenLoaded(_ body: @escaping @MainActor () -> Void) {
        if isLoading { loadWaiters.append(body) } else { body() }
    }

    /// Whether an edit is still being saved, or its calendar read back.
    var isSaving: Bool { editing.isSaving || rereads.isBusy }

    /// Runs `body` once every edit asked for so far is saved and read back into the store.
    func whenSaved(_ body: @escaping @MainActor () -> Void) {
        editing.whenSaved { [weak self] in self?.whenLoaded(body) }
    }

    private func loadingChanged() {
        // TRANSLATORS: shown in the header bar while large calendar files are read.
        loadingLabel.text = L("Loading calendars…")
        // Not while a saved file is read back: its old plans stay shown meanwhile.
        loadingLabel.isVisible = !loads.isEmpty
        guard !isLoading else { return }
        let waiters = loadWaiters
        loadWaiters = []
        waiters.forEach { $0() }
    }

    /// `open(paths:readOnly:completion:)` for whoever does not wait for the result.
    func openInBackground(paths: [String], readOnly: Bool) {
        open(paths: paths, readOnly: readOnly) { _ in }
    }

    /// Opens calendar files at once, on this thread (a file already open is read again and
    /// replaces its old copy). Problems appear in the window's error strip and are returned
    /// for the command line. For tests and small files; the app uses `open(paths:completion:)`.
    @discardableResult
    func open(paths: [String], readOnly: Bool = false) -> CalendarLoader.Result {
        let result = loader.load(register(paths, readOnly: readOnly))
        finish(result)
        return result
    }

    /// Reads one open calendar's file again (after an edit, or a change by another program),
    /// never on this thread: the window never waits for a disk. Its old plans stay shown
    /// until the new ones are parsed, then the store swaps them in one go (a version changed
    /// by another program is parsed by a child, as at opening). `completion` runs once they are in.
    func reload(_ id: CalendarID, completion: @escaping @MainActor () -> Void = {}) {
        guard let request = files.first(where: { $0.id == id }) else { return completion() }
        watcher.watch(id, path: request.path)
        rereads.reread(request, with: loader, then: completion)
    }

    /// Reads saved and changed files again, in order, off this thread.
    private lazy var rereads: RereadQueue = {
        let rereads = RereadQueue { [unowned self] request, result in
            // A calendar closed while it was read stays closed.
            guard self.files.contains(request) else { return }
            self.finish(result)
        }
        rereads.onIdle = { [unowned self] in self.loadingChanged() }
        return rereads
    }()

    /// How the window reads its files: in its zone, versions not read before through a child.
    private var loader: CalendarLoader {
        CalendarLoader(timeZone: store.calendar.timeZone, parseGuard: storage.parseGuard, scheduler: loadScheduler)
    }
    private let loadScheduler: LoadScheduler
    private let cacheWrites: CacheWriteQueue

    /// Stops showing a calendar (its file is left alone). `undoable`: the user removed it and
    /// Ctrl+Z can bring it back, so the changes made in it before stay undoable after that.
    func close(_ id: CalendarID, undoable: Bool = false) {
        stopKeeping(id)
        files.removeAll { $0.id == id }
        watcher.unwatch(id)
        editing.forget(id, keepingHistory: undoable)
        store.removeSource(id)
        rememberHiddenCalendars()
        coordinator.drawPlansNow()
    }

    /// Hidden calendars are remembered across runs (by file path, or a built-in calendar's id).
    func rememberHiddenCalendars() {
        let hidden = store.hiddenCalendars
        let offByDefault = builtInCalendarsOffByDefault
        settings.update { $0.remember(hidden: hidden, offByDefault: offByDefault) }
    }

    /// The files opened so far, in order.
    var openFiles: [CalendarLoader.Request] { files }

    /// The requests for `paths`, remembering new files (each keeps the colour it first got).
    private func register(_ paths: [String], readOnly: Bool) -> [CalendarLoader.Request] {
        let requests = paths.map { path in
            files.first { $0.id == CalendarLoader.id(for: path) }
                ?? CalendarLoader.Request(path: path,
                                          fallbackColor: CalendarPalette.color(files.count),
                                          isReadOnly: readOnly)
        }
        for request in requests where !files.contains(request) { files.append(request) }
        // The version about to be read is the one later events are compared with.
        for request in requests { watcher.watch(request.id, path: request.path) }
        return requests
    }

    /// Another program wrote (or removed) an open file: show its new content. An edit in
    /// progress is kept: saving applies it to the new content (`CalendarFile.modify`).
    private func fileChangedOnDisk(_ id: CalendarID, exists: Bool) {
        guard let request = files.first(where: { $0.id == id }) else { return }
        guard exists else {
            close(id)
            // TRANSLATORS: %@ is a calendar file's path.
            mainWindow.errors.show([FormatterStrings.fill(L("%@ was removed or renamed by another program"), request.path)])
            return
        }
        reload(id)
    }

    private func finish(_ result: CalendarLoader.Result) {
        show(result.sources)
        mainWindow.errors.show(result.problems)
    }

    /// A large file's first months, read before the rest of it at start-up: shown now, with
    /// its calendar read-only until the whole file replaces it.
    private func showFirstPart(_ file: ICalendarFile) {
        guard files.contains(where: { $0.id == file.calendar.id }) else { return }
        show([file])
    }

    private func show(_ sources: [ICalendarFile]) {
        store.addSources(sources)
        // One synchronous pass for the whole batch, so the next frame already has the dots.
        coordinator.drawPlansNow()
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
            store.addSource(holidaySource(placingDaysWith: calendar))
            editing.setTimeZone(newZone)
            coordinator.replaceFormatter(makeFormatter(calendar: calendar))
            // Problems were shown when the files were first opened; only the plans move.
            show(CalendarLoader(timeZone: newZone, parseGuard: storage.parseGuard, scheduler: loadScheduler).load(files).sources)
        }
        store.setToday(CalendarDay(now(), in: store.calendar))
        // The days the schedule covers moved on.
        reminders?.recomputeAll()
    }

    func present() {
        mainWindow.window.present()
        mainWindow.focusShownView()
    }
}
