import CalendarModel
import Foundation
import GtkKit

/// The window's side of the settings: applying them, remembering the window's size, and the
/// Preferences and About windows reached from the primary menu.
extension WindowController {
    func connectSettings() {
        let current = settings.settings
        mainWindow.window.setDefaultSize(width: Int32(current.windowWidth), height: Int32(current.windowHeight))
        if current.isMaximized { mainWindow.window.maximize() }
        mainWindow.grid.showsWeekNumbers = current.showsWeekNumbers(desktop: desktop.choices)
        mainWindow.window.setCSSClass(DayColors.windowClass, current.colorsDays(localeDefault: colorsDaysByDefault))
        mainWindow.errors.show(settings.problems)
        settings.onProblem = { [weak self] problem in self?.mainWindow.errors.show([problem]) }
        settingsObservation = settings.observe { [weak self] in self?.apply($0) }
        desktop.onChange = { [weak self] in
            guard let self else { return }
            self.apply(self.settings.settings)
        }

        // Remember the size the user left the window at (GTK keeps the default size current).
        mainWindow.window.onBoolSignal("close-request") { [weak self] in
            self?.rememberWindowState()
            return false
        }
    }

    /// The views follow the width left to them, and the view chosen last comes back: the
    /// week or day view on the day selected when the window closed (unless `--month` names
    /// one). The month view opens on today's month, as always.
    func connectViews(month: YearMonth?) {
        let window = mainWindow
        mainWindow.panelLayout.viewWidthChanged = { [weak window] width in
            guard let window else { return }
            for view in window.calendarViews { view.setAvailableWidth(Int(width)) }
            window.header.fit(width: window.panelLayout.area.width)
        }
        let view = settings.settings.calendarView
        if view != .month {
            if month == nil, let day = settings.settings.selectedDay { store.show(day) }
            coordinator.show(view)
        }
    }

    private func apply(_ new: Settings) {
        store.setFirstWeekday(new.firstWeekday(localeDefault: localeSettings.firstWeekday))
        mainWindow.grid.showsWeekNumbers = new.showsWeekNumbers(desktop: desktop.choices)
        mainWindow.window.setCSSClass(DayColors.windowClass, new.colorsDays(localeDefault: colorsDaysByDefault))
        // Another clock changes every time written and the editor's fields: the locale's
        // calendar is replaced, as when the zone changes.
        let locale = environmentLocale.withClock(twentyFourHour: new.usesTwentyFourHourClock(desktop: desktop.choices))
        let clockChanged = locale.locale != localeSettings.locale
        if clockChanged {
            localeSettings = locale
            store.setCalendar(locale.calendar(timeZone: store.calendar.timeZone))
        }
        // The era changes every text with a year: the same path as a new locale or zone.
        let era = new.showsJapaneseEra && JapaneseEra.isOffered(in: localeSettings.locale)
        if clockChanged || era != coordinator.formatter.showsJapaneseEra {
            coordinator.replaceFormatter(makeFormatter(calendar: store.calendar))
        }
    }

    /// Sundays and holidays red, Saturdays blue unless the user chose otherwise: where the
    /// language is Japanese, as Japanese printed calendars have them.
    var colorsDaysByDefault: Bool { JapaneseHolidaySource.isJapanese(localeSettings.locale) }

    /// The window's formatter for `calendar`: the locale's, with the era as the settings say.
    func makeFormatter(calendar: Calendar) -> CalendarFormatter {
        CalendarFormatter(locale: localeSettings.locale, calendar: calendar, strings: Localization.formatterStrings(),
                          japaneseEra: settings.settings.showsJapaneseEra)
    }

    func rememberWindowState() {
        let window = mainWindow.window
        let size = window.defaultSize
        settings.update { settings in
            settings.isMaximized = window.isMaximized
            settings.selectedDay = self.store.selection
            // A maximized window's own size is what it returns to; keep that one.
            if !window.isMaximized, size.width > 0, size.height > 0 {
                settings.windowWidth = Int(size.width)
                settings.windowHeight = Int(size.height)
            }
        }
    }

    func showPreferences() {
        if preferences == nil {
            let controller = PreferencesController(store: settings, parent: mainWindow.window, locale: environmentLocale,
                                                   desktop: { [desktop] in desktop.choices }, autostart: autostart)
            controller.onClosed = { [weak self] in self?.preferences = nil }
            controller.onBackgroundChanged = { [weak self] isOn in self?.mainWindow.window.hidesOnClose = isOn }
            preferences = controller
        }
        preferences?.present()
    }

    func showAbout() {
        if let about {
            about.present()
            return
        }
        let window = AboutWindow(
            parent: mainWindow.window, name: "Koyomi", version: LaunchOptions.version,
            developer: L("The Koyomi developers"), iconName: "app.koyomi.Koyomi",
            comments: L("Your month at a glance, with the plans of any day"))
        window.onSignal("unrealize") { [weak self, weak window] in
            if let self, self.about === window { self.about = nil }
        }
        about = window
        window.present()
    }
}
