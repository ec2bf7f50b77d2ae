import CalendarModel
import GtkKit

/// The 6 × 7 month grid with its weekday header. It renders plain values, reports clicks to
/// its delegate, and draws each day's decoration from the plans it is pushed (`MonthGridPlans`).
@MainActor
final class MonthGridView {
    weak var delegate: MonthGridViewDelegate?

    let root = Box(.vertical)
    private let weekdayRow = Grid(columnSpacing: 2, homogeneous: true)
    let dayGrid = Grid(rowSpacing: 2, columnSpacing: 2, homogeneous: true, isGroup: true)
    private var keys: KeyController?
    /// Watch each cell's presses: the second click of a double click must not deselect.
    private var presses: [ClickGesture] = []
    /// How many presses in a row the last pointer press on a cell was (0: none since the
    /// last "clicked", as for Enter or Space).
    private var pressCount = 0
    private(set) var headers: [Label]
    let cells: [DayCell]
    /// The optional ISO week-number column, beside the rows (outside the homogeneous grid, so
    /// that hiding it gives its width back to the days).
    private let weekColumn = Box(.vertical, spacing: 2)
    private let weekCorner = Label()
    let weekLabels: [Label]
    let colors: ColorClasses
    var formatter: CalendarFormatter {
        didSet { headerOrder = nil }
    }
    /// The weekday order the header shows (its names change only with it or the formatter).
    private var headerOrder: [Int]?
    private(set) var state: MonthGridState?
    /// The plans pushed last: every reload of decorations reads them.
    private(set) var plans: MonthGridPlans?
    private var pendingReload: MainLoopSource?
    /// A layer over the day cells for a roomy grid's bars; it also reports the grid's size.
    let barsLayer = ShareBox()
    var bars: [WeekPlanBlock] = []
    var gridSize: (width: Double, height: Double) = (0, 0)
    var pendingDensityCheck: MainLoopSource?
    /// Decorations asked for before the grid had a size, drawn once it has (`applyDensity`).
    var decorationsAwaitSize = false
    /// The pixels a compact cell's row of dots has (`applyDensity`); nil before the grid's size.
    var dotRowWidth: Double?
    /// Dots, or chips and bars (`MonthGridView+Roomy`).
    var density: Density = .compact
    /// Chip times by minute of the day, for the formatter they were made with.
    var chipTexts = ChipTextCache(formatter: nil)
    /// Bars whose names wait for the paint.
    var barNamesWaiting = false
    /// A chip or bar being dragged to another day (`MonthGridView+Drag`).
    var dragging: MonthDrag?
    var dragStart: (x: Double, y: Double)?
    var dragGesture: DragGesture?

    init(formatter: CalendarFormatter, colors: ColorClasses) {
        self.formatter = formatter
        self.colors = colors
        headers = (0..<7).map { _ in
            let label = Label()
            label.addCSSClass("weekday-header")
            return label
        }
        cells = (0..<42).map { _ in DayCell() }
        weekLabels = (0..<6).map { _ in
            let label = Label()
            label.addCSSClass("week-number")
            label.addCSSClass("row-week-number")
            // At the top of its row, in a box as tall as the day numbers' (stylesheet): the
            // week number reads on the same line as the row's days, not below them.
            label.vexpand = true
            label.valign = .start
            return label
        }

        // Weekday names sit outside the homogeneous day grid so that only the six day rows
        // share the height.
        for (column, label) in headers.enumerated() {
            weekdayRow.attach(label, column: Int32(column), row: 0)
        }
        for (index, cell) in cells.enumerated() {
            dayGrid.attach(cell.button, column: Int32(index % 7), row: Int32(index / 7))
        }
        // Over every cell, drawn after them; clicks between its bars reach the cells.
        barsLayer.passPointerThrough()
        dayGrid.attach(barsLayer, column: 0, row: 0, width: 7, height: 6)
        weekdayRow.setMargins(top: 4, start: 6, end: 6)
        dayGrid.setMargins(bottom: 6, start: 6, end: 6)
        dayGrid.hexpand = true
        dayGrid.vexpand = true
        weekColumn.isHomogeneous = true
        weekColumn.setMargins(bottom: 6, start: 6)
        weekLabels.forEach(weekColumn.append)
        weekCorner.addCSSClass("week-number")
        weekColumn.isVisible = false
        weekCorner.isVisible = false

        let header = Box(.horizontal)
        header.append(weekCorner)
        header.append(weekdayRow)
        weekdayRow.hexpand = true
        let body = Box(.horizontal)
        body.append(weekColumn)
        body.append(dayGrid)
        body.vexpand = true
        root.append(header)
        root.append(body)

        barsLayer.onSizeChanged { [weak self] width, height in self?.gridSizeChanged(width: width, height: height) }
        connectDrag()
        for cell in cells {
            let press = ClickGesture(on: cell.button)
            press.onPressed { [weak self] count in self?.pressCount = count }
            presses.append(press)
            cell.button.onClicked { [weak self, weak cell] in
                guard let self, let cell, let day = cell.day else { return }
                let count = self.pressCount
                self.pressCount = 0
                if let entry = cell.roomyChips?.takePressedPlan() {
                    if count >= 2 { return self.delegate?.monthGrid(self, didActivatePlan: entry) ?? () }
                    return self.delegate?.monthGrid(self, didSelectPlan: entry) ?? ()
                }
                if count >= 2 {
                    self.delegate?.monthGrid(self, didDoubleClick: day)
                } else {
                    self.delegate?.monthGrid(self, didSelect: day)
                }
            }
        }
        // Capture phase: arrow keys move the selection before GTK would move the focus.
        keys = KeyController(on: dayGrid, phase: .capture)
        keys?.onKeyPressed { [weak self] key, modifiers in
            guard let self else { return false }
            // Enter on a day with no plans makes one there (on a day with plans it selects it).
            if key == .enter, modifiers.isEmpty, let cell = self.cells.first(where: { $0.button.hasFocus }),
               let day = cell.day, cell.decoration.planCount == 0 {
                self.delegate?.monthGrid(self, didRequestNewPlanOn: day)
                return true
            }
            guard let navigation = CalendarNavigation.forGridKey(
                key, modifiers, rightToLeft: self.dayGrid.isRightToLeft) else { return false }
            self.delegate?.monthGrid(self, didNavigate: navigation)
            return true
        }
    }

