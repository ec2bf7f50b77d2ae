import CalendarModel
import Foundation
import GtkKit

/// The Preferences window: the first day of the week, the week-number column, the 24-hour
/// clock, coloured weekends and holidays, the Japanese era (offered where the language is Japanese), the
/// plans in the desktop's clock, how long
/// Snooze waits and whether Koyomi runs in the background for reminders.
///
/// Every change goes to the `SettingsStore` at once (saved, then observers such as the month
/// grid follow); the controls also follow the store, so a change made elsewhere shows here.
/// Keep the controller while the window is open and drop it in `onClosed`.
@MainActor
final class PreferencesController {
    /// UI text in one place, through gettext (`L`); read when the window is built.
    enum Text {
        static var title: String { L("Preferences") }
        static var page: String { L("General") }
        static var calendarGroup: String { L("Calendar") }
        static var firstWeekday: String { L("First day of the week") }
        // TRANSLATORS: the first-weekday choice that follows the locale; %@ is the day the
        // locale starts weeks on ("Sunday"). Keep it short: it is shown in a narrow row.
        static var automatic: String { L("Automatic (%@)") }
        static var weekNumbers: String { L("Show week numbers") }
        static var weekNumbersDetail: String { L("ISO 8601 week numbers beside each row of the month") }
        // TRANSLATORS: a switch: times written as 14:00 rather than 2:00 PM.
        static var twentyFourHour: String { L("24-hour clock") }
        // TRANSLATORS: under "24-hour clock"; until changed here, the switch follows the desktop's
        // own clock setting (GNOME's Date & Time), else the language's custom.
        static var twentyFourHourDetail: String { L("14:00 rather than 2:00 PM; follows the desktop until changed here") }
        static var dayColors: String { L("Color weekends and holidays") }
        static var dayColorsDetail: String { L("Sundays and holidays in red, Saturdays in blue") }
        // TRANSLATORS: offered only in Japanese: years written as 令和8年 instead of 2026年.
        static var japaneseEra: String { L("Show years in the Japanese era") }
        // TRANSLATORS: the era preference's explanation; only shown in Japanese.
        static var japaneseEraDetail: String { L("Reiwa 8 instead of 2026 in titles, lists and details; dates you type may use either") }
        static var remindersGroup: String { L("Reminders") }
        // TRANSLATORS: how long a reminder's Snooze button puts it off.
        static var snooze: String { L("Snooze for") }
        static func minutes(_ count: Int) -> String {
            FormatterStrings.fill(L("%@ minute", "%@ minutes", count: count), String(count))
        }
        static var background: String { L("Run in the background for reminders") }
        static var backgroundDetail: String { L("Start at log-in and keep reminding with the window closed") }
        // TRANSLATORS: a switch: the calendars' plans listed under the clock in GNOME's top bar.
        static var desktopClock: String { L("Show plans in the desktop's clock") }
        // TRANSLATORS: under "Show plans in the desktop's clock". Evolution Data Server is a program's name.
        static var desktopClockDetail: String { L("The top bar's calendar lists them through Evolution Data Server; reminders stay Koyomi's") }
    }

    let window: PreferencesWindow
    /// Item 0 is "Automatic"; items 1…7 are Sunday … Saturday, the same numbers as
    /// `Calendar.firstWeekday`, so an index is the weekday itself.
    let firstWeekdayRow: ComboRow
    /// Week numbers: on or off as the desktop says until switched here (`Settings.chooseWeekNumbers`).
    let weekNumbersRow: SwitchRow
    /// The clock times are written on, likewise (`Settings.chooseTwentyFourHourClock`).
    let clockRow: SwitchRow
    /// Sundays and holidays red, Saturdays blue (`Settings.colorsDays`).
    let dayColorsRow: SwitchRow
    /// Years in the Japanese era; only where the language is Japanese (`JapaneseEra.isOffered`).
    let japaneseEraRow: SwitchRow?
    /// Items are `Settings.snoozeChoices`, in order.
    let snoozeRow: ComboRow
    /// Shown when Koyomi can start at log-in (`AutostartEntry`).
    let backgroundRow: SwitchRow?
    /// The calendars registered with EDS for the desktop's clock (`Settings.showsPlansInDesktopClock`).
    let desktopClockRow: SwitchRow
    /// The user switched running in the background on or off (already written).
    var onBackgroundChanged: ((Bool) -> Void)?
    /// Called once the window is gone (closed, or destroyed with the main window).
    var onClosed: (() -> Void)?

    private let store: SettingsStore
    /// Whether days are coloured when the user has not chosen (the language is Japanese).
    private let colorsDaysByDefault: Bool
    /// What the desktop says now (GNOME's clock format and week numbers).
    private let desktop: () -> DesktopChoices
    /// Whether the user's locale writes times on a 24-hour clock.
    private let localeUsesTwentyFourHourClock: Bool
    private var observation: SettingsStore.Observation?

