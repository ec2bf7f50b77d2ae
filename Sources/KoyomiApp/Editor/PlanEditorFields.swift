import CalendarModel
import Foundation
import GtkKit

/// The plan editor's widgets and their layout: a caption over each control, and under it an
/// inline error label (CSS class `error`) that shows while the field is invalid and the
/// dialog has decided to say so (`showErrors`). Each group of fields keeps one line for its
/// message even while there is none, so a message coming or going moves no field.
///
/// It only shows and reads values; `PlanEditorDialog` decides what they mean.
@MainActor
final class PlanEditorFields {
    // Tighter than the 12 px elsewhere: the line kept for each group's message spaces it too.
    let root = Box(.vertical, spacing: 8)
    let titleEntry = Entry()
    let allDaySwitch = Switch()
    let startDateEntry = Entry()
    let startTimeEntry = Entry()
    let endDateEntry = Entry()
    /// Dates as the user's locale writes them ("12/24/2026"); the form keeps ISO.
    let dateFormat: DateFieldFormat
    let endTimeEntry = Entry()
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
    let remindersSection = PlanEditorRemindersSection()
    /// Only for plans that exist already. Not in `root`: the dialog keeps it in view below the
    /// scrolling fields.
    let deleteButton: Button?
    private(set) var errorLabels: [PlanForm.Field: Label] = [:]
    /// One blank line per group of error labels, shown while none of them is (see the type).
    private var reservedLines: [(spacer: Label, labels: [Label])] = []
    /// Called after any field changed.
    var onChange: (() -> Void)?
    /// Called with a typed field the user has just left, or whose date was picked.
    var onLeft: ((PlanForm.Field) -> Void)?
    /// Called when Enter is pressed in a field: the user tries to save.
    var onEnter: (() -> Void)?
    private var focusWatchers: [FocusController] = []