    /// Shows a month, its selection and today, with its plans; decorations follow in the same
    /// call when the month changed, so the first frame of a month already carries its dots.
    func render(_ newState: MonthGridState, plans newPlans: MonthGridPlans) {
        let layoutChanged = newState.layout != state?.layout
        let hadFocus = dayGrid.containsFocus
        state = newState
        plans = newPlans
        if newState.layout.weekdayOrder != headerOrder {
            headerOrder = newState.layout.weekdayOrder
            for (label, (weekday, symbol)) in zip(headers, zip(newState.layout.weekdayOrder,
                                                              formatter.weekdaySymbols(order: newState.layout.weekdayOrder))) {
                label.text = symbol
                DayColors.mark(label, as: weekday == 1 ? .sunday : weekday == 7 ? .saturday : .weekday)
            }
        }
        if layoutChanged {
            // A screen reader speaks the group's new name: the month paged to.
            dayGrid.accessibleLabel = formatter.monthTitle(newState.layout.month)
            renderWeekNumbers(newState.layout)
        }
        for (cell, day) in zip(cells, newState.layout.days) {
            cell.show(day,
                      numberText: formatter.dayNumber(day),
                      inMonth: newState.layout.isInMonth(day),
                      isToday: day == newState.today,
                      isSelected: day == newState.selection)
        }
        if layoutChanged { reloadDecorationsNow() } else { sendAccessibleTextAfterPaint() }
        if onlyRow != nil {
            // The strip follows the selection into another week.
            let day = focusTarget
            onlyRow = -1
            showOnlyRow(containing: day)
        }
        updateFocusCell(moveFocus: hadFocus)
    }

    /// One day cell is a Tab stop (the selected day, else today, else the 1st), so Tab moves
    /// from the grid to the plan list instead of through 42 buttons; arrow keys do the rest.
    /// If the focus was in the grid, it follows that cell, so paging never loses it.
    private func updateFocusCell(moveFocus: Bool) {
        let target = focusTarget
        for cell in cells { cell.button.isFocusable = cell.day == target }
        if moveFocus, let target { cell(for: target)?.button.grabFocus() }
    }

    private var focusTarget: CalendarDay? {
        guard let state else { return nil }
        return [state.selection, state.today, state.layout.month.firstDay]
            .compactMap { $0 }.first(where: state.layout.contains)
    }

    /// Shows or hides the ISO week-number column (a setting).
    var showsWeekNumbers: Bool {
        get { weekColumn.isVisible }
        set {
            weekColumn.isVisible = newValue
            weekCorner.isVisible = newValue
            if newValue, let layout = state?.layout { renderWeekNumbers(layout) }
        }
    }

    /// Hidden week numbers are left as they were (a page changes nothing on screen then).
    private func renderWeekNumbers(_ layout: MonthLayout) {
        guard showsWeekNumbers else { return }
        for (label, week) in zip(weekLabels, layout.isoWeekNumbers) {
            label.text = formatter.weekNumber(week)
            // TRANSLATORS: what a screen reader says for the week-number column; %d is the ISO week.
            label.accessibleLabel = String(format: L("Week %d"), week)
        }
    }

