import CalendarModel
import Foundation
import GtkKit

/// The editor's repeat fields: how the plan repeats (every how many days, weeks, months or
/// years, with weekday toggles for "Weekly") and when the repetition ends (never, on a date,
/// after a number of times).
@MainActor
final class PlanEditorRepeatSection {
    /// Positions in `repeatDropDown`, in `PlanEditorText.repeatChoices` order.
    enum Choice: Int, CaseIterable { case never, daily, weekdays, weekly, monthly, yearly }
    /// Positions in `endDropDown`.
    enum EndChoice: Int, CaseIterable { case never, onDate, afterCount }

    let root = Box(.vertical, spacing: 6)
    let repeatDropDown = DropDown(items: PlanEditorText.repeatChoices)
    /// One toggle per weekday, in the locale's week order (`weekdayOrder`).
    let weekdayToggles: [ToggleButton]
    /// The weekday (1 = Sunday … 7 = Saturday) of each toggle.
    let weekdayOrder: [Int]
    let weekdayBox = Box(.horizontal)
    /// "Repeat every [2] weeks": how many days, weeks, months or years apart (not for "Weekdays").
    let intervalCaption = Label(PlanEditorText.intervalCaption)
    let intervalRow = Box(.horizontal, spacing: 6)
    let intervalSpin = SpinButton(range: 1...99, value: 1)
    /// The unit after the number ("weeks"), following the choice and the number.
    let intervalUnit = Label("")
    let endRow = Box(.horizontal, spacing: 6)
    let endDropDown = DropDown(items: PlanEditorText.repeatEndChoices)
    let endDateEntry = Entry()
    private let dateFormat: DateFieldFormat
    let countSpin = SpinButton(range: 1...999, value: 10)
    private let timesLabel = Label(PlanEditorText.times)
    /// The end row's visible name ("Never / On date / After" alone said nothing).
    let endCaption = Label(PlanEditorText.repeatEndCaption)
    /// Called after any of these fields changed.
    var onChange: (() -> Void)?

    /// - Parameters:
    ///   - calendar: names the weekdays (its locale).
    ///   - firstWeekday: the user's first day of the week (1 = Sunday), where the toggles start.
    ///   - errorLabel: makes the inline error label for a field.
    init(calendar: Calendar, firstWeekday: Int, errorLabel: (PlanForm.Field) -> Label) {
        dateFormat = DateFieldFormat(locale: calendar.locale ?? Locale(identifier: "en_US_POSIX"))
        weekdayOrder = (0..<7).map { (firstWeekday - 1 + $0) % 7 + 1 }
        let short = calendar.shortStandaloneWeekdaySymbols, full = calendar.standaloneWeekdaySymbols
        weekdayToggles = weekdayOrder.map { weekday in
            let toggle = ToggleButton(label: short[weekday - 1])
            // The short name alone ("Tue") is ambiguous to a screen reader; say the full one.
            toggle.accessibleLabel = full[weekday - 1]
            return toggle
        }
        repeatDropDown.accessibleLabel = PlanEditorText.repeatCaption
        weekdayBox.addCSSClass("linked") // one segmented control, as GNOME shows day choices
        weekdayBox.addCSSClass("weekday-toggles") // narrower padding: seven fit the dialog
        weekdayBox.accessibleLabel = PlanEditorText.weekdays
        weekdayToggles.forEach { $0.hexpand = true; weekdayBox.append($0) }
        endDropDown.accessibleLabel = PlanEditorText.repeatEndCaption
        endDateEntry.accessibleLabel = PlanEditorText.repeatEndDate
        endDateEntry.activatesDefault = true
        // Wide enough for an ISO date and no wider, so "On date" does not widen the dialog.
        endDateEntry.widthChars = 10
        endDateEntry.hexpand = true
        countSpin.accessibleLabel = PlanEditorText.repeatCount
        intervalSpin.accessibleLabel = PlanEditorText.intervalCaption
        intervalCaption.xalign = 0
        intervalCaption.addCSSClass("heading")
        intervalRow.append(intervalSpin)
        intervalRow.append(intervalUnit)
        endRow.append(endDropDown)
        endRow.append(endDateEntry)
        endRow.append(countSpin)
        endRow.append(timesLabel)

        root.append(repeatDropDown)
        root.append(intervalCaption)
        root.append(intervalRow)
        root.append(weekdayBox)
        root.append(errorLabel(.repeatRule))
        endCaption.xalign = 0
        endCaption.addCSSClass("heading")
        root.append(endCaption)
        root.append(endRow)
        root.append(errorLabel(.repeatEnd))
    }

