import CalendarModel
import Foundation

/// What the command line asked for.
public struct LaunchOptions: Equatable, Sendable {
    public var files: [String] = []
    /// Published calendars to follow (webcal://, webcals://, https://): subscribed read-only.
    public var subscriptions: [String] = []
    public var month: YearMonth?
    /// `--samples`: the bundled sample calendars, read-only, instead of the user's own.
    public var samples = false
    public var quitAfterFirstFrame = false
    /// Hidden, for `koyomi-bench`: after the first frame with the dots, page and select this
    /// many times, print the timings as JSON on stdout and quit (`InteractionBenchmark`).
    public var benchmarkInteractions: Int?
    /// `--background`: run for reminders with no window (started at log-in); a later launch
    /// shows the window in this instance.
    public var background = false
    /// `--gapplication-service`: started by D-Bus activation (a click on a notification after
    /// Koyomi quit); waits for what the bus hands over.
    public var isService = false

    public init(files: [String] = [], month: YearMonth? = nil, quitAfterFirstFrame: Bool = false,
                benchmarkInteractions: Int? = nil) {
        self.files = files
        self.month = month
        self.quitAfterFirstFrame = quitAfterFirstFrame
        self.benchmarkInteractions = benchmarkInteractions
    }

    /// A run that times itself: it starts its own instance and quits by itself.
    var isTimingRun: Bool { quitAfterFirstFrame || benchmarkInteractions != nil }

    public enum Command: Equatable, Sendable {
        case run(LaunchOptions)
        case help
        case version
    }

    /// A bad command line, said in a sentence for stderr (exit status 2).
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    public static let version = "0.1.0"

    public static let usage = """
    Usage: koyomi [OPTION…] [FILE.ics…] [webcal://…]

    Koyomi shows your calendars by month, week, day or year, with coloured dots for each
    day's plans, and lists the plans of the day you click. With no FILE it opens your
    calendars in $XDG_DATA_HOME/koyomi/calendars/ (default
    ~/.local/share/koyomi/calendars/; the first run creates an empty "Personal"
    calendar). FILEs are edited in place, with atomic saves and backups in
    $XDG_DATA_HOME/koyomi/backups/. If Koyomi is already running, FILEs open in that
    window. A webcal:// or https:// address subscribes to that published calendar
    (read-only, refreshed with every sync).

    Options:
      --month YYYY-MM            show this month first (default: the current month)
      --samples                  open the bundled sample calendars (read-only) instead
                                 of your own
      --background               run with no window, showing reminders as desktop
                                 notifications (the log-in autostart entry uses it);
                                 launching Koyomi again shows the window at once
      --quit-after-first-frame   exit right after the first frame with the month's
                                 decorations is painted (for timing start-up); always
                                 starts its own instance
      -h, --help                 show this help and exit
      --version                  show the version and exit

    Commands (they never open a window; see koyomi COMMAND --help):
      list [--date YYYY-MM-DD | --month YYYY-MM] [--calendar NAME] [--holidays jp]
           [--json] [FILE…]
                                 print the plans of a day or month (and Japan's holidays)
      reminders [--days N] [--calendar NAME] [--json] [FILE…]
                                 print the reminders coming due
      add --title T --start YYYY-MM-DD[THH:MM] [--end …] [--all-day] [--calendar NAME]
          [--remind 15m]… [--dry-run]
      add "Lunch with Ann tomorrow 12:30" [the same options]
                                 add a plan to your calendars and print its UID
      remove UID [--calendar NAME]
                                 remove a plan (all its occurrences)
      import FILE.ics [--calendar NAME]
                                 add its events to a calendar (a newer copy
                                 replaces an older one)
      export [--calendar NAME] [-o FILE.ics]
                                 write your calendars (or one) as one .ics, to
                                 stdout or FILE
      account add URL --user NAME [--calendar NAME] [--password-stdin]
      account list | account remove NAME
                                 CalDAV accounts (tested with Radicale); the
                                 password is kept in the desktop keyring only
      sync [--account NAME] [--password-stdin]
      sync --resolve UID --keep mine|theirs|both [--account NAME] [--password-stdin]
                                 bring your accounts' calendars and their servers
                                 together; a plan changed on both sides waits
                                 for your choice
      subscribe URL [--name NAME] [--color #RRGGBB]
      subscriptions | unsubscribe NAME
                                 follow a published calendar (webcal://, https://)
                                 read-only; koyomi sync refreshes it
    Commands exit with 0 on success, 2 for bad input, 1 for other failures.

    Exit status: 0 on success; 2 for a bad command line (no window opens) or when a
    file could not be opened (the window says which and why, and shows the rest).
    The locale comes from LC_ALL, LC_TIME or LANG; times are shown in TZ (else the
    system's time zone).
    """

    /// Parses arguments (without the program name).
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        var options = LaunchOptions()
        var index = 0
        var onlyFiles = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyFiles || !argument.hasPrefix("-") || argument == "-" {
                guard !argument.isEmpty else { throw UsageError(description: "an empty file name was given") }
                if isWebAddress(argument) {
                    options.subscriptions.append(argument)
                } else {
                    options.files.append(try localPath(argument))
                }
                continue
            }
            let (name, inlineValue) = split(argument)
            switch name {
            case "--": onlyFiles = true
            case "-h", "--help": return .help
            case "--version": return .version
            case "--quit-after-first-frame": options.quitAfterFirstFrame = true
            case "--samples": options.samples = true
            case "--background": options.background = true
            // Deliberately not in `usage`: what the D-Bus service file runs.
            case "--gapplication-service": options.isService = true
            case "--benchmark-interactions":
                // Deliberately not in `usage`: a tool for the benchmark, not for users.
                guard let value = inlineValue ?? (index < arguments.count ? arguments[index] : nil) else {
                    throw UsageError(description: "--benchmark-interactions needs a count")
                }
                if inlineValue == nil { index += 1 }
                guard let count = Int(value), (0...10_000).contains(count) else {
                    throw UsageError(description: "--benchmark-interactions expects a count from 0 to 10000, got “\(value)”")
                }
                options.benchmarkInteractions = count
            case "--month":
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw UsageError(description: "--month needs a value like 2026-11")
                }
                guard let month = YearMonth(parsing: value) else {
                    throw UsageError(description: "--month expects YYYY-MM (e.g. 2026-11), got “\(value)”")
                }
                options.month = month
            default:
                throw UsageError(description: "unknown option “\(argument)” (see koyomi --help)")
            }
        }
        return .run(options)
    }

    /// webcal://, webcals://, http:// and https:// name calendars to subscribe to.
    static func isWebAddress(_ argument: String) -> Bool {
        ["webcal://", "webcals://", "http://", "https://"].contains { argument.lowercased().hasPrefix($0) }
    }

    /// A file manager may hand over `file://` URIs; other schemes are not calendars Koyomi opens.
    private static func localPath(_ argument: String) throws(UsageError) -> String {
        guard let schemeEnd = argument.range(of: "://"),
              argument[..<schemeEnd.lowerBound].allSatisfy({ $0.isLetter || $0 == "+" || $0 == "-" || $0 == "." }),
              !argument[..<schemeEnd.lowerBound].isEmpty else { return argument }
        if argument.lowercased().hasPrefix("file://"), let url = URL(string: argument), url.isFileURL {
            return url.path
        }
        throw UsageError(description: "cannot open “\(argument)”: Koyomi opens local files and webcal:// or https:// calendars")
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
