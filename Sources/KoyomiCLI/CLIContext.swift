import CalendarModel
import CalendarVetting
import FileSafety
import Foundation
import ICalendarReading

/// What a command may depend on from outside: the environment, the clock and the user's
/// zone, injected so tests never see the machine's.
public struct CLIContext: Sendable {
    public var environment: [String: String]
    public var now: Date
    /// The user's zone: days are counted and timed plans are written in it.
    public var timeZone: TimeZone
    /// Called at each step of a save; tests change the file there to play another writer.
    var willSave: (@Sendable (SaveStep) -> Void)?
    /// The program that vets untrusted files (`koyomi --vet-ics`): this very executable.
    public var childExecutable: String
    /// Limits for that child (tests lower them to see a limit hit).
    var vetLimits = UntrustedCalendar.Limits.standard
    /// The command's own loading threads: never held back (no window waits for a frame).
    let loadScheduler: LoadScheduler
    /// How long a save waits for another Koyomi's folder lock (tests shorten it).
    var lockPatience = FolderLock.Patience.standard
    /// Says, while the command still waits, why it waits: to stderr at once, not at the end.
    var sayWhileWaiting: @Sendable (String) -> Void = { FileHandle.standardError.write(Data("koyomi: \($0)\n".utf8)) }

    public init(environment: [String: String], now: Date, timeZone: TimeZone,
                childExecutable: String = UntrustedCalendar.currentExecutable) {
        self.environment = environment
        self.now = now
        self.timeZone = timeZone
        self.childExecutable = childExecutable
        loadScheduler = LoadScheduler()
    }

    /// The real process environment and zone (`TZ`, else /etc/localtime's name), at `now`.
    public static func current(now: Date) -> CLIContext {
        let environment = ProcessInfo.processInfo.environment
        return CLIContext(environment: environment, now: now,
                          timeZone: UserTimeZone.resolve(environment: environment))
    }

    /// Reads versions of calendar files not read before in a child of `childExecutable`
    /// (`koyomi --parse-ics`) under limits; trusted versions are stamped beside the reopen cache.
    var parseGuard: ParseGuard {
        ParseGuard(childExecutable: childExecutable, trust: ParseTrust.standard(environment: environment))
    }

    /// The writer every save goes through: atomic, with backups in `koyomi/backups/`.
    var writer: AtomicFileWriter {
        AtomicFileWriter(backups: BackupStore.standard(environment: environment), willPerform: willSave,
                         lockPatience: lockPatience, onWaitingForLock: sayWhileWaiting)
    }

    /// A Gregorian calendar in the user's zone: the one the window places plans with.
    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// Today in the user's zone: the default day of `list`.
    var today: CalendarDay { CalendarDay(now, in: calendar) }
}
