import CalendarModel
import Foundation
import GtkKit

/// Where reminders go: the desktop's notifications (the application), or a test's list.
@MainActor
protocol ReminderNotifying: AnyObject {
    func send(_ notification: DesktopNotification, id: String)
    func withdrawNotification(id: String)
}

extension Application: ReminderNotifying {}

/// Shows each reminder once, on time: works out every open calendar's reminders (off the main
/// thread, again for a calendar only when its plans changed), keeps one wall-clock timer for the
/// next one due, and answers the notifications' Snooze, Dismiss and click.
///
/// No polling: the timer is set for the next reminder (or the next local midnight, when the
/// schedule's days move on) and fires on resume if that moment passed while the machine slept.
@MainActor
final class ReminderController {
    /// What a button asks to write into the plan's calendar (`CalendarDocument`'s
    /// `acknowledgeReminders` / `snoozeReminders`); read-only calendars are not written.
    enum Answer {
        case dismissed
        case snoozed(until: Date)
    }

    struct Dependencies {
        var store: CalendarStore
        var notifier: ReminderNotifying
        var now: () -> Date
        var formatter: () -> CalendarFormatter
        var snoozeMinutes: () -> Int
        /// Writes an answer into the reminder's calendar (when it can be written).
        var write: (Answer, Reminder) -> Void
        /// Opens the window on the plan's day with the plan selected.
        var open: (Plan) -> Void
        /// Problems with the state file, said in the window.
        var report: ([String]) -> Void
        var stateFile: ReminderStateFile?
    }

    private let dependencies: Dependencies
    private var schedule: ReminderSchedule
    /// The source each calendar's reminders were worked out from, and the computations running.
    private var computed: [CalendarID: ObjectIdentifier] = [:]
    private var computing: [CalendarID: ObjectIdentifier] = [:]
    /// Notifications on screen, by id, and the reminders each lists.
    private(set) var shownNotices: [String: ReminderNotice] = [:]
    private var timer: WallClockTimer?
    private var observation: StoreObservation?
    /// Whether the first loads are done: reminders found before are shown together then.
    private var isStarted = false
    /// Buttons pressed before the reminders were worked out (a click that started Koyomi).
    private var waiting: [(action: String, target: String, then: () -> Void)] = []

    init(_ dependencies: Dependencies) {
        self.dependencies = dependencies
        var problems: [String] = []
        schedule = dependencies.stateFile?.read(now: dependencies.now(), problems: &problems) ?? ReminderSchedule()
        if !problems.isEmpty { dependencies.report(problems) }
        timer = WallClockTimer { [weak self] _ in self?.settle() }
        observation = dependencies.store.observe { [weak self] change in
            if !change.isDisjoint(with: [.plans, .calendars]) { self?.calendarsChanged() }
        }
        calendarsChanged()
    }

    /// From now on due reminders are shown (call once the first calendars are in).
    func start() {
        isStarted = true
        settle()
    }

    /// The days moved on (midnight, a resume, another zone): every calendar is asked again.
    func recomputeAll() {
        computed = [:]
        calendarsChanged()
    }

    /// Looks at the clock now instead of when the timer fires (tests move an injected clock).
    func check() { settle() }

    /// Whether reminders are still being worked out (tests wait for none).
    var isComputing: Bool { !computing.isEmpty }

    /// When the timer will look again.
    var nextWakeUp: Date? { timer?.deadline }

    // MARK: Working out the schedule

    private func calendarsChanged() {
        let sources = dependencies.store.planSources
        let present = Set(sources.map(\.calendar.id))
        for id in schedule.calendars where !present.contains(id) {
            schedule.remove(id)
            computed[id] = nil
        }
        let range = ReminderSchedule.range(around: dependencies.now())
        for source in sources {
            let id = source.calendar.id, identity = ObjectIdentifier(source)
            guard computed[id] != identity, computing[id] != identity else { continue }
            computing[id] = identity
            // Sources are read from several threads at once by design (`PlanSource`).
            nonisolated(unsafe) let shared = source
            MainLoop.runInBackground({ shared.reminders(in: range) }) { [weak self] reminders in
                guard let self, self.computing[id] == identity else { return }
                self.computing[id] = nil
                // The calendar may have been closed meanwhile.
                if self.dependencies.store.planSources.contains(where: { $0 === shared }) {
                    self.computed[id] = identity
                    self.schedule.replace(reminders, of: id)
                }
                self.settle()
            }
        }
        if computing.isEmpty { settle() }
    }