    /// - Parameters:
    ///   - parent: the main window; Preferences is modal and transient for it.
    ///   - locale: the user's locale and its first weekday (`LocaleSettings.fromEnvironment`):
    ///     it names the weekdays and says which one "Automatic" means.
    ///   - desktop: what the desktop says of the week numbers and the clock (`DesktopSettings`).
    ///   - autostart: the log-in entry "Run in the background" switches; nil hides the switch.
    init(store: SettingsStore, parent: Window, locale: LocaleSettings, desktop: @escaping () -> DesktopChoices,
         autostart: AutostartEntry? = nil) {
        self.store = store
        self.desktop = desktop
        localeUsesTwentyFourHourClock = locale.usesTwentyFourHourClock
        window = PreferencesWindow(transientFor: parent)
        window.title = Text.title
        firstWeekdayRow = ComboRow(title: Text.firstWeekday, items: Self.weekdayChoices(locale: locale))
        weekNumbersRow = SwitchRow(title: Text.weekNumbers, subtitle: Text.weekNumbersDetail)
        clockRow = SwitchRow(title: Text.twentyFourHour, subtitle: Text.twentyFourHourDetail)
        dayColorsRow = SwitchRow(title: Text.dayColors, subtitle: Text.dayColorsDetail)
        colorsDaysByDefault = JapaneseHolidaySource.isJapanese(locale.locale)
        japaneseEraRow = JapaneseEra.isOffered(in: locale.locale)
            ? SwitchRow(title: Text.japaneseEra, subtitle: Text.japaneseEraDetail) : nil

        let group = PreferencesGroup(title: Text.calendarGroup)
        group.add(firstWeekdayRow)
        group.add(weekNumbersRow)
        group.add(clockRow)
        group.add(dayColorsRow)
        if let japaneseEraRow { group.add(japaneseEraRow) }
        desktopClockRow = SwitchRow(title: Text.desktopClock, subtitle: Text.desktopClockDetail)
        group.add(desktopClockRow)
        snoozeRow = ComboRow(title: Text.snooze, items: Settings.snoozeChoices.map(Text.minutes))
        backgroundRow = autostart.map { _ in SwitchRow(title: Text.background, subtitle: Text.backgroundDetail) }
        let reminders = PreferencesGroup(title: Text.remindersGroup)
        reminders.add(snoozeRow)
        if let backgroundRow { reminders.add(backgroundRow) }
        let page = PreferencesPage(title: Text.page, iconName: "preferences-system-symbolic")
        page.add(group)
        page.add(reminders)
        window.add(page)

        // Show the stored values before connecting, so that showing them writes nothing.
        show(store.settings)
        firstWeekdayRow.onSelected { [weak self] index in
            guard let index else { return }
            self?.store.update { $0.firstWeekday = index == 0 ? nil : index }
        }
        weekNumbersRow.onToggled { [weak self] isOn in
            guard let self else { return }
            let desktop = self.desktop()
            self.store.update { $0.chooseWeekNumbers(isOn, desktop: desktop) }
        }
        clockRow.onToggled { [weak self] isOn in
            guard let self else { return }
            let desktop = self.desktop(), localeDefault = self.localeUsesTwentyFourHourClock
            self.store.update { $0.chooseTwentyFourHourClock(isOn, desktop: desktop, localeDefault: localeDefault) }
        }
        dayColorsRow.onToggled { [weak self] isOn in
            self?.store.update { $0.colorsDays = isOn }
        }
        japaneseEraRow?.onToggled { [weak self] isOn in
            self?.store.update { $0.showsJapaneseEra = isOn }
        }
        desktopClockRow.onToggled { [weak self] isOn in
            self?.store.update { $0.showsPlansInDesktopClock = isOn }
        }
        snoozeRow.onSelected { [weak self] index in
            guard let index, Settings.snoozeChoices.indices.contains(index) else { return }
            self?.store.update { $0.snoozeMinutes = Settings.snoozeChoices[index] }
        }
        if let backgroundRow, let autostart {
            backgroundRow.isOn = autostart.isEnabled
            backgroundRow.onToggled { [weak self] isOn in
                do {
                    try autostart.setEnabled(isOn)
                } catch {
                    // The switch shows what will really happen at the next log-in.
                    backgroundRow.isOn = autostart.isEnabled
                    FileHandle.standardError.write(Data("koyomi: the autostart entry could not be changed: \(error)\n".utf8))
                    return
                }
                self?.onBackgroundChanged?(isOn)
            }
        }
        observation = store.observe { [weak self] settings in self?.show(settings) }
        window.onClosed { [weak self] in self?.closed() }
    }

    func present() { window.present() }

    /// "Automatic (Sunday)", naming the locale's own first day, then the locale's names for
    /// Sunday … Saturday.
    nonisolated static func weekdayChoices(locale: LocaleSettings) -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale.locale
        // Stand-alone forms: the names appear on their own, not inside a date.
        let names = calendar.standaloneWeekdaySymbols
        let automatic = names.indices.contains(locale.firstWeekday - 1) ? names[locale.firstWeekday - 1] : names[0]
        return [FormatterStrings.fill(Text.automatic, automatic)] + names
    }

    private func show(_ settings: Settings) {
        // GTK notifies only real changes, and the store ignores equal values: no feedback loop.
        firstWeekdayRow.selectedIndex = settings.firstWeekday ?? 0
        let desktop = self.desktop()
        weekNumbersRow.isOn = settings.showsWeekNumbers(desktop: desktop)
        clockRow.isOn = settings.usesTwentyFourHourClock(desktop: desktop) ?? localeUsesTwentyFourHourClock
        dayColorsRow.isOn = settings.colorsDays(localeDefault: colorsDaysByDefault)
        japaneseEraRow?.isOn = settings.showsJapaneseEra
        desktopClockRow.isOn = settings.showsPlansInDesktopClock
        // A hand-edited time that is not one of the choices shows none of them.
        snoozeRow.selectedIndex = Settings.snoozeChoices.firstIndex(of: settings.snoozeMinutes)
    }

    private func closed() {
        observation = nil
        let handler = onClosed
        onClosed = nil
        handler?()
    }
}
