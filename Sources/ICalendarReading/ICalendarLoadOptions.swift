import CalendarModel
import Foundation

/// How to turn one iCalendar file into a calendar: its identity, the colour to use when the
/// file names none, and the user's time zone (floating times and all-day plans are placed in it).
public struct ICalendarLoadOptions: Sendable {
    public var id: CalendarID
    /// Used when the file names no calendar colour (`COLOR` / `X-APPLE-CALENDAR-COLOR`).
    public var fallbackColor: String
    /// The user's zone: floating times (no `Z`, no `TZID`) are read in it.
    public var timeZone: TimeZone
    public var isReadOnly: Bool
    /// Where `ICalendarFile.load` keeps its reopen cache: `$XDG_CACHE_HOME/koyomi` (or
    /// `~/.cache/koyomi`) unless set; nil turns the cache off.
    public var cacheFolder: String?
    /// Parses the file elsewhere (CalendarVetting's `ParseGuard`: versions not parsed before in
    /// a child process under limits); nil parses in this process (the default: in-memory text,
    /// tests, the children themselves).
    package var parseDelegate: (any ParseDelegate)?
    /// When loading threads may run (the app holds all but one back until its first frame).
    /// Always the caller's own: the app's one, or one the command line, a child or a test made.
    public var scheduler: LoadScheduler
    /// A large file's parse, here or in a child, waits for `scheduler` before it starts (the
    /// app's files after the first, at start-up); a reopen from the cache does not.
    var holdsLargeParse = false
    /// On a first open (no reopen cache), read the events of this interval first and hand
    /// them over before the rest of the file (the app: the months it shows first).
    public var firstPart: FirstPart?
    /// Files smaller than this are parsed every time (they parse in a few milliseconds).
    var cacheMinimumSize = 256 * 1024

    /// Waits for `scheduler` when this load's parse is held back (`holdsLargeParse`) and the
    /// file (`size` bytes) is large enough for its parse to slow the window's first frame.
    package func waitIfHeld(size: Int) {
        if holdsLargeParse && size >= FirstPart.minimumSize { scheduler.pass() }
    }

    public init(id: CalendarID, fallbackColor: String, timeZone: TimeZone, isReadOnly: Bool = true,
                scheduler: LoadScheduler) {
        self.id = id
        self.fallbackColor = fallbackColor
        self.timeZone = timeZone
        self.isReadOnly = isReadOnly
        self.scheduler = scheduler
        cacheFolder = ReopenCache.defaultFolder()
    }
}
