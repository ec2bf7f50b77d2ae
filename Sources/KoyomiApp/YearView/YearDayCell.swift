import CalendarModel
import GtkKit

/// One day of a month in the year view: a flat button with the day number and a row of at
/// most three dots and a "+" when the day has more plans, as the narrow month's cells. Made
/// once and restyled only where a value changed, so paging a year allocates nothing and
/// touches few widgets. A cell of a grid's row that belongs to another month is blank.
@MainActor
final class YearDayCell {
    let button: Button
    private let number = Inscription()
    private let dotsRow = Box(.horizontal, spacing: 1)
    private let dots: [Box]
    /// "+", made when a day first has more plans than dots.
    private var more: Inscription?

    /// The day shown (nil: a blank cell of another month).
    private(set) var day: CalendarDay?
    private(set) var decoration = DayDecoration.none
    private(set) var isToday = false
    private(set) var isSelected = false
    private var dotClasses: [String?] = Array(repeating: nil, count: DayDecoration.maxDots)
    private var holidayClass: String?
    private var isBlank = false
    private var accessibleSelected: Bool?
    /// Sunday, Saturday or holiday, for the day colours (`DayColors`).
    private var dayKind = DayKind.weekday
    /// The name and description to send once the frame is painted (`YearView`).
    var wantedAccessibleLabel: String?
    var wantedAccessibleDescription: String?

    init() {
        number.halign = .center
        number.xalign = 0.5
        number.minChars = 2
        number.addCSSClass("year-number")
        dotsRow.addCSSClass("year-dots")
        dotsRow.halign = .center
        dots = (0..<DayDecoration.maxDots).map { _ in
            let dot = Box(.horizontal)
            dot.addCSSClass("dot")
            dot.valign = .center
            dot.isVisible = false
            return dot
        }
        dots.forEach(dotsRow.append)
        let content = Box(.vertical, spacing: 1)
        content.append(number)
        content.append(dotsRow)
        button = Button(child: content)
        button.hasFrame = false
        button.addCSSClass("year-day")
        button.isFocusable = false
    }

    /// The number as drawn ("" on a blank cell).
    var numberText: String { number.text }
    /// The classes of the dots shown, in order.
    var visibleDotClasses: [String] { zip(dots, dotClasses).compactMap { $0.isVisible ? $1 : nil } }
    /// Whether the "+" of more plans shows.
    var showsMore: Bool { more?.isVisible ?? false }
    /// Whether the day is marked as a holiday.
    var isHoliday: Bool { holidayClass != nil }

    /// Shows `day` (nil: blank) with its number, today and selection marks and decoration.
    func show(_ day: CalendarDay?, numberText: String, isToday: Bool, isSelected: Bool,
              decoration: DayDecoration, colors: ColorClasses) {
        let blank = day == nil
        if blank != isBlank {
            isBlank = blank
            // A class, not insensitivity: a button made insensitive cost GTK 0.15 ms, a page
            // blanks dozens. A blank is never a Tab stop and its clicks report nothing (`YearView`).
            button.setCSSClass("year-blank", blank)
            // Nothing to read on a blank: a screen reader skips it.
            button.setAccessibleHidden(blank)
        }
        if day != self.day {
            self.day = day
            number.text = numberText
        }
        if isToday != self.isToday {
            self.isToday = isToday
            button.setCSSClass("today", isToday)
        }
        if isSelected != self.isSelected {
            self.isSelected = isSelected
            button.setCSSClass("selected", isSelected)
        }
        if !blank, isSelected != accessibleSelected {
            button.setAccessibleSelected(isSelected)
            accessibleSelected = isSelected
        }
        decorate(blank ? .none : decoration, colors: colors)
        let kind = day.map { DayKind($0, isHoliday: decoration.isHoliday) } ?? .weekday
        if kind != dayKind {
            dayKind = kind
            DayColors.mark(number, as: kind)
        }
    }

    /// The day-colour class on the number (tests).
    var numberDayClass: String? { DayColors.allClasses.first(where: number.hasCSSClass) }

    private func decorate(_ newDecoration: DayDecoration, colors: ColorClasses) {
        guard newDecoration != decoration else { return }
        decoration = newDecoration
        for (index, dot) in dots.enumerated() {
            let newClass = index < newDecoration.dots.count ? colors.className(for: newDecoration.dots[index]) : nil
            guard newClass != dotClasses[index] else { continue }
            if let old = dotClasses[index] { dot.removeCSSClass(old) }
            if let newClass { dot.addCSSClass(newClass) }
            dotClasses[index] = newClass
            dot.isVisible = newClass != nil
        }
        let newHoliday = newDecoration.label == nil ? nil : newDecoration.labelColor.map(colors.className(for:))
            ?? colors.className(for: DotColor(spec: DayDecoration.defaultColor, fallback: DayDecoration.defaultColor))
        if newHoliday != holidayClass {
            if let old = holidayClass { number.removeCSSClass(old) }
            if let newHoliday { number.addCSSClass(newHoliday) }
            number.setCSSClass("holiday-label", newHoliday != nil)
            holidayClass = newHoliday
        }
        let hasMore = newDecoration.overflow > 0
        if hasMore || more != nil {
            let mark = more ?? makeMore()
            mark.isVisible = hasMore
        }
    }

    private func makeMore() -> Inscription {
        let mark = Inscription("+")
        mark.addCSSClass("year-more")
        // One character wide: an inscription asks for three by default, too wide for a phone's cells.
        mark.minChars = 1
        mark.natChars = 1
        mark.valign = .center
        dotsRow.append(mark)
        more = mark
        return mark
    }

    /// Whether the name or description waits to be sent.
    var hasUnsentAccessibleText: Bool {
        !isBlank && (wantedAccessibleLabel != button.accessibleLabel
            || wantedAccessibleDescription != button.accessibleDescription)
    }

    /// Sends the wanted name and description (each only if it changed, `Widget`).
    func sendAccessibleText() {
        guard !isBlank else { return }
        button.accessibleLabel = wantedAccessibleLabel
        button.accessibleDescription = wantedAccessibleDescription
    }
}
