import CalendarEditing
import CalendarLibrary
import CalendarModel
import Foundation
import ICalendarReading

/// `koyomi add --title T --start YYYY-MM-DD[THH:MM] [--end …] [--all-day] [--calendar NAME]`:
/// adds one plan to a user calendar (the first by file name by default; on first run
/// "Personal" is created) with an atomic save and a backup, and prints its UID.
struct AddCommand {
    var draft: PlanDraft
    var calendarName: String?
    /// `--dry-run`: print the plan that would be added, write nothing.
    var dryRun: Bool
    /// The words of a free-text phrase that were understood.
    var understood: [String]
    let context: CLIContext

    init(arguments: [String], context: CLIContext) throws(CLIError) {
        let parsed = try CLIArguments(arguments, valued: ["--title", "--start", "--end", "--calendar"],
                                      repeated: ["--remind"], flags: ["--all-day", "--dry-run"])
        self.context = context
        dryRun = parsed.flags.contains("--dry-run")
        // Free words describe the plan ("Lunch with Ann tomorrow 12:30"); flags given win.
        let quick = try Self.quick(parsed.positionals, context)
        guard let title = parsed.values["--title"] ?? quick?.title else {
            // TRANSLATORS: `koyomi add`'s error; the option and the command stay as written.
            throw .usage(L("--title is required (or describe the plan in words, e.g. koyomi add \"Lunch tomorrow 12:30\")"))
        }
        guard !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            // TRANSLATORS: `koyomi add`'s error; the option stays as written.
            throw .usage(L("--title must not be empty"))
        }
        let allDay = parsed.flags.contains("--all-day")
        var timing: PlanTiming
        if let startText = parsed.values["--start"] {
            let start = try PlanTimeInput(startText, option: "--start")
            let end = try parsed.values["--end"].map { text throws(CLIError) in try PlanTimeInput(text, option: "--end") }
            timing = try PlanTimeInput.timing(start: start, end: end, allDay: allDay, calendar: context.calendar)
        } else if let quick {
            // TRANSLATORS: `koyomi add`'s error; the options stay as written.
            guard parsed.values["--end"] == nil else { throw .usage(L("--end needs --start")) }
            timing = quick.timing
            if allDay {
                // The same days, all day.
                let days = timing.days(in: context.calendar)
                timing = .allDay(start: days.lowerBound, end: days.upperBound.adding(days: 1))
            }
        } else {
            // TRANSLATORS: `koyomi add`'s error; the option stays as written.
            throw .usage(L("--start is required"))
        }
        draft = PlanDraft(title: title, timing: timing, timeZone: UserTimeZone.writtenZone(context.timeZone),
                          location: quick?.location, repeatRule: quick?.simpleRepeatRule(in: context.calendar),
                          remindersBefore: try (parsed.lists["--remind"] ?? []).map(Self.minutes))
        calendarName = parsed.values["--calendar"] ?? quick?.calendarName
        understood = quick?.understood ?? []
    }

    /// The plan (or task) the free words describe; nil when there are none. Words that name
    /// no title, or a day or time that does not exist, are bad input.
    static func quick(_ positionals: [String], _ context: CLIContext) throws(CLIError) -> QuickAddPlan? {
        let words = positionals.joined(separator: " ")
        guard !words.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        switch Self.parser(context).read(words) {
        case let .success(plan): return plan
        case .failure(.noTitle):
            // TRANSLATORS: `koyomi add`'s error; %@ is the words given.
            throw .usage(FormatterStrings.fill(
                L("“%@” leaves nothing for a title: say what the plan is, e.g. “Lunch with Ann tomorrow 12:30”"), words))
        case let .failure(.impossibleDate(day)):
            // TRANSLATORS: `koyomi add`'s error; %@ is the day as written.
            throw .usage(FormatterStrings.fill(L("“%@” is not a day that exists; nothing was written"), day))
        case let .failure(.impossibleTime(time)):
            // TRANSLATORS: `koyomi add`'s error; %@ is the time as written.
            throw .usage(FormatterStrings.fill(L("“%@” is not a time of day; nothing was written"), time))
        case let .failure(.endBeforeStart(days)):
            // TRANSLATORS: `koyomi add`'s error; %@ is the days as written ("Dec 28 to Dec 24").
            throw .usage(FormatterStrings.fill(L("“%@” ends before it starts; nothing was written"), days))
        }
    }

    /// Reads words in the user's locale (first weekday, day/month order) and zone; "in Work"
    /// may name one of the user's calendars by its file name.
    static func parser(_ context: CLIContext) -> QuickAddParser {
        let locale = LocaleSettings.fromEnvironment(context.environment)
        var calendar = context.calendar
        calendar.firstWeekday = locale.firstWeekday
        let names = UserCalendarFolder(environment: context.environment, timeZone: context.timeZone).paths
            .map(UserCalendarFolder.shortName)
        return QuickAddParser(now: context.now, calendar: calendar, locale: locale.locale, calendarNames: names)
    }

    /// "15m", "1h", "2d", "1w" or "0" (at the start), before the start; at most four weeks.
    static func minutes(_ text: String) throws(CLIError) -> Int {
        let units = ["m": 1, "h": 60, "d": 1440, "w": 10_080]
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let unit = trimmed.last.map(String.init).flatMap { units[$0] }
        let number = Int(unit == nil ? trimmed : String(trimmed.dropLast()))
        guard let number, number >= 0, (number == 0 || unit != nil), number * (unit ?? 1) <= 4 * 10_080 else {
            // TRANSLATORS: `koyomi add`'s error; %@ is what was typed; the option and the examples stay as written.
            throw .usage(FormatterStrings.fill(
                L("--remind expects how long before the start, such as 15m, 1h, 1d or 0 (at the start), at most four weeks; got “%@”"),
                text))
        }
        return number * (unit ?? 1)
    }

    func run() throws(CLIError) -> String {
        let folder = UserCalendarFolder(environment: context.environment, timeZone: context.timeZone)
        if dryRun { return try preview(calendarName: calendarName ?? folder.paths.first.map(UserCalendarFolder.shortName) ?? L("Personal")) }
        let calendar = try context.openCalendar(try folder.targetPath(named: calendarName, parseGuard: context.parseGuard,
                                                                      scheduler: context.loadScheduler))
        let id = try context.modify(calendar) { document in try document.addEvent(draft, now: context.now) }
        return id.uid + "\n"
    }

    /// The plan as `list --json` would show it once added, with its RRULE exactly as it would
    /// be written (made in a calendar in memory) and the words understood.
    private func preview(calendarName: String) throws(CLIError) -> String {
        var document: CalendarDocument
        let uid: Plan.ID
        do {
            document = try CalendarDocument(text: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Koyomi//EN\r\nEND:VCALENDAR\r\n",
                                            timeZone: context.timeZone)
            uid = try document.addEvent(draft, now: context.now, uid: "(not added)")
        } catch {
            throw .usage("the plan cannot be written: \(error)")
        }
        let rrule = document.snapshot(uid: uid.uid).componentTexts.first?.components(separatedBy: "\r\n")
            .first { $0.hasPrefix("RRULE:") }.map { String($0.dropFirst(6)) }
        let plan = Plan(id: uid, calendarID: CalendarID("(dry run)"), title: draft.title, location: draft.location,
                        timing: draft.timing)
        let line = PlanLine(plan: plan, day: plan.days(in: context.calendar).lowerBound, calendarName: calendarName,
                            calendar: context.calendar)
        return try PlanLine.json([DryRunLine(plan: line, repeatRule: rrule, reminders: draft.remindersBefore, understood: understood)])
    }
}

/// `add --dry-run`'s answer: `list --json`'s fields, the repeat rule, the reminders and the words understood.
struct DryRunLine: Encodable {
    var plan: PlanLine
    var repeatRule: String?
    var reminders: [Int]
    var understood: [String]

    private enum Key: String, CodingKey { case `repeat`, remindersBefore, understood }

    func encode(to encoder: any Encoder) throws {
        try plan.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(repeatRule, forKey: .repeat)
        try container.encode(reminders, forKey: .remindersBefore)
        try container.encode(understood, forKey: .understood)
    }
}
