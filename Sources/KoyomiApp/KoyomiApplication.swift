import CalendarLibrary
import CalendarModel
import Foundation
import GtkKit
import ICalendarReading

/// The application: one instance per session (a second `koyomi FILE` hands FILE to the
/// running window), one calendar window, the GLib main loop.
@MainActor
public final class KoyomiApplication {
    public nonisolated static let applicationID = "app.koyomi.Koyomi"

    private let options: LaunchOptions
    private let environment: [String: String]
    private let clock: ProcessClock
    private let application: Application
    private var controller: WindowController?
    private var exitStatus: Int32 = 0
    /// The files the window will open, read from the start (`ICalendarPrefetch`); handed to
    /// the window's loads when it opens them, then let go.
    private var prefetch: ICalendarPrefetch?
    /// Every load of this run: all but one thread held back until the first frame is painted.
    private let loadScheduler = LoadScheduler()
    /// The reopen-cache writes started after plans are shown: waited for before the process ends.
    private let cacheWrites = CacheWriteQueue()
    /// Set by the hidden `--benchmark-interactions N`.
    private var benchmark: InteractionBenchmark?
    /// Plans in GNOME Shell's search, and the provider on the bus while registered.
    private var shellSearch: ShellSearchController?
    private var shellSearchProvider: ShellSearchProvider?
    /// Keeps a Koyomi that D-Bus started for a search running between the Shell's queries.
    private var searchLinger: MainLoopSource?
    /// Sync and reminders wait for the window when D-Bus started Koyomi for a search.
    private var deferredWork = false

    /// Adopts the user's language (`LC_ALL`, `LC_MESSAGES`, `LANG`, `LANGUAGE`) and binds the
    /// catalogs: for the window (the initializer does it) and for the commands, which print
    /// words from the same catalogs (`koyomi list` says 「終日」 in Japanese).
    public static func setUpTranslations(environment: [String: String] = ProcessInfo.processInfo.environment) {
        Localization.setUp(localeDirectory: Localization.localeDirectory(environment: environment))
    }

    public init(options: LaunchOptions, clock: ProcessClock = .system,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.options = options
        self.clock = clock
        self.environment = environment
        // Before any window exists: every label is translated as it is made.
        Self.setUpTranslations(environment: environment)
        // A timing run must never hand its work to (or wait for) another instance.
        var flags: Application.Flags = options.isTimingRun ? [.handlesOpen, .nonUnique] : [.handlesOpen]
        if options.isService { flags.insert(.isService) }
        application = Application(id: Self.applicationID, flags: flags)
        application.onStartup {
            CSSProvider(css: Stylesheet.css).install()
        }
        application.onActivate { [weak self] in self?.activate() }
        application.onOpen { [weak self] paths, uris in self?.openFromAnotherLaunch(paths, unsupported: uris) }
        // A later `koyomi --month M` shows M in this window.
        application.addAction("show-month") { [weak self] text in
            guard let self, let month = YearMonth(parsing: text) else { return }
            if self.controller == nil { self.activate() }
            self.controller?.store.showMonth(month)
        }
        if !options.isTimingRun { setUpShellSearch() }
        // Ctrl+Q quits, as in every GNOME app: the window and the reminders in the background.
        application.addAction("quit") { [weak self] in self?.quit() }
        application.setAccelerators(["<Control>q"], forAction: "app.quit")
        // A reminder notification's buttons and click, also from one an earlier Koyomi showed
        // (D-Bus activation starts this one for it).
        for action in [ReminderNotice.dismissAction, ReminderNotice.snoozeAction, ReminderNotice.openAction] {
            application.addAction(action) { [weak self] target in self?.reminderAction(action, target: target) }
        }
    }

    /// Runs until the window closes; returns the process exit status.
    public func run() -> Int32 {
        // Reading starts before GTK connects to the display (registering takes about 100 ms),
        // on one thread until the window has painted (`LoadScheduler`). A second instance reads
        // for nothing until it learns it is one, then leaves.
        loadScheduler.close()
        prefetch = readAhead()
        application.register()
        if application.isRemote {
            // `--background` when one runs already: it reminds; nothing to show.
            if options.background { return 0 }
            // Another Koyomi is running: give it our month and files (or just raise it) and leave.
            if let month = options.month { application.activateAction("show-month", string: month.description) }
            if options.files.isEmpty && options.subscriptions.isEmpty {
                application.activate()
            } else {
                application.open(paths: options.files, uris: options.subscriptions)
            }
            application.flush()
            return 0
        }
        let status = application.run()
        cacheWrites.waitForBackgroundWrites(timeout: 10)
        return status != 0 ? status : exitStatus
    }

