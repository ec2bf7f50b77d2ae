import CalendarLibrary
import CalendarModel
import CalendarSync
import Foundation

/// `koyomi list [--date YYYY-MM-DD | --month YYYY-MM] [--calendar NAME] [--holidays jp] [--json] [FILE...]`.
///
/// Days are walked in order; each day's plans come in the window's order (`PlanOrdering`:
/// all-day first, then by start), and a plan spanning several days is listed once, on the
/// first listed day it touches.
struct ListCommand {
    var first: CalendarDay
    var last: CalendarDay
    var calendarName: String?
    /// `--holidays jp`: Japan's holidays, computed, listed beside the plans as all-day entries.
    var holidays: Bool
    var json: Bool
    var files: [String]
    let context: CLIContext

    init(arguments: [String], context: CLIContext) throws(CLIError) {
        let parsed = try CLIArguments(arguments, valued: ["--date", "--month", "--calendar", "--holidays"], flags: ["--json"])
        self.context = context
        switch (parsed.values["--date"], parsed.values["--month"]) {
        case (.some, .some):
            // TRANSLATORS: `koyomi list`'s error; the options stay as written.
            throw .usage(L("give either --date or --month, not both"))
        case let (.some(text), nil):
            guard let day = CalendarDay(parsing: text) else {
                // TRANSLATORS: a command's error; %@ is what was typed.
                throw .usage(FormatterStrings.fill(L("--date expects a real date as YYYY-MM-DD, got “%@”"), text))
            }
            (first, last) = (day, day)
        case let (nil, .some(text)):
            guard let month = YearMonth(parsing: text) else {
                // TRANSLATORS: a command's error; %@ is what was typed.
                throw .usage(FormatterStrings.fill(L("--month expects YYYY-MM (e.g. 2026-11), got “%@”"), text))
            }
            (first, last) = (month.firstDay, month.lastDay)
        case (nil, nil):
            (first, last) = (context.today, context.today)
        }
        calendarName = parsed.values["--calendar"]
        holidays = try Self.holidays(parsed.values["--holidays"])
        json = parsed.flags.contains("--json")
        files = parsed.positionals
    }

    /// The plans on stdout; on stderr, what a file's reading left out and why (exit 0: the rest is listed).
    func run() throws(CLIError) -> CLIResult {
        let sources = try UserCalendarFolder.select(try UserCalendarFolder.listed(files, context: context), named: calendarName)
        let warnings = UserCalendarFolder.warnings(of: sources, command: "list")
        let locale = LocaleSettings.fromEnvironment(context.environment).locale
        let builtIn: [any PlanSource] = holidays
            ? [JapaneseHolidaySource(locale: locale, timeCalendar: context.calendar)] : []
        return CLIResult(status: 0, output: try plans(in: sources + builtIn), error: warnings)
    }

    /// The one country Koyomi computes holidays for; anything else is a usage error in words.
    private static func holidays(_ value: String?) throws(CLIError) -> Bool {
        guard let value else { return false }
        guard value.lowercased() == JapaneseHolidaySource.commandLineName else {
            throw .usage("--holidays knows only “jp” (Japan's national holidays), got “\(value)”")
        }
        return true
    }

    private func plans(in sources: [any PlanSource]) throws(CLIError) -> String {
        let calendar = context.calendar
        let interval = DateInterval(start: first.start(in: calendar), end: last.adding(days: 1).start(in: calendar))
        var byDay: [CalendarDay: [Plan]] = [:]
        var names: [CalendarID: String] = [:]
        for source in sources {
            names[source.calendar.id] = source.calendar.name
            for plan in source.plans(overlapping: interval) {
                let span = plan.days(in: calendar)
                let day = max(span.lowerBound, first)
                guard day <= min(span.upperBound, last) else { continue }
                byDay[day, default: []].append(plan)
            }
        }
        var rows: [PlanLine] = []
        // The command's own title memo: the same titles meet again on the days listed.
        let titles = TitleCollation()
        for offset in 0...first.distance(to: last) {
            let day = first.adding(days: offset)
            for plan in PlanOrdering.sorted(byDay[day] ?? [], on: day, calendar: calendar, titles: titles) {
                rows.append(PlanLine(plan: plan, day: day, calendarName: names[plan.calendarID] ?? "", calendar: calendar))
            }
        }
        return json ? try PlanLine.json(rows) : rows.map(\.text).map { $0 + "\n" }.joined()
    }
}
