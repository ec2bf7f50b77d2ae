import CalendarModel
import GtkKit

/// One month of the year view: its name as a heading, a row of weekday initials and its 6 × 7
/// day cells, the days of the neighbouring months left blank.
@MainActor
final class YearMonthView {
    let root = Box(.vertical)
    let title = Label()
    /// The day cells' group: a screen reader says its name (the month and year) as focus enters.
    let dayGrid = Grid(homogeneous: true, isGroup: true)
    private let weekdayRow = Grid(homogeneous: true)
    private let weekdays: [Label]
    let cells: [YearDayCell]

    init() {
        root.addCSSClass("year-month")
        root.hexpand = true
        title.addCSSClass("year-month-title")
        title.xalign = 0
        weekdays = (0..<7).map { _ in
            let label = Label()
            label.addCSSClass("year-weekday")
            // The cells' names say their weekday in full: the initials are for the eye.
            label.setAccessibleHidden(true)
            return label
        }
        for (column, label) in weekdays.enumerated() {
            weekdayRow.attach(label, column: Int32(column), row: 0)
        }
        cells = (0..<MonthLayout.dayCount).map { _ in YearDayCell() }
        for (index, cell) in cells.enumerated() {
            dayGrid.attach(cell.button, column: Int32(index % 7), row: Int32(index / 7))
        }
        root.append(title)
        root.append(weekdayRow)
        root.append(dayGrid)
    }

    /// The weekday initials, in the columns' order.
    func showWeekdays(_ initials: [String]) {
        for (label, text) in zip(weekdays, initials) { label.text = text }
    }

    /// The weekday initials as drawn.
    var weekdayTexts: [String] { weekdays.map(\.text) }
}
