import CalendarModel
import Foundation
import GtkKit
import ICalendarReading

/// How `Settings` map to settings.ini's keys (the layout is in `SettingsStore`'s comment):
/// reading every key, writing back only what was chosen, and the text of the multi-line values.
extension SettingsStore {
    /// The groups and keys of settings.ini.
    fileprivate enum Key {
        static let calendar = "Calendar"
        static let firstWeekday = "first-weekday"
        /// Written by versions that could not follow the desktop: only "true" was a choice.
        static let legacyWeekNumbers = "show-week-numbers"
        static let weekNumbers = "week-numbers"
        static let clockFormat = "clock-format"
        static let japaneseEra = "japanese-era"
        static let dayColors = "day-colors"
        static let hiddenCalendars = "hidden-calendars"
        static let shownCalendars = "shown-calendars"
        static let keptFiles = "kept-files"
        static let desktopClock = "desktop-clock"
        static let window = "Window"
        static let width = "width"
        static let height = "height"
        static let maximized = "maximized"
        static let panel = "panel"
        static let view = "view"
        static let day = "day"
        static let reminders = "Reminders"
        static let snoozeMinutes = "snooze-minutes"
        static let calendarDefaults = "calendar-defaults"
    }

    /// Reads every key that is there and valid; anything else keeps its default. A value that
    /// is present but not understood is named in `problems`; one out of range is corrected.
    static func read(_ file: KeyFile, ignored problems: inout [String]) -> Settings {
        var settings = Settings()
        func present(_ key: String, _ group: String) -> Bool { file.string(key, in: group) != nil }
        func int(_ key: String, _ group: String) -> Int? {
            let value = file.int(key, in: group)
            // TRANSLATORS: %@ is a setting's name in the file, e.g. "width".
            if value == nil, present(key, group) { problems.append(FormatterStrings.fill(L("the invalid value of %@"), key)) }
            return value
        }
        func bool(_ key: String, _ group: String) -> Bool? {
            let value = file.bool(key, in: group)
            if value == nil, present(key, group) { problems.append(FormatterStrings.fill(L("the invalid value of %@"), key)) }
            return value
        }
        if let weekday = int(Key.firstWeekday, Key.calendar) {
            settings.firstWeekday = weekday
            if settings.firstWeekday == nil {
                problems.append(FormatterStrings.fill(L("%1$@=%2$@ (not 1…7)"), Key.firstWeekday, String(weekday)))
            }
        }
        if bool(Key.legacyWeekNumbers, Key.calendar) == true { settings.showsWeekNumbers = true }
        if let value = bool(Key.weekNumbers, Key.calendar) { settings.showsWeekNumbers = value }
        if let value = file.string(Key.clockFormat, in: Key.calendar) {
            switch value {
            case "24h": settings.usesTwentyFourHourClock = true
            case "12h": settings.usesTwentyFourHourClock = false
            // TRANSLATORS: a settings problem, e.g. "clock-format=25h (not 12h or 24h)".
            default: problems.append(FormatterStrings.fill(L("%1$@=%2$@ (not 12h or 24h)"), Key.clockFormat, value))
            }
        }
        if let value = bool(Key.japaneseEra, Key.calendar) { settings.showsJapaneseEra = value }
        if let value = bool(Key.dayColors, Key.calendar) { settings.colorsDays = value }
        if let value = file.string(Key.hiddenCalendars, in: Key.calendar) {
            settings.hiddenCalendars = Self.calendarIDs(in: value)
        }
        if let value = file.string(Key.shownCalendars, in: Key.calendar) {
            settings.shownCalendars = Self.calendarIDs(in: value)
        }
        if let value = file.string(Key.keptFiles, in: Key.calendar) {
            settings.keptFiles = Self.calendarIDs(in: value)
        }
        if let value = bool(Key.desktopClock, Key.calendar) { settings.showsPlansInDesktopClock = value }
        if let value = int(Key.width, Key.window) { settings.windowWidth = value }
        if let value = int(Key.height, Key.window) { settings.windowHeight = value }
        if let value = bool(Key.maximized, Key.window) { settings.isMaximized = value }
        if let value = file.string(Key.panel, in: Key.window) {
            if let position = PanelPosition(rawValue: value) {
                settings.panelPosition = position
            } else {
                problems.append(FormatterStrings.fill(L("%1$@=%2$@ (not tip, half or full)"), Key.panel, value))
            }
        }
        if let value = file.string(Key.view, in: Key.window) {
            if let view = CalendarViewKind(rawValue: value) {
                settings.calendarView = view
            } else {
                // TRANSLATORS: a settings problem, e.g. "view=agenda (not one of month, week, day)".
                problems.append(FormatterStrings.fill(L("%1$@=%2$@ (not one of %3$@)"), Key.view, value,
                                                      CalendarViewKind.allCases.map(\.rawValue).joined(separator: ", ")))
            }
        }
        if let value = file.string(Key.day, in: Key.window) {
            if let day = CalendarDay(parsing: value) {
                settings.selectedDay = day
            } else {
                problems.append(FormatterStrings.fill(L("%1$@=%2$@ (not a date as YYYY-MM-DD)"), Key.day, value))
            }
        }
        if let value = int(Key.snoozeMinutes, Key.reminders) { settings.snoozeMinutes = value }
        if let value = file.string(Key.calendarDefaults, in: Key.reminders) {
            settings.defaultReminders = Self.defaultReminders(in: value)
        }
        return settings
    }

