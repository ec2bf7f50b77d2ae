import CalendarModel
import Foundation
import GtkKit

/// The editor's reminders: one row per reminder ("15 minutes before", with a button that
/// removes it) and a button whose menu adds one — at the start, 5, 10, 15 or 30 minutes, an
/// hour or a day before, or a custom amount of minutes, hours or days. A menu, not a drop-down:
/// a drop-down's list showed its "Add a reminder…" placeholder as the checked item.
@MainActor
final class PlanEditorRemindersSection {
    let root = Box(.vertical, spacing: 6)
    private let rows = Box(.vertical, spacing: 4)
    /// What the add button's menu offers: the presets, then "Custom…".
    let addChoiceTexts = PlanEditorRemindersSection.presets.map(Text.before) + [Text.custom]
    /// The menu's items, in `addChoiceTexts` order.
    let addChoices: [Button]
    let addButton: MenuButton
    let customRow = Box(.horizontal, spacing: 6)
    let customAmount = SpinButton(range: 1...999, value: 2)
    let customUnit = DropDown(items: [Text.minutesUnit, Text.hoursUnit, Text.daysUnit])
    let customAdd = Button(label: Text.addCustom)
    /// The remove button of each row, in `minutes` order.
    private(set) var removeButtons: [Button] = []
    /// What `rows` holds now: the reminder rows, or the "No reminders" line.
    private var shownRows: [Widget] = []
    private(set) var minutes: [Int] = []
    /// What the rows say, top to bottom, as the user reads them.
    var rowTexts: [String] { minutes.isEmpty ? [Text.none] : minutes.map(Text.before) }
    var onChange: (() -> Void)?

    static let presets = [0, 5, 10, 15, 30, 60, 1_440]
    private static let unitMinutes = [1, 60, 1_440]

    enum Text {
        // TRANSLATORS: the first item of the drop-down that adds a reminder to a plan.
        static var add: String { L("Add a reminder…") }
        // TRANSLATORS: the last item of the drop-down that adds a reminder: choose any amount.
        static var custom: String { L("Custom…") }
        static var addCustom: String { L("Add") }
        static var minutesUnit: String { L("minutes before") }
        static var hoursUnit: String { L("hours before") }
        static var daysUnit: String { L("days before") }
        static var amount: String { L("How long before") }
        static var unit: String { L("Unit") }
        static var none: String { L("No reminders") }
        // TRANSLATORS: %@ is a reminder as listed, e.g. "15 minutes before".
        static var remove: String { L("Remove the reminder %@") }

        /// "At the start", "15 minutes before", "1 hour before", "2 days before".
        static func before(_ minutes: Int) -> String {
            if minutes == 0 { return L("At the start") }
            if minutes % 1_440 == 0 {
                return FormatterStrings.fill(L("%@ day before", "%@ days before", count: minutes / 1_440), String(minutes / 1_440))
            }
            if minutes % 60 == 0 {
                return FormatterStrings.fill(L("%@ hour before", "%@ hours before", count: minutes / 60), String(minutes / 60))
            }
            return FormatterStrings.fill(L("%@ minute before", "%@ minutes before", count: minutes), String(minutes))
        }
    }

    init() {
        let choices = Box(.vertical)
        addChoices = addChoiceTexts.map { text in
            // Words at the start, as a menu's items.
            let words = Label(text)
            words.xalign = 0
            let choice = Button(child: words)
            choice.hasFrame = false
            choice.accessibleLabel = text
            choices.append(choice)
            return choice
        }
        addButton = MenuButton(label: Text.add, popover: Popover(child: choices))
        addButton.accessibleLabel = Text.add
        addButton.halign = .start
        customAmount.accessibleLabel = Text.amount
        customUnit.accessibleLabel = Text.unit
        customRow.append(customAmount)
        customRow.append(customUnit)
        customRow.append(customAdd)
        customRow.isVisible = false
        root.append(rows)
        root.append(addButton)
        root.append(customRow)
    }

    /// Shows `minutes` (before handlers are connected: showing reports nothing).
    func show(_ minutes: [Int]) {
        self.minutes = PlanForm.normalized(minutes)
        rebuildRows()
    }

    func connect() {
        for (index, choice) in addChoices.enumerated() {
            choice.onClicked { [weak self] in
                guard let self else { return }
                self.addButton.popdown()
                if index < Self.presets.count {
                    self.add(Self.presets[index])
                } else {
                    self.customRow.isVisible = true
                }
            }
        }
        customAdd.onClicked { [weak self] in
            guard let self else { return }
            let unit = Self.unitMinutes[min(self.customUnit.selectedIndex ?? 0, Self.unitMinutes.count - 1)]
            self.add(self.customAmount.value * unit)
            self.customRow.isVisible = false
        }
    }

    private func add(_ amount: Int) {
        minutes = PlanForm.normalized(minutes + [amount])
        rebuildRows()
        onChange?()
    }

    private func rebuildRows() {
        shownRows.forEach(rows.remove)
        shownRows = []
        removeButtons = []
        if minutes.isEmpty {
            let none = Label(Text.none)
            none.xalign = 0
            none.addCSSClass("dim-label")
            rows.append(none)
            shownRows.append(none)
        }
        for amount in minutes {
            let row = Box(.horizontal, spacing: 6)
            let label = Label(Text.before(amount))
            label.xalign = 0
            label.hexpand = true
            let remove = Button(iconName: "list-remove-symbolic")
            remove.hasFrame = false
            remove.accessibleLabel = FormatterStrings.fill(Text.remove, Text.before(amount))
            remove.tooltip = remove.accessibleLabel
            remove.onClicked { [weak self] in
                guard let self else { return }
                self.minutes.removeAll { $0 == amount }
                self.rebuildRows()
                self.onChange?()
            }
            row.append(label)
            row.append(remove)
            rows.append(row)
            shownRows.append(row)
            removeButtons.append(remove)
        }
    }
}
