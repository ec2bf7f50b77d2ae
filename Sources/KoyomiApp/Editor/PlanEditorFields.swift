import CalendarModel
import Foundation
import GtkKit

/// The plan editor's widgets and their layout: a caption over each control, and under it an
/// inline error label (CSS class `error`) that shows only while the field is invalid.
///
/// It only shows and reads values; `PlanEditorDialog` decides what they mean.
@MainActor
final class PlanEditorFields {
    let root = Box(.vertical, spacing: 12)
    let titleEntry = Entry()
    let allDaySwitch = Switch()
    let startDateEntry = Entry(placeholder: PlanEditorText.datePlaceholder)
    let startTimeEntry = Entry(placeholder: PlanEditorText.timePlaceholder)
    let endDateEntry = Entry(placeholder: PlanEditorText.datePlaceholder)
    let endTimeEntry = Entry(placeholder: PlanEditorText.timePlaceholder)
    /// Month pickers in popovers beside the date fields, for those who would rather click.
    let startPicker = CalendarPicker()
    let endPicker = CalendarPicker()
    /// "Times are in Asia/Tokyo", shown only when the plan's zone is not the user's.
    let zoneLabel = Label()
    /// The calendars a plan can be saved in, in `calendarDropDown` order.
    let calendarChoices: [CalendarInfo]
    let calendarDropDown: DropDown
    let locationEntry = Entry()
    let notesView = TextView()
    let repeatSection: PlanEditorRepeatSection
    /// Only for plans that exist already.
    let deleteButton: Button?
    private(set) var errorLabels: [PlanForm.Field: Label] = [:]
    /// Called after any field changed.
    var onChange: (() -> Void)?

    /// - Parameters:
    ///   - calendars: all known calendars; the writable ones are offered (plus `current`, so an
    ///     existing plan's calendar always shows truthfully).
    init(calendars: [CalendarInfo], current: CalendarID?, isNew: Bool, calendar: Calendar, firstWeekday: Int) {
        var choices = calendars.filter { !$0.isReadOnly && !$0.isHoliday }
        if let current, !choices.contains(where: { $0.id == current }),
           let info = calendars.first(where: { $0.id == current }) {
            choices.insert(info, at: 0)
        }
        calendarChoices = choices
        calendarDropDown = DropDown(items: choices.map(\.name))
        deleteButton = isNew ? nil : Button(label: PlanEditorText.delete)
        var labels: [PlanForm.Field: Label] = [:]
        func errorLabel(_ field: PlanForm.Field) -> Label {
            let label = Label()
            label.addCSSClass("error")
            label.xalign = 0
            label.wraps = true
            label.isVisible = false
            labels[field] = label
            return label
        }
        repeatSection = PlanEditorRepeatSection(calendar: calendar, firstWeekday: firstWeekday, errorLabel: errorLabel)

        root.setMargins(top: 18, bottom: 18, start: 18, end: 18)
        titleEntry.activatesDefault = true
        root.append(Self.captioned(PlanEditorText.title, titleEntry, errors: [errorLabel(.title)]))

        let allDayRow = Box(.horizontal, spacing: 12)
        let allDayCaption = Label(PlanEditorText.allDay)
        allDayCaption.xalign = 0
        allDayCaption.hexpand = true
        allDayRow.append(allDayCaption)
        allDaySwitch.valign = .center
        allDayRow.append(allDaySwitch)
        root.append(allDayRow)

        root.append(Self.captioned(PlanEditorText.starts, Self.row(startDateEntry, startPicker, startTimeEntry,
                                                                   pickerLabel: PlanEditorText.pickStartDate),
                                   errors: [errorLabel(.startDate), errorLabel(.startTime)]))
        root.append(Self.captioned(PlanEditorText.ends, Self.row(endDateEntry, endPicker, endTimeEntry,
                                                                 pickerLabel: PlanEditorText.pickEndDate),
                                   errors: [errorLabel(.endDate), errorLabel(.endTime)]))
        zoneLabel.xalign = 0
        zoneLabel.addCSSClass("dim-label")
        root.append(zoneLabel)
        root.append(errorLabel(.timeZone))
        root.append(Self.captioned(PlanEditorText.calendar, calendarDropDown, errors: []))
        root.append(Self.captioned(PlanEditorText.location, locationEntry, errors: []))
        let notesScroller = ScrolledWindow(child: notesView)
        notesScroller.setSizeRequest(height: 90)
        notesScroller.addCSSClass("card") // a visible frame: a bare text view has no border
        root.append(Self.captioned(PlanEditorText.notes, notesScroller, errors: []))
        root.append(Self.captioned(PlanEditorText.repeatCaption, repeatSection.root, errors: []))
        if let deleteButton {
            deleteButton.addCSSClass("destructive-action")
            deleteButton.halign = .start
            root.append(deleteButton)
        }
        errorLabels = labels

        // Every control is named for screen readers; the captions above are plain labels.
        titleEntry.accessibleLabel = PlanEditorText.title
        allDaySwitch.accessibleLabel = PlanEditorText.allDay
        startDateEntry.accessibleLabel = PlanEditorText.startDate
        startTimeEntry.accessibleLabel = PlanEditorText.startTime
        endDateEntry.accessibleLabel = PlanEditorText.endDate
        endTimeEntry.accessibleLabel = PlanEditorText.endTime
        calendarDropDown.accessibleLabel = PlanEditorText.calendar
        locationEntry.accessibleLabel = PlanEditorText.location
        notesView.accessibleLabel = PlanEditorText.notes
        for entry in [startDateEntry, startTimeEntry, endDateEntry, endTimeEntry, locationEntry] {
            entry.activatesDefault = true
        }
    }

