import CalendarModel
import GtkKit

/// The twelve months of a year, each a small grid whose days carry the calendars' dots (at most
/// three and "+"), today, holidays and the selected day marked. The months flow in four, three
/// or two columns as the width allows (`YearColumns`) and scroll vertically.
///
/// Like the month grid it renders plain values (`YearViewState`, its `YearSlice` built off the
/// window's thread) and reports what the user did to its delegate. Its 12 × 42 cells are made
/// once and restyled in place where a value changed: paging a year builds no widget.
///
/// Keys, while a day has the focus: the arrows move the selected day by a day or a week,
/// across months (mirrored right to left); Page Up/Down a page (a year); Home goes to today;
/// Enter or Space (or a click) reports the day. One day is a Tab stop: the selected day, else
/// today, else January 1; its focus ring always shows, and it is kept scrolled into view.
@MainActor
final class YearView {
    weak var delegate: YearViewDelegate?
    let root: Widget
    /// Watches the width (the column count) and clips to what it is given, so the months never
    /// hold the window wider than a phone's.
    private let frame = ShareBox()
    let scroller: ScrolledWindow
    private let content = Box(.vertical)
    private let rows: [Box]
    let months: [YearMonthView]
    let colors: ColorClasses
    var formatter: CalendarFormatter {
        didSet { formatterChanged() }
    }
    private(set) var state: YearViewState?
    /// The state's slice when it is the shown year's.
    private var shownSlice: YearSlice?
    /// The months' grids as shown (`state`'s year and first weekday).
    private(set) var layouts: [MonthLayout] = []
    /// The months side by side now.
    private(set) var columnCount = 0
    /// The row each month is in (none before the first flow).
    private var rowOfMonth: [Int] = []
    /// The one cell Tab stops at.
    private weak var tabStop: YearDayCell?
    private var width: Int32 = 0
    private var pendingReflow: MainLoopSource?
    private var pendingScroll: MainLoopSource?
    private var keys: KeyController?
    /// The day numbers 1…31 in the locale's digits, formatted once per formatter.
    private var dayNumbers: [String] = []
    private var weekdayOrder: [Int]?
    /// Per cell, the day and plan count its name was worked out for.
    private var labelledAs: [ObjectIdentifier: LabelKey] = [:]
    private var accessibleTextScheduled = false

    private struct LabelKey: Equatable {
        var day: CalendarDay
        /// Nil: named before its plans were known.
        var planCount: Int?
        var description: String?
    }

    init(formatter: CalendarFormatter, colors: ColorClasses) {
        self.formatter = formatter
        self.colors = colors
        months = (0..<12).map { _ in YearMonthView() }
        rows = (0..<6).map { _ in
            let row = Box(.horizontal, spacing: 6)
            row.isHomogeneous = true
            return row
        }
        rows.forEach(content.append)
        content.setMargins(top: 6, bottom: 6, start: 6, end: 6)
        content.addCSSClass("year-view")
        scroller = ScrolledWindow(child: content)
        frame.add(scroller)
        frame.hexpand = true
        frame.vexpand = true
        root = frame
        dayNumbers = Self.dayNumbers(formatter)
        flow(columns: 3)

        for month in months {
            for cell in month.cells {
                cell.button.onClicked { [weak self, weak cell] in
                    guard let self, let day = cell?.day else { return }
                    self.delegate?.yearView(self, didSelect: day)
                }
            }
        }
        frame.onSizeChanged { [weak self] width, _ in self?.sizeChanged(width: width) }
        // Capture phase: the arrows move the selected day before GTK would move the focus.
        keys = KeyController(on: content, phase: .capture)
        keys?.onKeyPressed { [weak self] key, modifiers in
            guard let self, self.focusedCell != nil else { return false }
            guard let navigation = CalendarNavigation.forGridKey(key, modifiers, rightToLeft: self.content.isRightToLeft)
            else { return false }
            // Page Up/Down come as `.pages(∓1)`: a page of the shown view (the coordinator's
            // `pageSelection`), which for this view is a year.
            self.delegate?.yearView(self, didNavigate: navigation)
            return true
        }
    }

    /// Every cell, January's first.
    var cells: [YearDayCell] { months.flatMap(\.cells) }

    /// The cell with the keyboard focus.
    var focusedCell: YearDayCell? { cells.first { $0.button.hasFocus } }

