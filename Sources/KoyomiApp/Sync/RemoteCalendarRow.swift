import CalDAV
import CalendarModel
import GtkKit

/// One calendar found on the server in the account dialog: its colour, its name as the check
/// box's label (so a click on the name toggles it), checked at first.
@MainActor
final class RemoteCalendarRow {
    let calendar: RemoteCalendar
    let row: ListBoxRow
    let swatch = Box(.horizontal)
    let check: CheckButton
    private var connections: [SignalConnection] = []

    /// The user checked or unchecked it.
    var onToggled: (() -> Void)?

    var isChosen: Bool { check.isActive }

    init(calendar: RemoteCalendar, colors: ColorClasses) {
        self.calendar = calendar
        check = CheckButton(label: calendar.displayName, isActive: true)
        check.hexpand = true
        let content = Box(.horizontal, spacing: 10)
        content.setMargins(top: 6, bottom: 6, start: 10, end: 10)
        swatch.addCSSClass("color-bar")
        swatch.addCSSClass("calendar-swatch")
        swatch.valign = .center
        // A server calendar without a colour gets ColorClasses' grey, as an unparsable one does.
        swatch.addCSSClass(colors.className(for: DotColor(spec: calendar.color ?? "", fallback: "")))
        content.append(swatch)
        content.append(check)
        row = ListBoxRow(child: content, activatable: false)
        row.tooltip = calendar.url.absoluteString
        connections.append(check.onToggled { [weak self] _ in self?.onToggled?() })
    }
}