    /// `TZ`, else the system's zone, read afresh: Foundation caches it, and /etc/localtime may
    /// have changed since (a laptop that travelled).
    private static func systemZone() -> TimeZone {
        NSTimeZone.resetSystemTimeZone()
        return TimeZone.current
    }

    private func makeController() -> WindowController {
        if let controller { return controller }
        let settings = LocaleSettings.fromEnvironment(environment)
        let controller = WindowController(application: application, localeSettings: settings,
                                          desktop: DesktopSettings(environment: environment),
                                          settings: SettingsStore(environment: environment),
                                          storage: StorageContext(environment: environment, timeZone: Self.systemZone()),
                                          zone: Self.systemZone, now: clock.now, month: options.month,
                                          loadScheduler: loadScheduler, cacheWrites: cacheWrites)
        self.controller = controller
        return controller
    }

    /// Quits once the edits in flight are saved (nothing the user did is lost), remembering
    /// the window as closing it would.
    private func quit() {
        guard let controller else { return application.quit() }
        controller.rememberWindowState()
        controller.whenSaved { [weak self] in self?.application.quit() }
    }

    /// GLib's "activate": this launch started (`--background` then shows nothing), or a
    /// later launch or the desktop asked for the window.
    private func activate() {
        activate(showingWindow: controller != nil || !options.background)
    }

    /// The first activation builds the window and opens the calendars; with `--background`
    /// (or when D-Bus started Koyomi for a notification) the window waits, hidden, until
    /// a later launch or a click on a notification presents it.
    private func activate(showingWindow: Bool, onlyForSearch: Bool = false) {
        if let controller {
            if showingWindow {
                controller.present()
                if deferredWork { startSyncAndReminders(controller, afterFirstFrame: true) }
            }
            return
        }
        let controller = makeController()
        // D-Bus started Koyomi for a notification's button: its answer needs no window.
        let inBackground = options.background || options.isService
        // `--background`: keep running with no window until the session ends.
        if options.background { application.hold() }
        if !options.isTimingRun {
            let autostart = AutostartEntry(environment: environment)
            controller.autostart = autostart
            // Reminders on: closing the window only hides it, and the reminders keep coming.
            controller.mainWindow.window.hidesOnClose = options.background || autostart.isEnabled
        }
        controller.startClock()
        // Files are parsed off the main thread: the first frame never waits for them. They are
        // asked for before the window is presented, so the ones already read ahead (reopened
        // from the cache while GTK started) are in its first frame.
        // Samples are read-only; the user's calendars and named FILEs are edited in place.
        let samples = options.samples ? sampleFiles() : []
        var own = opensUserCalendars ? userCalendars(controller) : options.files
        if opensUserCalendars {
            let kept = controller.keptFilesToOpen()
            own += kept.paths
            if !kept.problems.isEmpty {
                controller.mainWindow.errors.show(kept.problems)
                kept.problems.forEach { FileHandle.standardError.write(Data("koyomi: \($0)\n".utf8)) }
            }
        }
        if options.samples { controller.showSamplesNotice() }
        if !samples.isEmpty {
            controller.open(paths: samples, readOnly: true, prefetched: prefetch) { [weak self] result in self?.report(result) }
        }
        if !own.isEmpty {
            controller.open(paths: own, prefetched: prefetch) { [weak self] result in self?.report(result) }
        }
        prefetch = nil
        // The published calendars the user follows come with their own (read-only).
        let followed = opensUserCalendars ? controller.storage.subscriptions.localPaths : []
        if !followed.isEmpty {
            controller.open(paths: followed, readOnly: true) { [weak self] result in self?.report(result) }
        }
        if !inBackground || showingWindow {
            controller.present()
            // Until the first frame is painted, only one thread parses the files.
            controller.mainWindow.window.afterNextPaint { [loadScheduler] in loadScheduler.open() }
        } else {
            loadScheduler.open()
        }
        for address in options.subscriptions { controller.sync.subscribe(to: address) }
        let paths = samples + own + followed
        // Started by D-Bus only to answer the Shell's search: no syncing and no reminders
        // until the window is asked for (it may be gone a minute later).
        if onlyForSearch {
            deferredWork = true
        } else {
            startSyncAndReminders(controller, afterFirstFrame: !inBackground || showingWindow)
        }
        if let iterations = options.benchmarkInteractions {
            let benchmark = InteractionBenchmark(controller: controller, iterations: iterations, paths: paths,
                                                 environment: environment) { [weak self] in self?.application.quit() }
            self.benchmark = benchmark
            controller.mainWindow.window.afterNextPaint { benchmark.firstFramePainted() }
            afterDotsPainted { benchmark.dotsPainted() }
        } else if options.quitAfterFirstFrame {
            afterDotsPainted { [weak self] in self?.application.quit() }
        }
    }

