import CalendarModel
import GtkKit

/// GNOME's own choices that Koyomi follows, live: its clock format
/// (`org.gnome.desktop.interface clock-format`) and its calendar's week numbers
/// (`org.gnome.desktop.calendar show-weekdate`).
///
/// A key counts in a GNOME session, or wherever someone set it; elsewhere the schemas'
/// defaults (a 24-hour clock) are not the user's choice, and the locale decides as before.
/// Without the schemas the desktop says nothing.
@MainActor
final class DesktopSettings {
    private static let interfaceSchema = "org.gnome.desktop.interface", clockFormat = "clock-format"
    private static let calendarSchema = "org.gnome.desktop.calendar", weekDate = "show-weekdate"

    private let interface: GioSettings?
    private let calendar: GioSettings?
    private let isGNOME: Bool
    private var connections: [SignalConnection] = []
    /// Called after a choice changed.
    var onChange: (() -> Void)?

    /// - Parameter environment: says whether this is a GNOME session (`XDG_CURRENT_DESKTOP`).
    init(environment: [String: String]) {
        isGNOME = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").contains { $0 == "GNOME" }
        interface = GioSettings.installed(schema: Self.interfaceSchema).flatMap { $0.hasKey(Self.clockFormat) ? $0 : nil }
        calendar = GioSettings.installed(schema: Self.calendarSchema).flatMap { $0.hasKey(Self.weekDate) ? $0 : nil }
        for (settings, key) in [(interface, Self.clockFormat), (calendar, Self.weekDate)] {
            guard let settings else { continue }
            connections.append(settings.onChanged(key) { [weak self] in self?.onChange?() })
        }
    }

    isolated deinit { connections.forEach { $0.disconnect() } }

    /// What the desktop says now.
    var choices: DesktopChoices {
        var choices = DesktopChoices.none
        if let interface, counts(interface, Self.clockFormat) {
            switch interface.string(Self.clockFormat) {
            case "24h": choices.usesTwentyFourHourClock = true
            case "12h": choices.usesTwentyFourHourClock = false
            default: break
            }
        }
        if let calendar, counts(calendar, Self.weekDate) {
            choices.showsWeekNumbers = calendar.bool(Self.weekDate)
        }
        return choices
    }

    private func counts(_ settings: GioSettings, _ key: String) -> Bool {
        isGNOME || settings.isSet(key)
    }
}