    /// The cell showing `day`, if it is a day of the shown year.
    func cell(for day: CalendarDay) -> YearDayCell? {
        guard let state, day.year == state.year, let layout = layouts.first(where: { $0.month == day.yearMonth }),
              let index = layout.days.firstIndex(of: day) else { return nil }
        return months[day.month - 1].cells[index]
    }

    // MARK: Rendering

    /// Shows a year, its selection and today, and the slice's decorations when it is the
    /// year's (else the days without them, until it comes).
    func render(_ newState: YearViewState) {
        let hadFocus = content.containsFocus
        let layoutChanged = newState.year != state?.year || newState.firstWeekday != state?.firstWeekday
        state = newState
        if layoutChanged {
            layouts = YearSlice.months(of: newState.year, firstWeekday: newState.firstWeekday)
            renderHeadings()
        }
        let slice = newState.slice.flatMap {
            $0.year == newState.year && $0.firstWeekday == layouts[0].firstWeekday ? $0 : nil
        }
        shownSlice = slice
        for (month, layout) in zip(months, layouts) {
            for (cell, day) in zip(month.cells, layout.days) {
                let inMonth = layout.isInMonth(day)
                cell.show(inMonth ? day : nil,
                          numberText: inMonth ? dayNumbers[day.day - 1] : "",
                          isToday: inMonth && day == newState.today,
                          isSelected: inMonth && day == newState.selection,
                          decoration: inMonth ? slice?.decoration(for: day) ?? .none : .none,
                          colors: colors)
            }
        }
        colors.flush()
        sendAccessibleTextAfterPaint()
        updateFocusCell(moveFocus: hadFocus)
    }

    private func renderHeadings() {
        let names = formatter.monthNames()
        for (month, layout) in zip(months, layouts) {
            month.title.text = names[layout.month.month - 1]
            // A screen reader says the month and year as focus enters its days.
            month.dayGrid.accessibleLabel = formatter.monthTitle(layout.month)
        }
        let order = layouts[0].weekdayOrder
        if order != weekdayOrder {
            weekdayOrder = order
            let initials = formatter.weekdayInitials(order: order)
            months.forEach { $0.showWeekdays(initials) }
        }
    }

    private func formatterChanged() {
        dayNumbers = Self.dayNumbers(formatter)
        weekdayOrder = nil
        labelledAs = [:]
        guard let state else { return }
        self.state = nil
        render(state)
    }

    private static func dayNumbers(_ formatter: CalendarFormatter) -> [String] {
        (1...31).map { formatter.dayNumber(CalendarDay(year: 2000, month: 1, day: $0)!) }
    }

    // MARK: Focus

    /// The day the year's Tab stop is on: the selected day, else today, else January 1.
    var focusDay: CalendarDay? {
        guard let state else { return nil }
        let january1 = CalendarDay(year: state.year, month: 1, day: 1)
        return [state.selection, state.today, january1].compactMap { $0 }.first { $0.year == state.year }
    }

    /// One cell is a Tab stop, so Tab leaves the year instead of walking 365 days; when the
    /// focus was in the year, it follows that cell (the arrows moved the selection).
    private func updateFocusCell(moveFocus: Bool) {
        let target = focusDay.flatMap(cell(for:))
        if target !== tabStop {
            tabStop?.button.isFocusable = false
            target?.button.isFocusable = true
            tabStop = target
        }
        if moveFocus, let target, !target.button.hasFocus {
            target.button.grabFocus()
            scrollFocusIntoView()
        }
    }

    /// The selected day (else today, else January 1) takes the focus, scrolled into view.
    func focusBestCell() {
        guard let target = focusDay.flatMap(cell(for:)) else { return }
        target.button.grabFocus()
        scrollFocusIntoView()
    }

    /// Scrolls the focused cell into view once the frame is laid out (a view just shown has no
    /// places yet; `sizeChanged` asks again when it gets them).
    private func scrollFocusIntoView() {
        pendingScroll?.cancel()
        pendingScroll = MainLoop.beforeNextFrame { [weak self] in
            self?.pendingScroll = nil
            self?.scrollToFocusedCell()
        }
    }

