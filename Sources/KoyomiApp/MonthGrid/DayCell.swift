import CalendarModel
import GtkKit

/// One day of the month grid: a flat button holding the day number and a row of
/// decorations. Its widgets are made once and only restyled, so paging allocates nothing.
/// The number and the "+N" are inscriptions, sized in characters: paging changes them in
/// all 42 cells, and a label's new text would make GTK measure the whole window again.
/// The parts many cells never show (a holiday's name, "+N", the roomy grid's chips) are made
/// when first needed: 42 cells' worth of them was half of the cells' build at start-up.
@MainActor
final class DayCell {
    let button: Button
    private let number = Inscription()
    /// The day number's widget, for checks of where it is drawn.
    var numberWidget: Widget { number }
    private let content = Box(.vertical, spacing: 2)
    private let decorations = Box(.horizontal, spacing: Int32(DayCellRow.spacing))
    private var decorationsRow: ShrinkBox!
    /// The roomy grid's chips and "+N more" (issue 19), in place of the dots; made when the
    /// cell first turns roomy, in a box that never holds the cell taller than the grid gives it.
    private(set) var roomyChips: DayCellChips?
    private var chipsArea: ShrinkBox?
    private let dots: [Box]
    private var overflowLabel: Inscription?
    private var holidayLabel: Label?
    private var isInMonth = true
    private var dotClasses: [String?]
    private var holidayClass: String?
    private var holidayName: String?
    private var holidayWidth = 0
    private var accessibleSelected: Bool?
    /// The class the number carries for Sundays, Saturdays and holidays (`DayColors`).
    private var kind: DayKind?
    /// The accessible name and description the cell should have, sent by `sendAccessibleText`.
    var wantedAccessibleLabel: String?
    private var wantedAccessibleDescription: String?

    private(set) var day: CalendarDay?
    private(set) var decoration = DayDecoration.none

    init() {
        number.halign = .center
        number.valign = .center
        number.xalign = 0.5
        number.minChars = 2
        number.addCSSClass("day-number")
        content.append(number)

        decorations.addCSSClass("decorations")
        decorations.halign = .center
        dots = (0..<DayDecoration.maxDots).map { _ in
            let dot = Box(.horizontal)
            dot.addCSSClass("dot")
            dot.valign = .center
            dot.isVisible = false
            return dot
        }
        dotClasses = Array(repeating: nil, count: DayDecoration.maxDots)
        dots.forEach(decorations.append)
        // In a phone-sized window the row is clipped rather than widening the grid.
        decorationsRow = ShrinkBox(child: decorations)
        content.append(decorationsRow)

        button = Button(child: content)
        button.hasFrame = false
        button.addCSSClass("day-cell")
        button.hexpand = true
        button.vexpand = true
    }

    var numberText: String { number.text }
    /// Whether the day is drawn greyed, as a day of the month before or after.
    var isGreyed: Bool { number.hasCSSClass("other-month") }
    /// The holiday's name the cell carries: written, or its mark's tooltip.
    var holidayText: String? { holidayLabel.flatMap { $0.isVisible ? holidayName : nil } }
    /// Whether the holiday's name is written (else only its mark shows).
    var writesHolidayName: Bool { holidayLabel.map { $0.isVisible && !$0.text.isEmpty } ?? false }
    /// The holiday's name or mark while it shows, for checks of where it is drawn.
    var holidayWidget: Widget? { holidayLabel.flatMap { $0.isVisible ? $0 : nil } }
    var overflowText: String? { overflowLabel.flatMap { $0.isVisible ? $0.text : nil } }
    /// The "+N" widget while it shows, for checks of where it is drawn.
    var overflowWidget: Widget? { overflowLabel.flatMap { $0.isVisible ? $0 : nil } }
    /// The roomy grid's chips, made now if the cell has none yet.
    var chips: DayCellChips { roomyChips ?? makeChips() }
    var visibleDotClasses: [String] { zip(dots, dotClasses).compactMap { $0.isVisible ? $1 : nil } }

    /// Shows `day` with its place in the month and its selection/today state.
    func show(_ day: CalendarDay, numberText: String, inMonth: Bool, isToday: Bool, isSelected: Bool) {
        // A new day's holiday is not known until its decoration comes (in the same render).
        if day != self.day { markNumber(DayKind(day, isHoliday: false)) }
        self.day = day
        number.text = numberText
        // The greyed texts carry the class, not the cell: a class changed on the cell restyles
        // everything in it (a roomy cell's chips too), and a page changes it in a dozen cells.
        isInMonth = inMonth
        for text in [number, holidayLabel, overflowLabel].compactMap({ $0 }) as [Widget] {
            text.setCSSClass("other-month", !inMonth)
        }
        button.setCSSClass("today", isToday)
        button.setCSSClass("selected", isSelected)
        // Accessible properties are set only when they change: each set is a D-Bus signal to
        // the accessibility bus, and a render touches all 42 cells.
        if isSelected != accessibleSelected {
            button.setAccessibleSelected(isSelected)
            accessibleSelected = isSelected
        }
        // TRANSLATORS: read after a day cell's label: the day is today / is in the previous or next month.
        wantedAccessibleDescription = isToday ? L("today") : (inMonth ? nil : L("in another month"))
    }