    /// Shows what is due, takes back what no longer exists, and sets the timer.
    private func settle() {
        let now = dependencies.now()
        guard isStarted, computing.isEmpty else { return armTimer(now) }
        let answers = waiting
        waiting = []
        for (action, target, then) in answers { perform(action, target: target, then: then) }
        withdrawVanished()
        let due = schedule.due(at: now, calendar: dependencies.store.calendar)
        if !due.isEmpty {
            // Several at once (after a restart or a suspend) are one notification.
            let notice = ReminderNotice(due)
            dependencies.notifier.send(ReminderNotice.notification(for: due, notice: notice, formatter: dependencies.formatter()),
                                       id: notice.id)
            shownNotices[notice.id] = notice
            schedule.markShown(notice.keys, at: now)
            save(now)
        }
        armTimer(now)
    }

    private func armTimer(_ now: Date) {
        let calendar = dependencies.store.calendar
        let midnight = CalendarDay(now, in: calendar).adding(days: 1).start(in: calendar)
        let next = [schedule.nextDue(after: now), midnight].compactMap { $0 }.min() ?? midnight
        timer?.fire(at: DayClock.wallClock(for: next, now: now))
    }

    /// A notification whose reminders are all gone (plan deleted or moved, alarm removed or
    /// dealt with on another device) is taken back; one with some left lists those.
    private func withdrawVanished() {
        for (id, notice) in shownNotices {
            let left = notice.keys.filter(schedule.contains)
            guard left.count < notice.keys.count else { continue }
            guard !left.isEmpty else {
                withdraw(id)
                continue
            }
            let reminders = schedule.all.filter { left.contains(ReminderSchedule.Key($0)) }
            var updated = notice
            updated.keys = left
            dependencies.notifier.send(ReminderNotice.notification(for: reminders, notice: updated, formatter: dependencies.formatter()),
                                       id: id)
            shownNotices[id] = updated
        }
    }

    private func withdraw(_ id: String) {
        dependencies.notifier.withdrawNotification(id: id)
        shownNotices[id] = nil
    }

    private func save(_ now: Date) {
        schedule.prune(before: now.addingTimeInterval(-ReminderSchedule.lookBack))
        do {
            try dependencies.stateFile?.write(schedule)
        } catch {
            // TRANSLATORS: %@ says why; reminders still work, but may be shown again after a restart.
            dependencies.report([FormatterStrings.fill(L("Could not remember which reminders were shown: %@"), "\(error)")])
        }
    }

    // MARK: Answering a notification

    private func reminders(of notice: ReminderNotice) -> [Reminder] {
        notice.keys.compactMap { key in schedule.all.first { ReminderSchedule.Key($0) == key } }
    }

    /// A notification's button or click (`ReminderNotice`'s actions), here or from a
    /// notification an earlier Koyomi showed.
    /// `then` runs once it is done (it may wait for the calendars to be read).
    func perform(_ action: String, target: String, then: @escaping () -> Void = {}) {
        guard isStarted, computing.isEmpty else {
            waiting.append((action, target, then))
            return
        }
        defer { then() }
        switch action {
        case ReminderNotice.dismissAction: answer(.dismissed, target: target)
        case ReminderNotice.snoozeAction:
            let minutes = dependencies.snoozeMinutes()
            answer(.snoozed(until: dependencies.now().addingTimeInterval(TimeInterval(minutes * 60))), target: target)
        case ReminderNotice.openAction: open(target: target)
        default: break
        }
    }

    private func answer(_ answer: Answer, target: String) {
        guard let notice = ReminderNotice(target: target) else { return }
        let reminders = reminders(of: notice)
        if case let .snoozed(until) = answer {
            for key in notice.keys { schedule.snooze(key, until: until) }
            save(dependencies.now())
        }
        for reminder in reminders { dependencies.write(answer, reminder) }
        // Taken back once the answer is saved (a shell may already have closed it).
        withdraw(notice.id)
        settle()
    }

    private func open(target: String) {
        guard let notice = ReminderNotice(target: target), let reminder = reminders(of: notice).first else { return }
        dependencies.open(reminder.plan)
    }
}