    /// - Parameters:
    ///   - calendars: all known calendars; the writable ones are offered (plus `current`, so an
    ///     existing plan's calendar always shows truthfully).
    ///   - colors: gives each calendar choice its colour swatch.
    init(calendars: [CalendarInfo], current: CalendarID?, isNew: Bool, calendar: Calendar, firstWeekday: Int,
         colors: ColorClasses) {
        dateFormat = DateFieldFormat(locale: calendar.locale ?? Locale(identifier: "en_US_POSIX"))
        var choices = calendars.filter { !$0.isReadOnly && !$0.isHoliday }
        if let current, !choices.contains(where: { $0.id == current }),
           let info = calendars.first(where: { $0.id == current }) {
            choices.insert(info, at: 0)
        }
        calendarChoices = choices
        calendarDropDown = DropDown(items: choices.map(\.name), markClasses: choices.map { info in
            ["color-bar", "calendar-swatch", colors.className(for: DotColor(spec: info.color, fallback: info.color))]
        })
        colors.flush()
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
        // Times on the clock the plan list uses: the placeholder is an example, and the field
        // is as wide as the longest time ("12:00 PM" or "12:00").
        let example = PlanForm.timeText(hour: 9, minute: 0, calendar: calendar)
        let widest = Int32(PlanForm.timeText(hour: 12, minute: 0, calendar: calendar).count + 1)
        for entry in [startTimeEntry, endTimeEntry] {
            entry.placeholder = example
            entry.widthChars = widest
            entry.maxWidthChars = widest
        }
        repeatSection = PlanEditorRepeatSection(calendar: calendar, firstWeekday: firstWeekday, errorLabel: errorLabel)

        root.setMargins(top: 18, bottom: 18, start: 18, end: 18)
        titleEntry.activatesDefault = true
        var reserved: [(spacer: Label, labels: [Label])] = []
        func reservingLine(_ errors: [Label]) -> [Label] {
            let spacer = Label(" ")
            spacer.addCSSClass("error")
            spacer.setAccessibleHidden(true)
            reserved.append((spacer, errors))
            return errors + [spacer]
        }
        root.append(Self.captioned(PlanEditorText.title, titleEntry, errors: reservingLine([errorLabel(.title)])))

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
                                   errors: reservingLine([errorLabel(.startDate), errorLabel(.startTime)])))
        root.append(Self.captioned(PlanEditorText.ends, Self.row(endDateEntry, endPicker, endTimeEntry,
                                                                 pickerLabel: PlanEditorText.pickEndDate),
                                   errors: reservingLine([errorLabel(.endDate), errorLabel(.endTime)])))
        zoneLabel.xalign = 0
        zoneLabel.addCSSClass("dim-label")
        root.append(zoneLabel)
        root.append(errorLabel(.timeZone))
        root.append(Self.captioned(PlanEditorText.calendar, calendarDropDown, errors: []))
        root.append(Self.captioned(PlanEditorText.location, locationEntry, errors: []))
        let notesScroller = ScrolledWindow(child: notesView)
        notesScroller.setSizeRequest(height: 90)
        // The theme's own frame and some air inside it, the same in the light and dark styles
        // (a "card" had no border in light and its text touched the edge in dark).
        notesScroller.hasFrame = true
        notesView.setTextMargins(8)
        root.append(Self.captioned(PlanEditorText.notes, notesScroller, errors: []))
        root.append(Self.captioned(PlanEditorText.repeatCaption, repeatSection.root, errors: []))
        root.append(Self.captioned(PlanEditorText.reminders, remindersSection.root, errors: []))
        deleteButton?.addCSSClass("destructive-action")
        errorLabels = labels
        reservedLines = reserved

        // Every control is named for screen readers; the captions above are plain labels.
        titleEntry.accessibleLabel = PlanEditorText.title
        allDaySwitch.accessibleLabel = PlanEditorText.allDay
        for entry in [startDateEntry, endDateEntry, repeatSection.endDateEntry] { entry.placeholder = dateFormat.example }
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
        startDateEntry.text = dateFormat.shown(form.startDateText)
        startTimeEntry.text = form.startTimeText
        endDateEntry.text = dateFormat.shown(form.endDateText)
        endTimeEntry.text = form.endTimeText
        calendarDropDown.selectedIndex = calendarChoices.firstIndex { $0.id == form.calendarID } ?? 0
        locationEntry.text = form.location
        notesView.text = form.notes
        repeatSection.show(form.repeatRule, form.repeatEnd)
        remindersSection.show(form.reminders)
        syncPickers()
    }

    /// The day a date field says, typed in the locale's form or as ISO.
    func day(in entry: Entry) -> CalendarDay? {
        dateFormat.isoText(from: entry.text).flatMap(PlanForm.parseDate)
    }

    /// Shows the typed dates in the pickers (a date that is not valid leaves its picker as is).
    func syncPickers() {
        for (entry, picker) in [(startDateEntry, startPicker), (endDateEntry, endPicker)] {
            if let day = day(in: entry), !(picker.selectedDay == (day.year, day.month, day.day)) {
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
        for (entry, picker, field) in [(startDateEntry, startPicker, PlanForm.Field.startDate),
                                       (endDateEntry, endPicker, .endDate)] {
            // A picked day is typed into the field, which then reports the change; picking is
            // a finished choice, so the field counts as left.
            picker.onDaySelected { [weak self, weak entry] picked in
                guard let day = CalendarDay(year: picked.year, month: picked.month, day: picked.day) else { return }
                entry?.text = self?.dateFormat.text(for: day) ?? day.description
                self?.onLeft?(field)
            }
        }
        for (entry, field) in typedFields {
            let watcher = FocusController(on: entry)
            watcher.onLeave { [weak self] in self?.onLeft?(field) }
            focusWatchers.append(watcher)
            entry.onActivate { [weak self] in self?.onEnter?() }
        }
        repeatSection.onChange = changed
        repeatSection.connect(startWeekday: startWeekday)
        remindersSection.onChange = changed
        remindersSection.connect()
    }

    /// The fields the user types into, each with the form field it holds.
    var typedFields: [(Entry, PlanForm.Field)] {
        [(titleEntry, .title), (startDateEntry, .startDate), (startTimeEntry, .startTime),
         (endDateEntry, .endDate), (endTimeEntry, .endTime), (repeatSection.endDateEntry, .repeatEnd)]
    }

    /// `form` with what the fields say now (the zone is not editable here and stays).
    func read(into form: inout PlanForm) {
        form.title = titleEntry.text
        form.isAllDay = allDaySwitch.isOn
        form.startDateText = dateFormat.formText(startDateEntry.text)
        form.startTimeText = startTimeEntry.text
        form.endDateText = dateFormat.formText(endDateEntry.text)
        form.endTimeText = endTimeEntry.text
        if let index = calendarDropDown.selectedIndex, calendarChoices.indices.contains(index) {
            form.calendarID = calendarChoices[index].id
        }
        form.location = locationEntry.text
        form.notes = notesView.text
        (form.repeatRule, form.repeatEnd) = repeatSection.values
        form.reminders = remindersSection.minutes
    }

    /// Shows each message under its field, hides the others, and describes the field by its
    /// error so a screen reader says what is wrong.
    func showErrors(_ errors: [PlanForm.Field: String]) {
        for (field, label) in errorLabels {
            label.text = errors[field] ?? ""
            label.isVisible = errors[field] != nil
        }
        for (spacer, labels) in reservedLines { spacer.isVisible = !labels.contains(where: \.isVisible) }
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

    /// Time fields only for timed plans; the zone line only when it is not the user's, with
    /// `yourTimes`, the plan's times in the user's zone, when they can be read.
    func updateVisibility(allDay: Bool, zoneID: String, userZone: TimeZone, yourTimes: String?) {
        startTimeEntry.isVisible = !allDay
        endTimeEntry.isVisible = !allDay
        let zone = TimeZone(identifier: zoneID)
        zoneLabel.text = yourTimes.map { FormatterStrings.fill(PlanEditorText.timeZoneWithYourTimes, zoneID, $0) }
            ?? FormatterStrings.fill(PlanEditorText.timeZone, zoneID)
        zoneLabel.isVisible = !allDay && !zoneID.isEmpty && zone?.identifier != userZone.identifier
    }

    private static func row(_ date: Entry, _ picker: CalendarPicker, _ time: Entry, pickerLabel: String) -> Box {
        let box = Box(.horizontal, spacing: 6)
        date.hexpand = true
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