    /// Whether the name or description waits to be sent.
    var hasUnsentAccessibleText: Bool {
        wantedAccessibleLabel != button.accessibleLabel || wantedAccessibleDescription != button.accessibleDescription
    }

    /// Sends the wanted name and description (each only if it changed, `Widget`).
    func sendAccessibleText() {
        button.accessibleLabel = wantedAccessibleLabel
        button.accessibleDescription = wantedAccessibleDescription
    }

    /// Roomy: chips and bars in place of dots (`MonthGridView` decides by the cells' size).
    var isRoomy: Bool {
        get { roomyChips?.root.isVisible ?? false }
        set {
            guard newValue || roomyChips != nil else { return }
            chips.root.isVisible = newValue
            chipsArea?.isVisible = newValue
            chipsArea?.vexpand = newValue
            decorationsRow.isVisible = !newValue
        }
    }

    /// Applies a decoration; `colors` gives the CSS class for each dot. `rowWidth`: the pixels
    /// the dots' row has (nil: as many as it asks); dots that do not fit beside "+N" are
    /// counted in it, and the cell's name keeps the day's whole plan count. A holiday whose
    /// name has no room shows its mark alone (`DayCellRow`).
    func decorate(_ decoration: DayDecoration, colors: ColorClasses, rowWidth: Double?) {
        self.decoration = decoration
        if let day { markNumber(DayKind(day, isHoliday: decoration.isHoliday)) }
        let fit = fitShown(inRowOf: rowWidth)
        let decoration = decoration.keeping(dots: fit.dots)
        for (index, dot) in dots.enumerated() {
            let newClass = index < decoration.dots.count ? colors.className(for: decoration.dots[index]) : nil
            if newClass != dotClasses[index] {
                if let old = dotClasses[index] { dot.removeCSSClass(old) }
                if let newClass { dot.addCSSClass(newClass) }
                dotClasses[index] = newClass
            }
            dot.isVisible = newClass != nil
        }
        if let label = decoration.label {
            let holiday = holidayLabel ?? makeHolidayLabel()
            holidayName = label
            holiday.text = fit.writesName ? label : ""
            holiday.setCSSClass("mark", !fit.writesName)
            if fit.nameWidth != holidayWidth {
                holidayWidth = fit.nameWidth
                holiday.setSizeRequest(width: fit.nameWidth > 0 ? Int32(fit.nameWidth) : -1)
            }
            holiday.accessibleLabel = label
            let newClass = decoration.labelColor.map(colors.className(for:))
            if newClass != holidayClass {
                if let old = holidayClass { holiday.removeCSSClass(old) }
                if let newClass { holiday.addCSSClass(newClass) }
                holidayClass = newClass
            }
        }
        holidayLabel?.isVisible = decoration.label != nil
        if decoration.overflow > 0 || overflowLabel != nil {
            let overflow = overflowLabel ?? makeOverflowLabel()
            overflow.text = "+\(decoration.overflow)"
            overflow.isVisible = decoration.overflow > 0
        }
    }

    /// The number's `.day-sunday`, `.day-saturday` or `.day-holiday` class, set only when it
    /// changes (a class change restyles the number).
    private func markNumber(_ newKind: DayKind) {
        guard newKind != kind else { return }
        kind = newKind
        DayColors.mark(number, as: newKind)
    }

    /// The class the day number carries (nil: none), for checks.
    var numberDayClass: String? { DayColors.allClasses.first(where: number.hasCSSClass) }

    /// What a row of `rowWidth` pixels shows of the cell's decoration (nil: all of it).
    func fitShown(inRowOf rowWidth: Double?) -> DayCellRow.Fit {
        rowWidth.map { DayCellRow.fit(decoration, in: $0, measuring: number) }
            ?? DayCellRow.Fit(dots: decoration.dots.count, writesName: decoration.label != nil)
    }

    // MARK: Parts made when first needed

    private func makeHolidayLabel() -> Label {
        let holiday = Label()
        holiday.addCSSClass("holiday-label")
        holiday.setCSSClass("other-month", !isInMonth)
        // As much of the name as the cell has room for beside the dots, then "…".
        holiday.ellipsis = .end
        // Its whole name on hover, asked for then (a set tooltip costs GTK round trips to X).
        holiday.provideTooltip { [weak self] in self?.holidayName }
        decorations.prepend(holiday)
        holidayLabel = holiday
        return holiday
    }

    private func makeOverflowLabel() -> Inscription {
        let overflow = Inscription()
        overflow.addCSSClass("overflow")
        overflow.setCSSClass("other-month", !isInMonth)
        // "+999" at most; fewer digits leave a little room after them.
        overflow.minChars = 2
        overflow.natChars = 4
        decorations.append(overflow)
        overflowLabel = overflow
        return overflow
    }

    private func makeChips() -> DayCellChips {
        let chips = DayCellChips()
        // Chips never hold a cell taller than the grid gives it: the grid's size decides
        // how many fit, so they must not decide the grid's size.
        let area = ShrinkBox(child: chips.root, shrinksHeight: true)
        area.isVisible = false
        content.append(area)
        chipsArea = area
        roomyChips = chips
        return chips
    }
}