    func write(_ settings: Settings, into file: KeyFile) {
        if let weekday = settings.firstWeekday {
            file.set(weekday, for: Key.firstWeekday, in: Key.calendar)
        } else {
            file.removeValue(for: Key.firstWeekday, in: Key.calendar)
        }
        file.removeValue(for: Key.legacyWeekNumbers, in: Key.calendar)
        if let shown = settings.showsWeekNumbers {
            file.set(shown, for: Key.weekNumbers, in: Key.calendar)
        } else {
            file.removeValue(for: Key.weekNumbers, in: Key.calendar)
        }
        if let twentyFour = settings.usesTwentyFourHourClock {
            file.set(twentyFour ? "24h" : "12h", for: Key.clockFormat, in: Key.calendar)
        } else {
            file.removeValue(for: Key.clockFormat, in: Key.calendar)
        }
        file.set(settings.showsJapaneseEra, for: Key.japaneseEra, in: Key.calendar)
        if let colorsDays = settings.colorsDays {
            file.set(colorsDays, for: Key.dayColors, in: Key.calendar)
        } else {
            file.removeValue(for: Key.dayColors, in: Key.calendar)
        }
        if let text = Self.text(of: settings.hiddenCalendars) {
            file.set(text, for: Key.hiddenCalendars, in: Key.calendar)
        } else {
            file.removeValue(for: Key.hiddenCalendars, in: Key.calendar)
        }
        if let text = Self.text(of: settings.shownCalendars) {
            file.set(text, for: Key.shownCalendars, in: Key.calendar)
        } else {
            file.removeValue(for: Key.shownCalendars, in: Key.calendar)
        }
        if let text = Self.text(of: settings.keptFiles) {
            file.set(text, for: Key.keptFiles, in: Key.calendar)
        } else {
            file.removeValue(for: Key.keptFiles, in: Key.calendar)
        }
        file.set(settings.showsPlansInDesktopClock, for: Key.desktopClock, in: Key.calendar)
        file.set(settings.windowWidth, for: Key.width, in: Key.window)
        file.set(settings.windowHeight, for: Key.height, in: Key.window)
        file.set(settings.isMaximized, for: Key.maximized, in: Key.window)
        if let position = settings.panelPosition {
            file.set(position.rawValue, for: Key.panel, in: Key.window)
        } else {
            file.removeValue(for: Key.panel, in: Key.window)
        }
        file.set(settings.calendarView.rawValue, for: Key.view, in: Key.window)
        if let day = settings.selectedDay {
            file.set(day.description, for: Key.day, in: Key.window)
        } else {
            file.removeValue(for: Key.day, in: Key.window)
        }
        file.set(settings.snoozeMinutes, for: Key.snoozeMinutes, in: Key.reminders)
        if settings.defaultReminders.isEmpty {
            file.removeValue(for: Key.calendarDefaults, in: Key.reminders)
        } else {
            file.set(Self.text(of: settings.defaultReminders), for: Key.calendarDefaults, in: Key.reminders)
        }
    }

    // MARK: Default reminders

    /// "15,60 /path" lines; a line that does not read so is skipped.
    static func defaultReminders(in text: String) -> [CalendarID: [Int]] {
        var result: [CalendarID: [Int]] = [:]
        for line in text.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            let minutes = line[..<space].split(separator: ",").compactMap { Int($0) }
            let path = line[line.index(after: space)...]
            guard !minutes.isEmpty, !path.isEmpty else { continue }
            result[CalendarID(String(path))] = minutes
        }
        return result
    }

    static func text(of defaults: [CalendarID: [Int]]) -> String {
        defaults.sorted { $0.key.rawValue < $1.key.rawValue }
            .map { $0.value.map(String.init).joined(separator: ",") + " " + $0.key.rawValue }.joined(separator: "\n")
    }

    // MARK: Lists of calendars (hidden, kept)

    /// Calendar ids are file paths, which may hold `;` or `,` (so no GLib string list), but
    /// never a line break in practice: one id per line, empty lines skipped.
    static func calendarIDs(in text: String) -> Set<CalendarID> {
        Set(text.split(separator: "\n", omittingEmptySubsequences: true).map { CalendarID(String($0)) })
    }

    /// The ids one per line, sorted so the file does not churn; nil when there are none.
    /// An id with a line break could not be read back as one, so it is not written.
    static func text(of ids: Set<CalendarID>) -> String? {
        let lines = ids.map(\.rawValue).filter { !$0.isEmpty && !$0.contains("\n") }.sorted()
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }
}
