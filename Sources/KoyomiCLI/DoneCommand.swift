import CalendarEditing
import CalendarLibrary
import CalendarModel
import Foundation
import ICalendarReading

/// `koyomi done UID [--calendar NAME]`: checks a task off in the user calendar holding it
/// (STATUS:COMPLETED, COMPLETED now in UTC, PERCENT-COMPLETE:100); of a repeating task only
/// its earliest open occurrence, in an override. Nothing else in the file is rewritten.
struct DoneCommand {
    var uid: String
    var calendarName: String?
    let context: CLIContext

    init(arguments: [String], context: CLIContext) throws(CLIError) {
        let parsed = try CLIArguments(arguments, valued: ["--calendar"], flags: [])
        self.context = context
        guard let uid = parsed.positionals.first, !uid.isEmpty else {
            // TRANSLATORS: `koyomi done`'s error; the command stays as written.
            throw .usage(L("which task? give its UID (see koyomi tasks --json)"))
        }
        if parsed.positionals.count > 1 {
            throw .usage(FormatterStrings.fill(L("unexpected argument “%@”"), parsed.positionals[1]))
        }
        self.uid = uid
        calendarName = parsed.values["--calendar"]
    }

    func run() throws(CLIError) -> String {
        guard let match = try context.calendarsHolding(uid, named: calendarName, among: \.taskUIDs) else {
            // TRANSLATORS: `koyomi done`'s error; %@ is the UID given.
            let unknown = FormatterStrings.fill(L("no task with UID “%@”"), uid)
            // TRANSLATORS: after "no plan with UID “…”": %@ is the calendar asked for.
            throw .usage(unknown + (calendarName.map { FormatterStrings.fill(L(" in “%@”"), $0) } ?? "")
                // TRANSLATORS: after "no task with UID “…”"; the command stays as written.
                + L("; nothing was written (koyomi tasks --json shows the UIDs)"))
        }
        let title = try? ICalendarTasks(text: match.calendar.document.text, sourceName: match.calendar.path,
                                        calendarID: match.file.calendar.id, timeZone: context.timeZone)
            .tasks.first { $0.uid == uid && ($0.occurrence == nil || $0.isOpen) }?.title
        let outcome: TaskCompletion
        do {
            outcome = try context.modify(match.calendar) { document in try document.completeTask(uid: uid, now: context.now) }
        } catch where error.message.contains("no open occurrence left") {
            // TRANSLATORS: `koyomi done`'s error: %@ is the task's title.
            throw .usage(FormatterStrings.fill(L("every occurrence of “%@” is done already; nothing was written"), title ?? uid))
        }
        let name = match.file.calendar.name
        switch outcome {
        case .alreadyDone:
            // TRANSLATORS: what `koyomi done` prints: %1$@ is the task's title, %2$@ its UID, %3$@ its calendar.
            return FormatterStrings.fill(L("“%1$@” (%2$@) in %3$@ was done already; nothing was written"), title ?? uid, uid, name) + "\n"
        case .completed(occurrence: nil):
            // TRANSLATORS: what `koyomi done` prints: %1$@ is the task's title, %2$@ its UID, %3$@ its calendar.
            return FormatterStrings.fill(L("Done: “%1$@” (%2$@) in %3$@"), title ?? uid, uid, name) + "\n"
        case let .completed(occurrence?):
            // TRANSLATORS: what `koyomi done` prints for a repeating task: %1$@ is its title, %2$@ the
            // occurrence checked off (2026-11-09), %3$@ its UID, %4$@ its calendar.
            return FormatterStrings.fill(L("Done: “%1$@” of %2$@ (%3$@) in %4$@"), title ?? uid,
                                         Self.words(occurrence, calendar: context.calendar), uid, name) + "\n"
        }
    }

    /// "20261109" → "2026-11-09"; "20261109T080000Z" → "2026-11-09 09:00" in the user's zone.
    private static func words(_ key: String, calendar: Calendar) -> String {
        let digits = Array(key)
        guard digits.count >= 8, let day = CalendarDay(parsing: "\(String(digits[0..<4]))-\(String(digits[4..<6]))-\(String(digits[6..<8]))") else {
            return key
        }
        guard digits.count >= 15, let hour = Int(String(digits[9..<11])), let minute = Int(String(digits[11..<13])),
              let second = Int(String(digits[13..<15])) else { return day.description }
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let instant = day.start(in: utc).addingTimeInterval(TimeInterval(hour * 3600 + minute * 60 + second))
        return "\(CalendarDay(instant, in: calendar)) \(PlanLine.clock(instant, calendar))"
    }
}
