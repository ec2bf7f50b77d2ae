import CalendarEditing
import CalendarModel
import Foundation
import GtkKit
import ICalendarReading

/// The hidden `--benchmark-interactions N` run for `koyomi-bench`: once the first frame with
/// the month's dots is painted, it clicks Next N times and Previous N times, then clicks N
/// days, then switches month → week and back N times, then pages the week view N weeks
/// forward and back, then switches N times between any two of the four views and pages the
/// day and the year view N times forward and back (`InteractionBenchmark+Views.swift`), then
/// widens the window step by step from 360 to 2560 px showing the month and narrows it again
/// showing the week (`InteractionBenchmark+Resize.swift`), and for each action times
/// - `handlerMs`: the click's signal handler (store action, views re-rendered);
/// - `frameMs`: from the click to the end of the frame that shows the result (the window's
///   frame clock, `afterNextPaint`);
/// - `cpuMs`: the window thread's CPU time over the same stretch: the app's own work, which
///   other programs on the machine (or the X server's share) do not lengthen;
/// - `modelMs`: the same store calls the coordinator makes (decorations of the 42 days, the
///   day's plans or the month's agenda) replayed on a twin store over a second, independent
///   load of the same files, so neither run warms the other's caches.
/// Each kind of action has a time budget (`budgetSeconds`); past it the rest are skipped and
/// the counts show it. Then it prints one JSON object on stdout and quits.
@MainActor
final class InteractionBenchmark {
    struct Samples: Encodable {
        var frameMs: [Double] = []
        var handlerMs: [Double] = []
        var modelMs: [Double] = []
        var cpuMs: [Double] = []
    }

    struct Report: Encodable {
        /// Milliseconds from the benchmark's spawn (`KOYOMI_BENCH_SPAWN_US`) to the first frame,
        /// and to the first frame with every file's dots; nil when the variable is not set.
        var firstPaintMs: Double?
        var dotsPaintedMs: Double?
        var page = Samples()
        var select = Samples()
        /// Month → week only (the way back is done untimed, so each switch starts from the month).
        var switchToWeek = Samples()
        var weekPage = Samples()
        /// One sample per step of the resize sweep, `resizeWidths` its widths in order; the
        /// frame is the first painted at the new width with the cells' density settled.
        var resize = Samples()
        var resizeWidths: [Int] = []
        /// Switches between any two of the views (`switchTour`), the day view's and the year
        /// view's pages (InteractionBenchmark+Views.swift).
        var viewSwitch = Samples()
        var dayPage = Samples()
        var yearPage = Samples()
    }

    /// The kinds of action, run in this order.
    enum Kind: CaseIterable {
        case page, select, switchToWeek, switchToMonth, weekPage, viewSwitch, dayPage, yearPage, resize
    }

    let controller: WindowController
    let iterations: Int
    private let paths: [String]
    private let spawnSeconds: Double?
    private let finish: @MainActor () -> Void
    private var report = Report()
    private var twin: CalendarStore?
    private var steps: [Step] = []

    /// One timed action: what the user does, and the model's share replayed on the twin; the
    /// frame that counts is the first painted once `isShown` holds (a resize's new width).
    struct Step {
        var kind: Kind
        var action: @MainActor () -> Void
        var model: @MainActor (CalendarStore) -> Void
        var isShown: @MainActor () -> Bool = { true }
        var width: Int?
    }

    /// A pause between actions, so GDK's frame clock never throttles a frame to the refresh
    /// rate because the previous one was just painted.
    private static let pauseMilliseconds: UInt32 = 40
    /// Seconds each kind of action may take in all: when paging is very slow the run reports
    /// the samples it has (fewer than asked, visible in the counts) instead of running for ages.
    private static let budgetSeconds = 60.0
    private var kindStart: (kind: Kind, at: Double)?
    /// The kinds whose steps are still to be made.
    private var kindsLeft = Kind.allCases.dropFirst()

    init(controller: WindowController, iterations: Int, paths: [String], environment: [String: String],
         finish: @escaping @MainActor () -> Void) {
        self.controller = controller
        self.iterations = iterations
        self.paths = paths
        spawnSeconds = environment["KOYOMI_BENCH_SPAWN_US"].flatMap(Double.init).map { $0 / 1_000_000 }
        self.finish = finish
    }

    private func sinceSpawn() -> Double? {
        spawnSeconds.map { (MainLoop.monotonicSeconds - $0) * 1000 }
    }

    /// The first frame of the window was painted (dots or not).
    func firstFramePainted() {
        if report.firstPaintMs == nil { report.firstPaintMs = sinceSpawn() }
    }