    private func scrollToFocusedCell() {
        guard let cell = focusedCell, let bounds = cell.button.bounds(relativeTo: content) else { return }
        let page = Double(scroller.allocatedHeight)
        guard page > 0 else { return }
        // The month's heading comes into view with its first week.
        let top = bounds.y - 40, bottom = bounds.y + bounds.height + 6
        let offset = scroller.verticalOffset
        if top < offset {
            scroller.verticalOffset = max(0, top)
        } else if bottom > offset + page {
            scroller.verticalOffset = bottom - page
        }
    }

    // MARK: Columns

    private func sizeChanged(width: Int32) {
        self.width = width
        guard pendingReflow == nil else { return }
        // Inside GTK's allocation: the months move between rows just after it.
        pendingReflow = MainLoop.beforeNextFrame { [weak self] in
            guard let self else { return }
            self.pendingReflow = nil
            guard self.flow(columns: YearColumns.count(forWidth: Int(self.width))),
                  self.content.containsFocus else { return }
            // The months' new places are known once GTK has laid them out again.
            self.content.afterNextPaint { [weak self] in self?.scrollToFocusedCell() }
        }
    }

    /// Lays the months out `columns` to a row; false when they already were.
    @discardableResult
    private func flow(columns: Int) -> Bool {
        guard columns != columnCount else { return false }
        let focused = focusedCell
        columnCount = columns
        for (month, row) in zip(months, rowOfMonth) { rows[row].remove(month.root) }
        rowOfMonth = months.indices.map { $0 / columns }
        for (month, row) in zip(months, rowOfMonth) { rows[row].append(month.root) }
        for (index, row) in rows.enumerated() { row.isVisible = rowOfMonth.contains(index) }
        focused?.button.grabFocus()
        return true
    }

    // MARK: Accessible text

    /// The cells' new names go out once the frame showing them is painted, each only if it
    /// changed: each is a D-Bus signal, and a year page changes hundreds.
    private func sendAccessibleTextAfterPaint() {
        guard !accessibleTextScheduled else { return }
        accessibleTextScheduled = true
        content.whenIdleAfterNextPaint { [weak self] in self?.sendAccessibleText() }
    }

    /// Names the cells now: with the slice, every cell (date and plan count, formatted where
    /// the slice was built when it was built with names). Without it (a year just paged to,
    /// its slice on its way) only the Tab stop is named at once, by its date: the others keep
    /// their names until the slice comes, or for `interimDelay` at most, then are named by date,
    /// so a page whose slice comes in time formats no date on the window's thread.
    func sendAccessibleText() {
        accessibleTextScheduled = false
        guard shownSlice != nil else {
            if let tabStop { name(tabStop) }
            if pendingInterim == nil {
                pendingInterim = MainLoop.after(milliseconds: Self.interimDelay) { [weak self] in
                    self?.pendingInterim = nil
                    self?.nameEveryCell()
                }
            }
            return
        }
        nameEveryCell()
    }

    /// How long cells wait for a slice before they are named by their date alone.
    static let interimDelay: UInt32 = 150
    private var pendingInterim: MainLoopSource?

    private func nameEveryCell() {
        pendingInterim?.cancel()
        pendingInterim = nil
        for month in months {
            for cell in month.cells { name(cell) }
        }
    }

    private func name(_ cell: YearDayCell) {
        guard let day = cell.day else { return }
        // The month cells' word (its note for translators is in `DayCell`).
        let description = [cell.isToday ? L("today") : nil, cell.decoration.label].compactMap { $0 }
        let key = LabelKey(day: day, planCount: shownSlice == nil ? nil : cell.decoration.planCount,
                           description: description.isEmpty ? nil : description.joined(separator: ", "))
        let id = ObjectIdentifier(cell)
        if labelledAs[id] != key {
            labelledAs[id] = key
            if let count = key.planCount {
                // Named with the slice where it was built with the names (`YearPreparation.naming`).
                cell.wantedAccessibleLabel = shownSlice?.accessibleLabel(for: day)
                    ?? formatter.dayAccessibleLabel(day, planCount: count)
            } else {
                // Its plans are not known yet: its date alone, never "no plans".
                cell.wantedAccessibleLabel = formatter.spanTitle(DaySpan(first: day, count: 1))
            }
            cell.wantedAccessibleDescription = key.description
        }
        cell.sendAccessibleText()
    }

    /// Whether some cell's name waits for the frame to be painted (or for the slice).
    var hasUnsentAccessibleText: Bool {
        accessibleTextScheduled || pendingInterim != nil || cells.contains { $0.hasUnsentAccessibleText }
    }
}
