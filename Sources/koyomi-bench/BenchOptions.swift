import Foundation

/// The command line of `koyomi-bench`.
struct BenchOptions {
    var sizes = [1000, 10000, 100_000]
    var runs = 5
    var interactions = 50
    var jsonPath: String?
    var koyomiPath: String?
    var keepFiles = false
    /// Plan counts for the sync benchmark (Radicale on loopback) instead of the app's rows.
    var syncSizes: [Int]?
    /// Expansion timings of the costliest rules instead of the app's rows.
    var recurrence = false
    /// The next week's reminders among 100,000 plans instead of the app's rows.
    var reminders = false
    /// Reading plain phrases (quick add) instead of the app's rows.
    var quickAdd = false
    var holidays = false
    /// `--only startup`: the start-up rows and the screen runs, without the sizes' rows.
    var onlyStartup = false
    /// `--peer gnome-calendar`: GNOME Calendar measured on the screen beside koyomi.
    var peer = false

    static let usage = """
    Usage: koyomi-bench [--sizes 1000,10000,100000] [--runs N] [--interactions N] [--json FILE]
                        [--koyomi PATH] [--keep] [--only startup] [--peer gnome-calendar]
           koyomi-bench --sync 5000,50000 [--koyomi PATH]
           koyomi-bench --recurrence [--runs N]
           koyomi-bench --reminders [--runs N]
           koyomi-bench --quick-add [--runs N]
           koyomi-bench --holidays [--runs N]

    Generates calendars of each size in a temporary folder and measures load, first frame,
    paging, selection, the week view, search, save and peak RSS, beside libical's raw parse
    and a C program with the same widget tree; and koyomi's start (empty calendar, samples)
    against that C program with the cairo and GL renderers, and read from the X screen: the
    first painted frame and the events on screen at 10,000 plans, warm and cold. Prints a
    table, the JSON (also to FILE) and the issue's targets.
      --sizes LIST       plan counts (default 1000,10000,100000)
      --runs N           runs per process figure, median taken (default 5)
      --interactions N   months paged forward and back, days selected, switches to the week
                         view and weeks paged, in the app (default 50); then the window
                     resized from 360 to 2560 px wide and back, step by step
      --koyomi PATH      the koyomi binary (default: beside koyomi-bench, built if missing)
      --keep             keep the generated calendars (and each screen run's settled picture)
      --only startup     only the start-up rows and the screen runs (no sizes: a few minutes)
      --peer gnome-calendar
                         also GNOME Calendar on the same calendar, read from the screen the
                         same way, beside koyomi in a 1280 × 900 window (where installed)
      --sync LIST        instead: sync timings against Radicale on loopback (python3-radicale),
                         its collection seeded with LIST plans: first sync, a sync with
                         nothing changed, 20 local additions pushed
      --recurrence       instead: reading and expanding the costliest repeat rules, one
                         calendar each (first month asked for, then 24 more)
      --reminders        instead: the next week's reminders among 100,000 plans, about
                         10,000 of them with a reminder
      --quick-add        instead: reading plain phrases in English and Japanese (quick add)
      --holidays         instead: computing a year of Japan's holidays (1955–2099, no cache)
    Without DISPLAY it re-runs itself under xvfb-run and dbus-run-session (GSK_RENDERER=cairo).
    """

    static func parse(_ arguments: [String]) throws -> BenchOptions {
        var options = BenchOptions()
        var rest = arguments[...]
        func value(_ name: String) throws -> String {
            guard let next = rest.popFirst() else { throw BenchError("\(name) needs a value") }
            return next
        }
        func count(_ name: String, _ text: String, minimum: Int) throws -> Int {
            guard let number = Int(text), number >= minimum else { throw BenchError("\(name): bad number “\(text)”") }
            return number
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--sizes":
                let text = try value(argument)
                options.sizes = try text.split(separator: ",").map { try count(argument, String($0), minimum: 0) }
                if options.sizes.isEmpty { throw BenchError("--sizes needs at least one size") }
            case "--runs": options.runs = try count(argument, value(argument), minimum: 1)
            case "--interactions": options.interactions = try count(argument, value(argument), minimum: 1)
            case "--json": options.jsonPath = try value(argument)
            case "--koyomi": options.koyomiPath = try value(argument)
            case "--keep": options.keepFiles = true
            case "--sync":
                let text = try value(argument)
                options.syncSizes = try text.split(separator: ",").map { try count(argument, String($0), minimum: 1) }
            case "--recurrence": options.recurrence = true
            case "--reminders": options.reminders = true
            case "--quick-add": options.quickAdd = true
            case "--holidays": options.holidays = true
            case "--only":
                let part = try value(argument)
                guard part == "startup" else { throw BenchError("--only: only “startup” can be run alone, not “\(part)”") }
                options.onlyStartup = true
            case "--peer":
                let peer = try value(argument)
                guard peer == "gnome-calendar" else { throw BenchError("--peer: only gnome-calendar is known, not “\(peer)”") }
                options.peer = true
            case "-h", "--help":
                print(usage)
                exit(0)
            default: throw BenchError("unknown option “\(argument)” (see --help)")
            }
        }
        return options
    }
}
