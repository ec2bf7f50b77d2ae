import CalendarModel
import Foundation

/// The plan editor's words, through gettext (`L`), read when the dialog is built.
enum PlanEditorText {
    static var newTitle: String { L("New Plan") }
    static var editTitle: String { L("Edit Plan") }
    static var cancel: String { L("_Cancel") }
    static var save: String { L("_Save") }
    // Plain text: GtkKit's Button shows labels as written (no mnemonics).
    static var delete: String { L("Delete Plan") }
    static var title: String { L("Title") }
    static var allDay: String { L("All day") }
    // TRANSLATORS: the caption of the start date and time fields of a plan.
    static var starts: String { L("Starts") }
    // TRANSLATORS: the caption of the end date and time fields of a plan.
    static var ends: String { L("Ends") }
    static var startDate: String { L("Start date") }
    static var startTime: String { L("Start time") }
    static var endDate: String { L("End date") }
    static var endTime: String { L("End time") }
    // TRANSLATORS: tooltip of the button beside a date field that opens a month to pick from.
    static var pickStartDate: String { L("Choose the start date") }
    static var pickEndDate: String { L("Choose the end date") }
    // TRANSLATORS: shown when a plan's times are in another zone than the user's; %@ is the
    // zone's IANA name, e.g. "Asia/Tokyo".
    static var timeZone: String { L("Times are in %@") }
    // TRANSLATORS: as "Times are in %@", with the plan's times in the user's own zone after it:
    // %1$@ is the zone's IANA name, %2$@ the times, e.g. "4:00 PM – 5:00 PM".
    static var timeZoneWithYourTimes: String { L("Times are in %1$@: %2$@ your time") }
    static var calendar: String { L("Calendar") }
    static var location: String { L("Location") }
    static var notes: String { L("Notes") }
    // TRANSLATORS: the caption of how a plan repeats (Never, Daily, …).
    static var repeatCaption: String { L("Repeat") }
    // TRANSLATORS: the caption of a plan's reminders in the editor.
    static var reminders: String { L("Reminders") }
    static var repeatChoices: [String] {
        // TRANSLATORS: a repeat choice: the plan happens once.
        [L("Never"), L("Daily"),
         // TRANSLATORS: a repeat choice: Monday to Friday.
         L("Weekdays"),
         // TRANSLATORS: a repeat choice: every week on the days chosen below it.
         L("Weekly"), L("Monthly"), L("Yearly")]
    }
    static var weekdays: String { L("Repeat on") }
    // TRANSLATORS: the caption of how far apart repetitions are, above "[2] weeks".
    static var intervalCaption: String { L("Repeat every") }

    /// The unit after the interval's number, "[2] weeks" (nil: the choice has no interval).
    static func intervalUnit(_ choice: PlanEditorRepeatSection.Choice, count: Int) -> String? {
        switch choice {
        case .never, .weekdays: nil
        // TRANSLATORS: follows the number of days between repetitions, as in "Repeat every [2] days".
        case .daily: L("day", "days", count: count)
        // TRANSLATORS: follows the number of weeks between repetitions, as in "Repeat every [2] weeks".
        case .weekly: L("week", "weeks", count: count)
        // TRANSLATORS: follows the number of months between repetitions, as in "Repeat every [2] months".
        case .monthly: L("month", "months", count: count)
        // TRANSLATORS: follows the number of years between repetitions, as in "Repeat every [2] years".
        case .yearly: L("year", "years", count: count)
        }
    }
    // TRANSLATORS: the caption of when a repetition stops (Never, On date, After N times).
    static var repeatEndCaption: String { L("Repeat ends") }
    static var repeatEndChoices: [String] {
        // TRANSLATORS: when a repetition stops: never / on a date / after a number of times.
        [L("Never"), L("On date"), L("After")]
    }
    // TRANSLATORS: tooltip of the repeat fields of a plan whose stored rule is more complex
    // than the editor's choices (e.g. "the last Friday of each month"); it is kept as it is.
    static var repeatNotEditable: String { L("This plan repeats in a way Koyomi cannot edit; the rule is kept as it is") }
    static var repeatEndDate: String { L("Repeat end date") }
    static var repeatCount: String { L("Number of times") }
    // TRANSLATORS: follows the number of repetitions, as in "After [5] times".
    static var times: String { L("times") }

    /// The validation messages in the user's language (see `PlanFormStrings` for the cases).
    /// `dateExample`: how a date is typed in the user's locale, "MM/DD/YYYY".
    static func formStrings(dateExample: String) -> PlanFormStrings {
        PlanFormStrings(
            emptyTitle: L("Enter a title"),
            // TRANSLATORS: %@ shows how a date is written here, e.g. "MM/DD/YYYY".
            missingDate: FormatterStrings.fill(L("Enter a date as %@"), dateExample),
            // TRANSLATORS: %1$@ is what the user typed in a date field, e.g. "2/30/2026"; %2$@
            // shows how a date is written here, e.g. "MM/DD/YYYY".
            invalidDate: FormatterStrings.fill(L("“%1$@” is not a date; write it like %2$@"), "%1$@", dateExample),
            // TRANSLATORS: a date field names a day its month lacks (2026-02-30). %1$@ is the
            // month and year ("February 2026"), %2$@ its number of days ("28").
            dayNotInMonth: L("%1$@ has %2$@ days"),
            // TRANSLATORS: %@ is an example time on the user's clock, "9:30 PM" or "21:30".
            missingTime: L("Enter a time, such as %@"),
            // TRANSLATORS: %1$@ is what the user typed in a time field, e.g. "25:61"; %2$@ is
            // an example time on the user's clock, "9:30 PM" or "21:30".
            invalidTime: L("“%1$@” is not a time of day; write it like %2$@"),
            // TRANSLATORS: %@ is a time zone identifier the system does not know.
            unknownTimeZone: L("Unknown time zone “%@”"),
            endDayBeforeStartDay: L("The last day is before the first day"),
            endBeforeStart: L("The plan ends before it starts"),
            noWeekdays: L("Choose at least one day of the week"),
            repeatEndBeforeStart: L("The repetition ends before the plan starts"),
            repeatCountTooSmall: L("Repeat at least once"))
    }
}
