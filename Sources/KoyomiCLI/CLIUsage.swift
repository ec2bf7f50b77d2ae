/// The `--help` text of each command.
enum CLIUsage {
    static func text(for command: String) -> String {
        switch command {
        case "list": list
        case "tasks": tasks
        case "done": done
        case "reminders": reminders
        case "add": add
        case "import": importing
        case "export": export
        case "account": account
        case "sync": sync
        case "subscribe", "unsubscribe", "subscriptions": SubscribeCommand.usage
        default: remove
        }
    }

    static let list = """
    Usage: koyomi list [--date YYYY-MM-DD | --month YYYY-MM] [--calendar NAME] [--holidays jp]
                       [--json] [FILE.ics…]

    Prints the plans that overlap the day (default: today in TZ, else the system zone) or
    the month, all-day plans first, then by start; a plan over several days is listed once.
    Reads the FILEs if given, else your calendars in $XDG_DATA_HOME/koyomi/calendars/ and
    the calendars you subscribe to.

      --date YYYY-MM-DD   the day to list
      --month YYYY-MM     every day of this month
      --calendar NAME     only this calendar (its name or file name)
      --holidays jp       also Japan's national holidays, computed (nothing is downloaded),
                          as all-day entries of the calendar "Holidays in Japan" ("日本の祝日"
                          and Japanese names when LC_TIME or LANG is Japanese)
      --json              a JSON array; keys: uid, occurrence, calendar, title, start,
                          end, allDay, location (all-day ends are exclusive)
    """

    static let tasks = """
    Usage: koyomi tasks [--all] [--calendar NAME] [--json] [FILE.ics…]

    Prints the open to-dos (VTODO: status needs-action or in-process, or none) of your
    calendars and the calendars you subscribe to (or of the FILEs), by due date, earliest
    first, the overdue ones said so, those with no due date last. A repeating task is listed
    as its earliest occurrence not yet done. A task with a COMPLETED time and no STATUS counts
    as done.

      --all               also the tasks done and cancelled, after the open ones (most
                          recently done first; each occurrence of a repeating task done)
      --calendar NAME     only this calendar (its name or file name)
      --json              a JSON array; keys: uid, title, due, start ("YYYY-MM-DD" for a
                          day, ISO 8601 with your offset for a time, or null), status
                          ("needs-action", "in-process", "completed", "cancelled"),
                          completed (ISO 8601 or null), percent (0–100), priority (0–9,
                          0 none, 1 highest), calendar, parent (the UID RELATED-TO names
                          as the parent, or null)
    """

    static let done = """
    Usage: koyomi done UID [--calendar NAME]

    Checks the task with this UID off: STATUS:COMPLETED, COMPLETED now (in UTC) and
    PERCENT-COMPLETE:100; nothing else in its file changes. Of a repeating task only its
    earliest occurrence not yet done is checked off, in an override (RECURRENCE-ID) as other
    calendar programs write it, and the next occurrence becomes the open one. An unknown UID
    is an error (exit status 2) and nothing is written. `koyomi tasks --json` shows the UIDs.
    """

    static let reminders = """
    Usage: koyomi reminders [--days N] [--calendar NAME] [--json] [FILE.ics…]

    Prints the reminders (the plans' alarms, VALARM) coming due from now for N days
    (default 7, at most 366), soonest first: when each is due, then the plan. Every
    occurrence of a repeating plan has its reminders; a reminder dismissed on another
    device (ACKNOWLEDGED, Thunderbird's X-MOZ-LASTACK) is not listed, one snoozed there is
    listed at its snooze time. Reads the FILEs if given, else your calendars and the
    calendars you subscribe to.

      --days N            how many days ahead to look
      --calendar NAME     only this calendar (its name or file name)
      --holidays jp       also Japan's national holidays, computed (nothing is downloaded),
                          as all-day entries of the calendar "Holidays in Japan" ("日本の祝日"
                          and Japanese names when LC_TIME or LANG is Japanese)
      --json              a JSON array; keys: due, snoozed, plan (the keys of list --json)
    """

