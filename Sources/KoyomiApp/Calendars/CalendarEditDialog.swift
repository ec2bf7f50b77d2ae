import CalendarModel
import Foundation
import GtkKit

/// The dialog for a new calendar (name and colour) or an existing writable one (rename,
/// recolour, the reminders its new plans get, and "Remove Calendar…").
///
/// Save stays insensitive while the name is blank, and once the user has typed, a line under
/// the field says why. The dialog only reports: `onSave` with the trimmed name, "#rrggbb" and
/// the default reminders,
/// `onRemove` when the user chose to remove (the owner asks for confirmation).
@MainActor
final class CalendarEditDialog {
    let dialog: Dialog
    let nameEntry = Entry()
    let colorButton: ColorButton
    /// The inline message under the name field; hidden while the name is fine.
    let nameError = Label()
    /// Only for existing calendars.
    let removeButton: Button?
    /// The reminders new plans in this calendar get (existing calendars only).
    let remindersSection: PlanEditorRemindersSection?
    /// The calendar being edited, nil for a new one.
    let original: CalendarInfo?

    var onSave: ((_ name: String, _ color: String, _ reminders: [Int]) -> Void)?
    var onRemove: (() -> Void)?
    /// The dialog left the screen (saved, cancelled or removed): drop the wrapper.
    var onClosed: (() -> Void)?
    private var connections: [SignalConnection] = []
    private var hasEdited = false

    /// - Parameters:
    ///   - calendar: the calendar to edit, or nil for "New Calendar".
    ///   - suggestedColor: the colour a new calendar starts with ("#rrggbb").
    init(parent: Window, calendar: CalendarInfo?, suggestedColor: String, defaultReminders: [Int]? = nil) {
        original = calendar
        let title = calendar == nil ? L("New Calendar") : L("Edit Calendar")
        // TRANSLATORS: the buttons of the calendar dialog; "_" marks the Alt+letter shortcut.
        dialog = Dialog(transientFor: parent, title: title, cancelLabel: L("_Cancel"),
                        saveLabel: calendar == nil ? L("C_reate") : L("_Save"))
        dialog.setDefaultSize(width: 360, height: -1)
        let color = RGBA(parsing: calendar?.color ?? suggestedColor) ?? RGBA(red: 0.21, green: 0.52, blue: 0.89)
        colorButton = ColorButton(color: color)
        colorButton.title = L("Calendar Color")
        colorButton.accessibleLabel = L("Calendar color")
        removeButton = calendar == nil ? nil : Button(label: L("Remove Calendar…"))
        remindersSection = defaultReminders.map { minutes in
            let section = PlanEditorRemindersSection()
            section.show(minutes)
            section.connect()
            return section
        }

        let form = Box(.vertical, spacing: 6)
        form.setMargins(top: 18, bottom: 18, start: 18, end: 18)
        let nameLabel = Label(L("Name"))
        nameLabel.xalign = 0
        form.append(nameLabel)
        let nameRow = Box(.horizontal, spacing: 8)
        nameEntry.text = calendar?.name ?? ""
        nameEntry.hexpand = true
        nameEntry.activatesDefault = true
        nameEntry.accessibleLabel = L("Calendar name")
        nameRow.append(nameEntry)
        nameRow.append(colorButton)
        form.append(nameRow)
        nameError.xalign = 0
        nameError.wraps = true
        nameError.addCSSClass("calendar-name-error")
        nameError.isVisible = false
        form.append(nameError)
        if let remindersSection {
            // TRANSLATORS: the caption of a calendar's default reminders in its dialog.
            let caption = Label(L("Reminders for new plans"))
            caption.xalign = 0
            caption.marginTop = 12
            form.append(caption)
            form.append(remindersSection.root)
        }
        if let removeButton {
            removeButton.addCSSClass("destructive-action")
            removeButton.halign = .start
            removeButton.marginTop = 18
            form.append(removeButton)
        }
        dialog.setContent(form)
        validate()

        connections.append(nameEntry.onChanged { [weak self] in
            self?.hasEdited = true
            self?.validate()
        })
        connections.append(dialog.onSave { [weak self] in self?.save() })
        if let removeButton {
            connections.append(removeButton.onClicked { [weak self] in
                guard let self else { return }
                self.dialog.close()
                self.onRemove?()
            })
        }
        connections.append(dialog.onClosed { [weak self] in self?.onClosed?() })
    }

    func present() {
        dialog.present()
        nameEntry.grabFocus()
    }

    /// The name as it will be saved: surrounding spaces dropped.
    var trimmedName: String { nameEntry.text.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// The colour as it will be saved.
    var colorHex: String { colorButton.color.hex }

    private func validate() {
        let isValid = !trimmedName.isEmpty
        dialog.isSaveEnabled = isValid
        // A new dialog starts empty: say what is missing only after the user has typed.
        // TRANSLATORS: shown under an empty name field in the calendar dialog.
        nameError.text = isValid ? "" : L("A calendar needs a name.")
        nameError.isVisible = !isValid && (hasEdited || original != nil)
    }

    private func save() {
        let name = trimmedName
        guard !name.isEmpty else { return }
        dialog.close()
        onSave?(name, colorHex, remindersSection?.minutes ?? [])
    }
}