    /// Fills the fields from `form` (before `connect`, so showing reports no change).
    func show(_ form: PlanForm) {
        titleEntry.text = form.title
        allDaySwitch.isOn = form.isAllDay
        startDateEntry.text = form.startDateText
        startTimeEntry.text = form.startTimeText
        endDateEntry.text = form.endDateText
        endTimeEntry.text = form.endTimeText
        calendarDropDown.selectedIndex = calendarChoices.firstIndex { $0.id == form.calendarID } ?? 0
        locationEntry.text = form.location
        notesView.text = form.notes
        repeatSection.show(form.repeat, form.repeatEnd)
        syncPickers()
    }

    /// Shows the typed dates in the pickers (a date that is not valid leaves its picker as is).
    func syncPickers() {
        for (entry, picker) in [(startDateEntry, startPicker), (endDateEntry, endPicker)] {
            if let day = PlanForm.parseDate(entry.text), !(picker.selectedDay == (day.year, day.month, day.day)) {
                picker.selectedDay = (day.year, day.month, day.day)
            }
        }
    }

    /// Reports every change to `onChange`.
    func connect(startWeekday: @escaping @MainActor () -> Int?) {
        let changed: @MainActor () -> Void = { [weak self] in self?.onChange?() }
        for entry in [titleEntry, startDateEntry, startTimeEntry, endDateEntry, endTimeEntry, locationEntry] {
            entry.onChanged(changed)
        }
        allDaySwitch.onToggled { _ in changed() }
        calendarDropDown.onSelected { _ in changed() }
        notesView.onChanged(changed)
        for (entry, picker) in [(startDateEntry, startPicker), (endDateEntry, endPicker)] {
            // A picked day is typed into the field, which then reports the change.
            picker.onDaySelected { [weak entry] picked in
                guard let day = CalendarDay(year: picked.year, month: picked.month, day: picked.day) else { return }
                entry?.text = day.description
            }
        }
        repeatSection.onChange = changed
        repeatSection.connect(startWeekday: startWeekday)
    }

    /// `form` with what the fields say now (the zone is not editable here and stays).
    func read(into form: inout PlanForm) {
        form.title = titleEntry.text
        form.isAllDay = allDaySwitch.isOn
        form.startDateText = startDateEntry.text
        form.startTimeText = startTimeEntry.text
        form.endDateText = endDateEntry.text
        form.endTimeText = endTimeEntry.text
        if let index = calendarDropDown.selectedIndex, calendarChoices.indices.contains(index) {
            form.calendarID = calendarChoices[index].id
        }
        form.location = locationEntry.text
        form.notes = notesView.text
        (form.repeat, form.repeatEnd) = repeatSection.values
    }

    /// Shows each message under its field, hides the others, and describes the field by its
    /// error so a screen reader says what is wrong.
    func showErrors(_ errors: [PlanForm.Field: String]) {
        for (field, label) in errorLabels {
            label.text = errors[field] ?? ""
            label.isVisible = errors[field] != nil
        }
        let controls: [(PlanForm.Field, Widget)] = [
            (.title, titleEntry), (.startDate, startDateEntry), (.startTime, startTimeEntry),
            (.endDate, endDateEntry), (.endTime, endTimeEntry),
            (.repeatEnd, repeatSection.endRow), (.repeatRule, repeatSection.weekdayBox),
        ]
        for (field, control) in controls where control.accessibleDescription != errors[field] {
            control.accessibleDescription = errors[field]
            control.setCSSClass("error", errors[field] != nil)
        }
    }

    /// Time fields only for timed plans; the zone line only when it is not the user's.
    func updateVisibility(allDay: Bool, zoneID: String, userZone: TimeZone) {
        startTimeEntry.isVisible = !allDay
        endTimeEntry.isVisible = !allDay
        let zone = TimeZone(identifier: zoneID)
        zoneLabel.text = FormatterStrings.fill(PlanEditorText.timeZone, zoneID)
        zoneLabel.isVisible = !allDay && !zoneID.isEmpty && zone?.identifier != userZone.identifier
    }

    private static func row(_ date: Entry, _ picker: CalendarPicker, _ time: Entry, pickerLabel: String) -> Box {
        let box = Box(.horizontal, spacing: 6)
        date.hexpand = true
        time.widthChars = 6
        time.maxWidthChars = 6
        let pickerButton = MenuButton(iconName: "x-office-calendar-symbolic", popover: Popover(child: picker))
        pickerButton.tooltip = pickerLabel
        pickerButton.accessibleLabel = pickerLabel
        box.append(date)
        box.append(pickerButton)
        box.append(time)
        return box
    }

    private static func captioned(_ caption: String, _ content: Widget, errors: [Label]) -> Box {
        let box = Box(.vertical, spacing: 4)
        let label = Label(caption)
        label.xalign = 0
        label.addCSSClass("heading")
        box.append(label)
        box.append(content)
        errors.forEach(box.append)
        return box
    }
}