    static let add = """
    Usage: koyomi add --title TITLE --start YYYY-MM-DD[THH:MM] [--end YYYY-MM-DD[THH:MM]]
                      [--all-day] [--calendar NAME] [--remind 15m]… [--dry-run]
           koyomi add "WORDS" [the same options] [--dry-run]
           koyomi add --task --title TITLE [--due YYYY-MM-DD[THH:MM]] [--calendar NAME]
           koyomi add --task "WORDS" [the same options]

    Adds a plan to one of your calendars (default: the first; "Personal" is created when
    there is none) and prints its UID. A start without a time makes an all-day plan, and
    --end then names its last day; a timed plan lasts an hour unless --end says otherwise
    and is written in your time zone (TZ, else the system's). Each --remind adds a reminder
    that long before the start (15m, 1h, 1d, 1w; 0 at the start), which `koyomi reminders`
    and other calendars show.

    Instead of --title and --start the plan can be said in words, in English or Japanese:
    "Lunch with Ann tomorrow 12:30", "Standup every weekday 9:30 /work", "Trip Dec 14-16",
    "明日の午後3時半に歯医者" (days, times, lengths, repeats, "at"/"@" a place, "/name" a
    calendar; docs/quick-add.md lists them). Options given win over the words. --dry-run
    prints the plan as `list --json` would, with its repeat rule, reminders and the words
    understood, and writes nothing.

    With --task a to-do (VTODO) is added instead, due on the day (and at the time) --due or
    the words name, or with no due date when they name none ("Buy milk tomorrow", "Water
    the plants every Monday": a repeat makes a repeating task); it prints the task's UID.
    --start, --end, --all-day, --remind and --dry-run are for plans only.
    """

    static let remove = """
    Usage: koyomi remove UID [--calendar NAME]

    Removes the plan with this UID (all its occurrences) from your calendars and says
    what it removed. `koyomi list --json` shows the UIDs.
    """

    static let importing = """
    Usage: koyomi import FILE.ics [--calendar NAME]

    Adds the events of FILE.ics to one of your calendars (default: the first; "Personal" is
    created when there is none) and says how many were added, updated and skipped, and why.
    To-dos (VTODO), journal entries (VJOURNAL) and other components are carried as written
    too, and the summary says how many of each kind.
    Anything already there (same kind and UID) is replaced only by a newer copy (higher SEQUENCE,
    then later LAST-MODIFIED, then DTSTAMP). The file is read in a separate process with
    time and memory limits; parts that cannot be read are left out and listed on stderr.
    """

    static let export = """
    Usage: koyomi export [--calendar NAME] [-o FILE.ics]

    Writes your calendars (or the one named) as one iCalendar file to stdout, or saves it
    to FILE.ics (atomically; not inside your calendars folder). Everything is kept as
    written, including to-dos, journal entries and properties Koyomi does not show.
    """


    static let account = """
    Usage: koyomi account add URL --user NAME [--calendar NAME] [--password-stdin]
           koyomi account list
           koyomi account remove NAME

    add finds your calendars on a CalDAV server (Radicale, Nextcloud…; the host is enough:
    Koyomi follows /.well-known/caldav), makes a local calendar for each (or only the one
    named with --calendar) and syncs them once. The password is read from stdin with
    --password-stdin, else asked for on the terminal, and kept in the desktop keyring
    (Secret Service) only: with no keyring running it is never written anywhere, and it is
    asked for again next time. remove forgets an account and its password; its calendars
    stay as local calendars. list also shows the accounts of GNOME Online Accounts (marked
    so); those are added, removed and switched off in Settings → Online Accounts, not here.
    Microsoft 365 accounts have no CalDAV, so Koyomi cannot sync them.
    """

    static let sync = """
    Usage: koyomi sync [--account NAME] [--password-stdin]
           koyomi sync --resolve UID --keep mine|theirs|both [--account NAME] [--password-stdin]

    Brings your accounts' calendars and their servers together: changes made here (in the
    window or with add/remove/import) go up, changes made elsewhere come down. A plan
    changed on both sides (or deleted on one and changed on the other) is never overwritten:
    it is listed, and --resolve settles it by keeping your version, the server's, or both.
    A plain koyomi sync (no --account) also refreshes your subscriptions. Accounts of GNOME
    Online Accounts (Google, Nextcloud…) are followed first: added with their calendars,
    removed when gone or switched off (a calendar with changes the server never got stays
    as a local calendar), and synced with credentials from GOA, never a password asked.
    Exit status 1 when a calendar could not be synced (wrong password, server unreachable).
    """
}