    /// The first frame with every file's dots was painted: start the interactions.
    func dotsPainted() {
        report.dotsPaintedMs = sinceSpawn()
        guard iterations > 0 else { return done() }
        twin = makeTwin()
        steps = pageSteps().reversed()
        // Loading the twin held the main loop for a second, so work the app had left for a
        // quiet moment (the list's off-screen rows) runs only now. The first click waits until
        // it is done, then the same pause as between actions, so it finds the app as idle as
        // the later ones do (the months beside the first one prepared after its frame).
        MainLoop.every(milliseconds: Self.pauseMilliseconds) { [weak self] in
            guard let self else { return false }
            guard self.controller.mainWindow.planList.isFilled else { return true }
            self.nextAfterPause()
            return false
        }
    }

    private func makeTwin() -> CalendarStore {
        let store = controller.store
        let zone = store.calendar.timeZone
        // Read here on the main thread after the first frame: nothing to hold back.
        let loader = CalendarLoader(timeZone: zone, scheduler: LoadScheduler())
        let sources: [any PlanSource] = paths.compactMap { try? ICalendarFile.load(path: $0, options: loader.options(for: $0)) }
        let twin = CalendarStore(sources: sources, calendar: store.calendar, today: store.today,
                                 visibleMonth: store.visibleMonth, firstWeekday: store.firstWeekday)
        if twin.selection != store.selection, let day = store.selection { twin.select(day) }
        // The app's store has its neighbours ready by now (prepared after the first frame).
        Self.readViews(twin)
        twin.prepareIndex(for: twin.gridSpan(of: twin.visibleMonth.next))
        twin.prepareIndex(for: twin.gridSpan(of: twin.visibleMonth.previous))
        return twin
    }

    /// As the coordinator does after each page (untimed there too): the visible month's
    /// neighbours built on another thread; `then` runs once they are in.
    private static func prepareNeighbours(of twin: CalendarStore, then: @escaping @MainActor () -> Void) {
        let month = twin.visibleMonth
        let preparations = [month.next, month.previous].compactMap { twin.indexPreparation(for: twin.gridSpan(of: $0)) }
        guard !preparations.isEmpty else { return then() }
        MainLoop.runInBackground(givingWay: true, { preparations.map { $0.build() } }, then: { built in
            built.forEach { twin.adopt($0) }
            then()
        })
    }

    /// What the coordinator asks of the store after any change: every cell's decoration and
    /// the list (the selected day's plans, or the month's agenda).
    private static func readViews(_ store: CalendarStore) {
        for day in store.layout.days { _ = store.decoration(for: day) }
        if let day = store.selection { _ = store.plans(on: day) } else { _ = store.agenda() }
    }

    private func pageSteps() -> [Step] {
        let pager = controller.mainWindow.header
        let forward = Step(kind: .page, action: { pager.nextButton.click() },
                           model: { $0.showNextMonth(); Self.readViews($0) })
        let back = Step(kind: .page, action: { pager.previousButton.click() },
                        model: { $0.showPreviousMonth(); Self.readViews($0) })
        return Array(repeating: forward, count: iterations) + Array(repeating: back, count: iterations)
    }

    /// Month → week (timed), then back (untimed: `switchToMonth`), N times; the model's share
    /// is the week's slice and the day's plans.
    private func switchSteps() -> [Step] {
        let header = controller.mainWindow.header
        let weekView = controller.mainWindow.week
        let toWeek = Step(kind: .switchToWeek, action: { header.viewButton(.week).click() },
                          model: { Self.readWeek($0, columns: weekView.columnCount) })
        let toMonth = Step(kind: .switchToMonth, action: { header.viewButton(.month).click() }, model: { _ in })
        return (0..<iterations).flatMap { _ in [toWeek, toMonth] }
    }

    /// The week view's Next N times and Previous N times.
    private func weekPageSteps() -> [Step] {
        let header = controller.mainWindow.header
        let weekView = controller.mainWindow.week
        func step(_ pages: Int, _ button: Button) -> Step {
            Step(kind: .weekPage, action: {
                if header.view != .week { header.viewButton(.week).click() }
                button.click()
            }, model: { twin in
                twin.show((twin.selection ?? twin.today).adding(days: 7 * pages))
                Self.readWeek(twin, columns: weekView.columnCount)
            })
        }
        return Array(repeating: step(1, header.nextButton), count: iterations)
            + Array(repeating: step(-1, header.previousButton), count: iterations)
    }

    /// What the week view reads of the store: its span's slice, each day's plans, the selected day's list.
    private static func readWeek(_ store: CalendarStore, columns: Int) {
        let day = store.selection ?? store.today
        let slice = store.slice(of: DaySpan.weekView(columns: columns, day: day, firstWeekday: store.firstWeekday))
        for shown in slice.span.days { _ = slice.plans(on: shown) }
        _ = store.plans(on: day)
    }