    /// GNOME Shell's search provider, exported while GApplication registers (before it takes
    /// its name, so the first call D-Bus activation brings finds it).
    private func setUpShellSearch() {
        let search = ShellSearchController(controller: { [unowned self] in self.controllerForSearch() },
                                           present: { [unowned self] in self.activate(showingWindow: true) })
        shellSearch = search
        application.onBusRegistration { [weak self] connection, registered in
            guard let self else { return }
            self.shellSearchProvider?.unexport()
            self.shellSearchProvider = nil
            guard registered else { return }
            do {
                self.shellSearchProvider = try ShellSearchProvider(on: connection, path: ShellSearchController.objectPath,
                                                                   provider: search)
            } catch {
                FileHandle.standardError.write(Data("koyomi: the search provider is not on the bus: \(error)\n".utf8))
            }
        }
    }

    /// The window's controller for a search: with no window yet (D-Bus started Koyomi for
    /// the Shell's search) the calendars are opened without presenting it, and Koyomi stays
    /// a while for the next keystroke.
    private func controllerForSearch() -> WindowController {
        if controller == nil { activate(showingWindow: false, onlyForSearch: true) }
        if !(controller?.mainWindow.window.isVisible ?? false) {
            if searchLinger == nil { application.hold() }
            searchLinger?.cancel()
            searchLinger = MainLoop.after(seconds: 60) { [weak self] in
                self?.searchLinger = nil
                self?.application.release()
            }
        }
        return controller ?? makeController()
    }

    /// CalDAV accounts sync once the window is up (never in a timing run). Reminders from
    /// every open calendar, once every file has been read (the ones missed while Koyomi was
    /// not running then come as one notification).
    /// CalDAV accounts sync, GNOME Online Accounts is asked and the calendars are registered
    /// for the desktop's clock once the window's first frame is painted (a window in the
    /// background starts them at once). Reminders come from every
    /// open calendar once every file has been read (the ones missed while Koyomi was not
    /// running then come as one notification). Never in a timing run.
    private func startSyncAndReminders(_ controller: WindowController, afterFirstFrame: Bool) {
        deferredWork = false
        guard !options.isTimingRun else { return }
        // The desktop's clock gets the calendars' EDS sources off the first frame's path too;
        // only from a window of the user's own calendars (not `koyomi FILE` or the samples,
        // whose set would replace the user's), and once every file is read (so a start never
        // removes a source only to write it again).
        let clock = opensUserCalendars && controller.desktopClock == nil
            ? DesktopCalendarRegistration(store: controller.store, settings: controller.settings, environment: environment) : nil
        if let clock { controller.desktopClock = clock }
        if afterFirstFrame {
            controller.mainWindow.window.afterNextPaint { [weak controller] in
                controller?.sync.start()
                controller?.whenLoaded { clock?.start() }
            }
        } else {
            controller.sync.start()
            controller.whenLoaded { clock?.start() }
        }
        controller.startReminders(notifier: application, stateFile: ReminderStateFile(environment: environment))
        controller.whenLoaded { [weak controller] in controller?.reminders?.start() }
    }

    /// Calls `body` once the first frame showing every opened file's dots has been painted.
    private func afterDotsPainted(_ body: @escaping @MainActor () -> Void) {
        // Once every file's plans are in the store, the next frame carries their dots.
        controller?.whenLoaded { [weak self] in self?.controller?.mainWindow.window.afterNextPaint(body) }
    }

    private func reminderAction(_ action: String, target: String) {
        let startedForIt = controller == nil
        // Started for a search, with reminders not yet running: they are needed now.
        if deferredWork, let controller { startSyncAndReminders(controller, afterFirstFrame: false) }
        if startedForIt { activate(showingWindow: action == ReminderNotice.openAction) }
        controller?.reminders?.perform(action, target: target) { [weak self] in
            // Started by D-Bus only to save a Snooze or Dismiss: done, unless it is to keep reminding.
            guard let self, startedForIt, action != ReminderNotice.openAction, !options.background,
                  self.controller?.autostart?.isEnabled != true else { return }
            // The answer is written on the save queue: leave once it is on disk.
            guard let controller = self.controller else { return self.application.quit() }
            controller.whenSaved { [weak self] in self?.application.quit() }
        }
    }

