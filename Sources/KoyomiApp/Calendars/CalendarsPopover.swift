import CalendarModel
import GtkKit

/// The header bar's calendars button and its popover: every calendar with its colour, name and
/// visibility check box, an edit button for writable ones, and "New Calendar…" at the bottom.
///
/// A view: it reports to its delegate and re-renders from plain values (`render`), never
/// touching the store or the files itself. Removing asks for confirmation first.
@MainActor
final class CalendarsPopover {
    weak var delegate: CalendarsListDelegate?
    /// Goes in the header bar.
    let button: MenuButton
    let popover = Popover()
    let list = ListBox()
    let newCalendarButton: Button
    private(set) var rows: [CalendarListRow] = []
    /// The calendar dialog on screen, if any (kept for tests and so it outlives this call).
    private(set) var editDialog: CalendarEditDialog?
    /// The "Remove …?" question on screen, if any.
    private(set) var confirmation: MessageDialog?
    private weak var window: Window?
    private let colors: ColorClasses
    private var connections: [SignalConnection] = []

    init(window: Window, colors: ColorClasses) {
        self.window = window
        self.colors = colors
        button = MenuButton(iconName: "x-office-calendar-symbolic", popover: popover)
        // TRANSLATORS: tooltip and screen-reader name of the header bar button listing the calendars.
        button.tooltip = L("Calendars")
        button.accessibleLabel = L("Calendars")
        newCalendarButton = Button(label: L("New Calendar…"))

        let content = Box(.vertical, spacing: 6)
        content.setMargins(top: 6, bottom: 6, start: 6, end: 6)
        list.addCSSClass("calendars-list")
        list.accessibleLabel = L("Calendars")
        content.append(list)
        newCalendarButton.hasFrame = false
        content.append(newCalendarButton)
        popover.setChild(content)

        connections.append(newCalendarButton.onClicked { [weak self] in self?.openNewCalendarDialog() })
    }

    /// Shows `calendars` in order, checked unless their id is in `hidden`, each under the name of
    /// the GNOME Online Accounts account it comes from (`accounts`). Rows of calendars already
    /// shown are updated in place.
    func render(_ calendars: [CalendarInfo], hidden: Set<CalendarID>, accounts: [CalendarID: String] = [:]) {
        let sameRows = rows.count == calendars.count && zip(rows, calendars).allSatisfy {
            $0.calendar.id == $1.id && $0.calendar.isReadOnly == $1.isReadOnly && $0.calendar.isLoading == $1.isLoading
        }
        if sameRows {
            for (row, calendar) in zip(rows, calendars) {
                row.update(calendar: calendar, visible: !hidden.contains(calendar.id), colors: colors,
                           account: accounts[calendar.id])
            }
        } else {
            list.removeAll()
            rows = calendars.map { calendar in
                let row = CalendarListRow(calendar: calendar, visible: !hidden.contains(calendar.id), colors: colors,
                                          account: accounts[calendar.id])
                row.onVisibilityChanged = { [weak self] id, visible in
                    guard let self else { return }
                    self.delegate?.calendarsList(self, setVisible: visible, for: id)
                }
                row.onEdit = { [weak self] calendar in self?.openEditDialog(for: calendar) }
                list.append(row.row)
                return row
            }
        }
        colors.flush()
    }

    /// The row showing `id`, if it is listed.
    func row(for id: CalendarID) -> CalendarListRow? {
        rows.first { $0.calendar.id == id }
    }

    // MARK: Dialogs

    /// "New Calendar…": a name and a colour.
    func openNewCalendarDialog() {
        let color = Self.suggestedColor(avoiding: rows.map(\.calendar.color))
        presentDialog(for: nil, color: color, reminders: nil) { [weak self] name, color, _ in
            guard let self else { return }
            self.delegate?.calendarsList(self, create: name, color: color)
        }
    }

    /// The edit button of a writable calendar.
    func openEditDialog(for calendar: CalendarInfo) {
        guard !calendar.isReadOnly else { return }
        let defaults = defaultReminders(calendar.id)
        presentDialog(for: calendar, color: calendar.color, reminders: defaults) { [weak self] name, color, reminders in
            guard let self else { return }
            if reminders != defaults { self.delegate?.calendarsList(self, setDefaultReminders: reminders, for: calendar.id) }
            if name != calendar.name { self.delegate?.calendarsList(self, rename: calendar.id, to: name) }
            if RGBA(parsing: calendar.color)?.hex != color {
                self.delegate?.calendarsList(self, recolor: calendar.id, to: color)
            }
        }
    }

    /// The reminders each calendar gives its new plans (the settings say).
    var defaultReminders: (CalendarID) -> [Int] = { _ in [] }

    private func presentDialog(for calendar: CalendarInfo?, color: String, reminders: [Int]?,
                               onSave: @escaping (String, String, [Int]) -> Void) {
        guard let window else { return }
        popover.popdown()
        let dialog = CalendarEditDialog(parent: window, calendar: calendar, suggestedColor: color, defaultReminders: reminders)
        dialog.onSave = onSave
        dialog.onRemove = { [weak self] in
            guard let calendar else { return }
            self?.confirmRemoval(of: calendar)
        }
        dialog.onClosed = { [weak self, weak dialog] in
            if let self, self.editDialog === dialog { self.editDialog = nil }
        }
        editDialog = dialog
        dialog.present()
    }

    /// Whether a calendar is one of the user's own (removing deletes it, keeping a backup) or
    /// a file opened from elsewhere (removing only closes it).
    var isUserCalendar: (CalendarID) -> Bool = { _ in true }

    /// Asks before anything is removed; only "Remove" reaches the delegate.
    func confirmRemoval(of calendar: CalendarInfo) {
        guard let window else { return }
        let question: MessageDialog
        if isUserCalendar(calendar.id) {
            // TRANSLATORS: heading of the question before removing a calendar; %@ is its name.
            question = MessageDialog(parent: window, heading: FormatterStrings.fill(L("Remove “%@”?"), calendar.name),
                                     body: L("The calendar and all its plans will be removed. A copy of its file is kept in Koyomi’s backups."))
            question.addResponse("cancel", label: L("_Cancel"), isDefault: true)
            question.addResponse("remove", label: L("_Remove"))
        } else {
            // A file opened from elsewhere is only closed: Koyomi never deletes it.
            // TRANSLATORS: heading of the question before closing a calendar file; %@ is its name.
            question = MessageDialog(parent: window, heading: FormatterStrings.fill(L("Close “%@”?"), calendar.name),
                                     body: L("Koyomi stops showing this calendar. Its file is left as it is."))
            question.addResponse("cancel", label: L("_Cancel"), isDefault: true)
            question.addResponse("remove", label: L("C_lose"))
        }
        question.setAppearance(.destructive, forResponse: "remove")
        question.onResponse { [weak self, weak question] response in
            guard let self else { return }
            if self.confirmation === question { self.confirmation = nil }
            if response == "remove" { self.delegate?.calendarsList(self, remove: calendar.id) }
        }
        confirmation = question
        question.present()
    }

    /// The first `CalendarPalette` colour none of `used` has (compared as parsed colours), else
    /// the first: a new calendar's.
    nonisolated static func suggestedColor(avoiding used: [String]) -> String {
        let taken = Set(used.compactMap { RGBA(parsing: $0)?.hex })
        return CalendarPalette.colors.first { !taken.contains($0) } ?? CalendarPalette.first
    }
}