    /// Days of the visible month in a scattered order, never the one already selected (a
    /// second click on it would clear the selection instead).
    private func selectSteps() -> [Step] {
        let month = controller.store.visibleMonth
        var previous = controller.store.selection
        var steps: [Step] = []
        for number in 0..<iterations {
            var day = month.firstDay.adding(days: (number * 11 + 3) % month.numberOfDays)
            if day == previous { day = day == month.lastDay ? month.firstDay : day.adding(days: 1) }
            previous = day
            let grid = controller.mainWindow.grid
            steps.append(Step(kind: .select, action: { grid.cell(for: day)?.button.click() },
                              model: { $0.select(day); _ = $0.plans(on: day) }))
        }
        return steps
    }

    private func next() {
        let now = MainLoop.monotonicSeconds
        if let kind = kindStart, now - kind.at > Self.budgetSeconds {
            // A switch's untimed way back goes with it.
            while let last = steps.last, last.kind == kind.kind || last.kind == .switchToMonth { steps.removeLast() }
        }
        while steps.isEmpty, let kind = kindsLeft.popFirst() {
            switch kind {
            // Days of the month paging ended on (the start month, unless the budget cut it short).
            case .select: steps = selectSteps().reversed()
            case .switchToWeek: steps = switchSteps().reversed()
            case .weekPage: steps = weekPageSteps().reversed()
            case .resize: steps = resizeSteps().reversed()
            case .viewSwitch: steps = viewSwitchSteps().reversed()
            case .dayPage: steps = pageSteps(of: .day, as: .dayPage).reversed()
            case .yearPage: steps = pageSteps(of: .year, as: .yearPage).reversed()
            case .page, .switchToMonth: break
            }
        }
        guard let step = steps.popLast() else { return done() }
        if kindStart?.kind != step.kind, step.kind != .switchToMonth { kindStart = (step.kind, now) }
        let start = MainLoop.monotonicSeconds
        let cpuStart = Self.threadCPUSeconds
        step.action()
        let handled = MainLoop.monotonicSeconds
        afterPaint(where: step.isShown, paintsLeft: Self.paintsPerStep) { [weak self] in
            guard let self else { return }
            let painted = MainLoop.monotonicSeconds
            let cpu = Self.threadCPUSeconds - cpuStart
            var model = 0.0
            if let twin = self.twin {
                let modelStart = MainLoop.monotonicSeconds
                step.model(twin)
                model = MainLoop.monotonicSeconds - modelStart
                Self.prepareNeighbours(of: twin) { [weak self] in self?.nextAfterPause() }
            } else {
                self.nextAfterPause()
            }
            self.record(step, frame: painted - start, handler: handled - start, model: model, cpu: cpu)
        }
    }

    /// Frames an action may take to show its result before the one painted is counted anyway.
    private static let paintsPerStep = 10

    /// Calls `body` after the first frame painted with `isShown` true (or the last one allowed).
    private func afterPaint(where isShown: @escaping @MainActor () -> Bool, paintsLeft: Int,
                            _ body: @escaping @MainActor () -> Void) {
        let window = controller.mainWindow.window
        window.afterNextPaint { [weak self] in
            if isShown() || paintsLeft <= 1 { return body() }
            self?.afterPaint(where: isShown, paintsLeft: paintsLeft - 1, body)
        }
    }

    /// The next action, after the pause between actions.
    private func nextAfterPause() {
        MainLoop.every(milliseconds: Self.pauseMilliseconds) { [weak self] in
            self?.next()
            return false
        }
    }

    /// CPU seconds the calling thread has used.
    private static var threadCPUSeconds: Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }

    private func record(_ step: Step, frame: Double, handler: Double, model: Double, cpu: Double) {
        func add(_ samples: inout Samples) {
            samples.cpuMs.append(cpu * 1000)
            samples.frameMs.append(frame * 1000)
            samples.handlerMs.append(handler * 1000)
            samples.modelMs.append(model * 1000)
        }
        switch step.kind {
        case .page: add(&report.page)
        case .select: add(&report.select)
        case .switchToWeek: add(&report.switchToWeek)
        case .weekPage: add(&report.weekPage)
        case .resize:
            add(&report.resize)
            report.resizeWidths.append(step.width ?? 0)
        case .viewSwitch: add(&report.viewSwitch)
        case .dayPage: add(&report.dayPage)
        case .yearPage: add(&report.yearPage)
        case .switchToMonth: break
        }
    }

    private func done() {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        if let data = try? encoder.encode(report) {
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        }
        finish()
    }
}
