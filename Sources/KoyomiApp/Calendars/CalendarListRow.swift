import CalendarModel
import GtkKit

/// One calendar in the calendars list: colour swatch, name, "Read-only" under the name of a
/// calendar Koyomi cannot write (or, for a calendar of a GNOME Online Accounts account, the
/// account's name, "alice@gmail.com"), the visibility check box and, for writable calendars, an edit
/// button. Updated in place when the same calendar is rendered again, so a keyboard user
/// flipping the check box keeps the focus.
@MainActor
final class CalendarListRow {
    private(set) var calendar: CalendarInfo
    let row: ListBoxRow
    let swatch = Box(.horizontal)
    let nameLabel = Label()
    let caption = Label()
    let visibility = CheckButton()
    /// nil for read-only calendars, which cannot be renamed, recoloured or removed.
    let editButton: Button?
    private var swatchClass: String?
    /// What the caption says when no account is named ("Read-only", "Still being read").
    private let stateText: String
    private var isUpdating = false
    private var connections: [SignalConnection] = []

    /// The user flipped the check box (not called for `update`).
    var onVisibilityChanged: ((CalendarID, Bool) -> Void)?
    var onEdit: ((CalendarInfo) -> Void)?

    init(calendar: CalendarInfo, visible: Bool, colors: ColorClasses, account: String? = nil) {
        self.calendar = calendar
        editButton = calendar.isReadOnly ? nil : Button(iconName: "document-edit-symbolic")
        let content = Box(.horizontal, spacing: 10)
        swatch.addCSSClass("color-bar")
        swatch.addCSSClass("calendar-swatch")
        swatch.valign = .center
        content.append(swatch)

        let texts = Box(.vertical)
        texts.hexpand = true
        texts.valign = .center
        nameLabel.xalign = 0
        nameLabel.ellipsis = .end
        nameLabel.maxWidthChars = 28
        texts.append(nameLabel)
        if calendar.isLoading {
            // TRANSLATORS: under the name of a calendar while a large file's first months are
            // shown and the rest of it is read (it cannot be edited meanwhile).
            stateText = L("Still being read")
        } else {
            // TRANSLATORS: under the name of a calendar Koyomi only shows (a bundled sample, a file
            // it may not write).
            stateText = L("Read-only")
        }
        caption.xalign = 0
        caption.addCSSClass("calendar-caption")
        texts.append(caption)
        content.append(texts)

        visibility.valign = .center
        content.append(visibility)
        if let editButton {
            editButton.hasFrame = false
            editButton.valign = .center
            // TRANSLATORS: tooltip of the pencil button beside a calendar in the calendars list.
            editButton.tooltip = L("Edit Calendar")
            content.append(editButton)
        }
        row = ListBoxRow(child: content, activatable: false)
        row.addCSSClass("calendar-row")
        update(calendar: calendar, visible: visible, colors: colors, account: account)

        connections.append(visibility.onToggled { [weak self] visible in
            guard let self, !self.isUpdating else { return }
            self.onVisibilityChanged?(self.calendar.id, visible)
        })
        if let editButton {
            connections.append(editButton.onClicked { [weak self] in
                guard let self else { return }
                self.onEdit?(self.calendar)
            })
        }
    }

    /// Shows new values for the same calendar without telling anyone (the check box's change
    /// here is not the user's).
    func update(calendar: CalendarInfo, visible: Bool, colors: ColorClasses, account: String? = nil) {
        self.calendar = calendar
        nameLabel.text = calendar.name
        caption.text = account ?? stateText
        caption.isVisible = account != nil || calendar.isReadOnly
        // TRANSLATORS: what a screen reader says for a calendar's check box; %@ is its name.
        visibility.accessibleLabel = FormatterStrings.fill(L("Show %@"), calendar.name)
        // TRANSLATORS: what a screen reader says for a calendar's edit button; %@ is its name.
        editButton?.accessibleLabel = FormatterStrings.fill(L("Edit %@"), calendar.name)
        isUpdating = true
        visibility.isActive = visible
        isUpdating = false
        let colorClass = colors.className(for: DotColor(spec: calendar.color, fallback: calendar.color))
        if colorClass != swatchClass {
            if let old = swatchClass { swatch.removeCSSClass(old) }
            swatch.addCSSClass(colorClass)
            swatchClass = colorClass
        }
    }
}