    /// Shows `rule` (nil: never) and `end` (before handlers are connected: showing reports nothing).
    func show(_ rule: RecurrenceRule?, _ end: PlanForm.RepeatEnd) {
        let choice: Choice = switch rule?.frequency {
        case nil: .never
        case .daily?: .daily
        case .weekly? where rule?.isEveryWeekday == true: .weekdays
        case .weekly?: .weekly
        case .monthly?: .monthly
        default: .yearly // the editor is not given sub-daily rules (`RecurrenceRule.simplified`)
        }
        let days = choice == .weekly ? rule?.weekdays ?? [] : []
        repeatDropDown.selectedIndex = choice.rawValue
        intervalSpin.value = rule?.interval ?? 1
        for (toggle, weekday) in zip(weekdayToggles, weekdayOrder) { toggle.isActive = days.contains(weekday) }
        switch end {
        case .never: endDropDown.selectedIndex = EndChoice.never.rawValue
        case let .onDate(text): endDropDown.selectedIndex = EndChoice.onDate.rawValue; endDateEntry.text = dateFormat.shown(text)
        case let .afterCount(count): endDropDown.selectedIndex = EndChoice.afterCount.rawValue; countSpin.value = count
        }
        updateVisibility()
    }

    /// Connects the widgets' signals to `onChange`. `startWeekday` gives the day a fresh
    /// "Weekly" starts on (the plan's own weekday), so it is valid at once.
    func connect(startWeekday: @escaping @MainActor () -> Int?) {
        repeatDropDown.onSelected { [weak self] index in
            guard let self else { return }
            if index == Choice.weekly.rawValue, !self.weekdayToggles.contains(where: \.isActive),
               let weekday = startWeekday(), let position = self.weekdayOrder.firstIndex(of: weekday) {
                self.weekdayToggles[position].isActive = true
            }
            self.changed()
        }
        weekdayToggles.forEach { $0.onToggled { [weak self] _ in self?.changed() } }
        endDropDown.onSelected { [weak self] _ in self?.changed() }
        endDateEntry.onChanged { [weak self] in self?.changed() }
        countSpin.onValueChanged { [weak self] _ in self?.changed() }
        intervalSpin.onValueChanged { [weak self] _ in self?.changed() }
    }

    /// What the fields say now.
    var values: (rule: RecurrenceRule?, end: PlanForm.RepeatEnd) {
        let every = intervalSpin.value
        let rule: RecurrenceRule? = switch Choice(rawValue: repeatDropDown.selectedIndex ?? 0) ?? .never {
        case .never: nil
        case .daily: .simple(.daily, interval: every)
        case .weekdays: .everyWeekday
        case .weekly: .simple(.weekly, interval: every,
                              weekdays: Set(zip(weekdayToggles, weekdayOrder).filter { $0.0.isActive }.map(\.1)))
        case .monthly: .simple(.monthly, interval: every)
        case .yearly: .simple(.yearly, interval: every)
        }
        let end: PlanForm.RepeatEnd = switch EndChoice(rawValue: endDropDown.selectedIndex ?? 0) ?? .never {
        case .never: .never
        case .onDate: .onDate(dateFormat.formText(endDateEntry.text))
        case .afterCount: .afterCount(countSpin.value)
        }
        return (rule, end)
    }

    private func changed() {
        updateVisibility()
        onChange?()
    }

    /// Weekday toggles only for "Weekly"; the end only when it repeats, with the date or the
    /// count its choice needs.
    private func updateVisibility() {
        let choice = Choice(rawValue: repeatDropDown.selectedIndex ?? 0) ?? .never
        weekdayBox.isVisible = choice == .weekly
        let unit = PlanEditorText.intervalUnit(choice, count: intervalSpin.value)
        intervalCaption.isVisible = unit != nil
        intervalRow.isVisible = unit != nil
        if let unit, intervalUnit.text != unit { intervalUnit.text = unit }
        endRow.isVisible = choice != .never
        endCaption.isVisible = choice != .never
        let end = EndChoice(rawValue: endDropDown.selectedIndex ?? 0) ?? .never
        endDateEntry.isVisible = end == .onDate
        countSpin.isVisible = end == .afterCount
        timesLabel.isVisible = end == .afterCount
    }
}