    /// The cells' new names and descriptions go out once the frame showing them is painted:
    /// each is a D-Bus signal to the accessibility bus, a page changes about sixty, and sending
    /// them first made the frame later by a few milliseconds. A screen reader hears the new
    /// month a frame later; nothing is left unsent.
    private func sendAccessibleTextAfterPaint() {
        guard !accessibleTextScheduled else { return }
        accessibleTextScheduled = true
        dayGrid.whenIdleAfterNextPaint { [weak self] in self?.sendAccessibleText() }
    }

    private var accessibleTextScheduled = false

    /// Sends every cell's waiting name and description now.
    func sendAccessibleText() {
        accessibleTextScheduled = false
        if accessibleLabelsAreStale {
            // Worked out here, after the paint, like their sending: 42 formatted dates.
            accessibleLabelsAreStale = false
            for cell in cells {
                guard let day = cell.day else { continue }
                cell.wantedAccessibleLabel = formatter.dayAccessibleLabel(day, planCount: cell.decoration.planCount)
            }
        }
        cells.forEach { $0.sendAccessibleText() }
        if barNamesWaiting { sendBarNames() }
    }

    /// The cells' decorations changed since their names were last worked out.
    private var accessibleLabelsAreStale = false

    /// Whether some cell's name or description waits for the frame to be painted.
    var hasUnsentAccessibleText: Bool {
        accessibleLabelsAreStale || barNamesWaiting || cells.contains { $0.hasUnsentAccessibleText }
    }

    /// The plans changed: every cell's decoration is drawn again from `newPlans`, batched into
    /// one pass however many changes arrive before it runs, and always before the next frame.
    func plansChanged(_ newPlans: MonthGridPlans) {
        plans = newPlans
        reloadDecorations()
    }

    private func reloadDecorations() {
        guard pendingReload == nil else { return }
        pendingReload = MainLoop.beforeNextFrame { [weak self] in
            self?.pendingReload = nil
            self?.reloadDecorationsNow()
        }
    }

    func reloadDecorationsNow() {
        pendingReload?.cancel()
        pendingReload = nil
        // Before its first size the grid does not know its density (dots or chips): plans that
        // arrive then (read ahead, before the window is shown) are drawn once, at that size.
        guard gridSize.width > 0 else {
            decorationsAwaitSize = true
            return
        }
        decorationsAwaitSize = false
        guard let plans else { return }
        for cell in cells {
            guard let day = cell.day else { continue }
            let decoration = plans.slice.decoration(for: day)
            // A roomy cell's dots are hidden: no room to work out for them.
            cell.decorate(decoration, colors: colors, rowWidth: density == .compact ? dotRowWidth : nil)
        }
        if case let .roomy(lines) = density {
            renderRoomy(lines: lines)
        } else {
            bars.forEach { $0.hide() }
        }
        accessibleLabelsAreStale = true
        colors.flush()
        sendAccessibleTextAfterPaint()
    }

    /// The cell showing `day`, if it is one of the 42.
    func cell(for day: CalendarDay) -> DayCell? {
        cells.first { $0.day == day }
    }

    /// The day the grid centres on: the selected day, else today, else the 1st.
    var focusDay: CalendarDay? { focusTarget }

    /// The weekday header's height, for the one-week strip's size.
    var weekdayHeaderHeight: Int32 { weekdayRow.naturalHeight }

    /// One week's natural height (the tallest cell of the first row).
    var rowHeight: Int32 { cells.prefix(7).map(\.button.naturalHeight).max() ?? 0 }

    /// The week shown while the plan panel covers the grid (nil: all six).
    private(set) var onlyRow: Int?

    /// With the panel at full height only one week stays visible: the row with `day`.
    func showOnlyRow(containing day: CalendarDay?) {
        let row = day.flatMap { state?.layout.position(of: $0)?.row }
        guard row != onlyRow else { return }
        onlyRow = row
        for (index, cell) in cells.enumerated() {
            cell.button.isVisible = row == nil || index / 7 == row
        }
        // Spanning six rows, the layer would keep them all: hidden while one week shows.
        barsLayer.isVisible = row == nil
        applyDensity()
        for (index, label) in weekLabels.enumerated() { label.isVisible = row == nil || index == row }
    }

    /// Puts keyboard focus on the selected day, else today, else the 1st.
    func focusBestCell() {
        if let target = focusTarget { cell(for: target)?.button.grabFocus() }
    }
}