    private func openFromAnotherLaunch(_ paths: [String], unsupported uris: [String]) {
        if controller == nil { activate() }
        guard let controller else { return }
        // Web addresses (webcal:, https:) are published calendars: followed read-only.
        for uri in uris { controller.sync.subscribe(to: uri) }
        // Parsed in the background like the first files, so the window keeps answering.
        if !paths.isEmpty {
            controller.open(paths: paths) { [weak self] result in
                // Added to the user's own calendars, they open again next time (README);
                // saved before anything is said, so whoever hears of it can rely on it.
                if self?.opensUserCalendars == true { self?.controller?.keep(result.sources.compactMap(\.path)) }
                self?.report(result)
                // Said in the window too: the launch that asked has already gone.
                let names = result.sources.map(\.calendar.name)
                if !names.isEmpty {
                    // TRANSLATORS: a toast after another launch opened calendars in this window; %@ is their names.
                    self?.controller?.mainWindow.showToast(FormatterStrings.fill(L("Opened %@"), names.joined(separator: L(", "))))
                }
            }
        }
        activate(showingWindow: true)
    }

    /// Problems go to stderr as well as to the window, for whoever started Koyomi from a
    /// shell; a file that could not be opened makes the exit status 2.
    private func report(_ result: CalendarLoader.Result) {
        result.problems.forEach { FileHandle.standardError.write(Data("koyomi: \($0)\n".utf8)) }
        if !result.errors.isEmpty { exitStatus = 2 }
    }

    /// The user's own calendars; the first run creates "Personal". A folder that cannot be
    /// created is said in the window (and on stderr), and the window opens empty.
    private func userCalendars(_ controller: WindowController) -> [String] {
        do {
            // TRANSLATORS: the name of the calendar made at the first start, in the user's language.
            return try controller.storage.userFolder.ensureFirstRun(name: L("Personal"), timeZone: Self.systemZone())
        } catch {
            let problem = FormatterStrings.fill(L("Your calendars could not be opened: %@"), "\(error)")
            controller.mainWindow.errors.show([problem])
            FileHandle.standardError.write(Data("koyomi: \(problem)\n".utf8))
            exitStatus = 1
            return []
        }
    }

    /// Starts reading what `activate` will open: the samples, the named files, or the user's
    /// calendars as they are now (the first run's new calendar is small and read then).
    private func readAhead() -> ICalendarPrefetch? {
        let samples = options.samples ? sampleFiles(reportingMissing: false) : []
        let zone = Self.systemZone()
        let own = opensUserCalendars ? UserCalendarFolder(environment: environment, timeZone: zone).paths : options.files
        let paths = samples + own
        guard !paths.isEmpty else { return nil }
        let loader = CalendarLoader(timeZone: zone, parseGuard: StorageContext.parseGuard(environment: environment),
                                    scheduler: loadScheduler)
        let firstMonths = firstMonths(in: zone)
        return ICalendarPrefetch(paths.map { path in
            var options = loader.options(for: path)
            // A large file read for the first time shows these months before the rest is read.
            options.firstPart = FirstPart(interval: firstMonths)
            return (path, options)
        })
    }

    /// The month the window opens on and the months on either side (the grid's first and
    /// last weeks reach into them, and they are a page away).
    private func firstMonths(in zone: TimeZone) -> DateInterval {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let month = options.month ?? CalendarDay(clock.now(), in: calendar).yearMonth
        return DateInterval(start: month.previous.firstDay.start(in: calendar),
                            end: month.adding(months: 2).firstDay.start(in: calendar))
    }

    /// With no FILE and no `--samples` the window shows the user's own calendars (and the
    /// calendars they follow).
    private var opensUserCalendars: Bool { options.files.isEmpty && !options.samples }

    private func sampleFiles(reportingMissing: Bool = true) -> [String] {
        guard let directory = SampleCalendars.directory(environment: environment) else {
            guard reportingMissing else { return [] }
            FileHandle.standardError.write(Data("koyomi: the bundled sample calendars were not found\n".utf8))
            return []
        }
        return SampleCalendars.files(in: directory)
    }
}
