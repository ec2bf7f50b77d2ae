import CalendarModel
import Foundation
import GtkKit

/// The week's time grid: a header with the shown days, an all-day row of bars, and a
/// scrollable 24-hour grid where each day is a column of plan blocks placed by the day's real
/// clock (`DayColumnLayout`: DST days 23 or 25 hours tall, plans cut at midnight, overlaps in
/// lanes). Seven days, or 3 or 1 in a narrow window (`WeekColumns`); the day view is the
/// same grid limited to one column, at full width.
///
/// Like the month grid it renders plain values (`WeekViewState`) and reports what the user
/// did to its delegate; widgets are made once and refilled, so paging allocates little.
@MainActor
final class WeekView {
    weak var delegate: WeekViewDelegate?
    /// Pixels per hour: a quarter hour is one line of a block's text.
    nonisolated static let hourHeight = 60.0
    nonisolated static let gutterWidth: Int32 = 64
    nonisolated static let allDayLaneHeight = 26
    /// Times snap to quarter hours when a plan is made, dragged or moved with the keyboard.
    nonisolated static let snapMinutes = 15

    let root = Box(.vertical)
    private let headerRow = ShareBox()
    let allDayRow = ShareBox()
    private let allDayTitle = Label()
    private let gutter = ShareBox()
    /// The day columns' parent, where drags and double clicks are watched.
    let body = ShareBox()
    let scroller: ScrolledWindow
    private(set) var headers: [Button] = []
    private(set) var columns: [WeekDayColumn] = []
    var bars: [WeekPlanBlock] = []
    var overflows: [Button] = []
    private var hourLabels: [Label] = []
    private let nowLine = Box(.horizontal)
    /// Shows where a dragged plan would go.
    let dragPreview = Label()
    private var nowTimer: MainLoopSource?
    var formatter: CalendarFormatter
    let colors: ColorClasses
    /// The instant now (injected: tests pin it).
    let now: () -> Date
    private(set) var state: WeekViewState?
    /// The tallest shown day, in hours (24, or 25 on a day the clocks go back).
    private(set) var gridHours = 24.0
    var keys: KeyController?
    var drag: DragGesture?
    var clicks: ClickGesture?
    var scroll: ScrollController?
    /// The plan a drag holds now, and how it is being changed.
    var dragging: WeekDrag?
    private var gridHeight: Int32 = 0
    var allDayHeight: Int32 = 0
    /// The week view, or the day view (the same grid, one column).
    let kind: CalendarViewKind
    /// The most day columns it shows: 7 for the week view, 1 for the day view.
    let maxColumns: Int
    /// The column count the width allows (`WeekColumns`, at most `maxColumns`), set by the window.
    private(set) var columnCount: Int
    /// Lanes of overlapping plans a day column fits (the window's default width fits three).
    private(set) var laneCount = 3

    init(kind: CalendarViewKind = .week, formatter: CalendarFormatter, colors: ColorClasses, now: @escaping () -> Date) {
        self.kind = kind
        self.formatter = formatter
        self.colors = colors
        self.now = now
        maxColumns = kind == .day ? 1 : 7
        columnCount = maxColumns
        root.addCSSClass("week-view")
        if kind == .day { root.addCSSClass("day-view") }
        // TRANSLATORS: the label of the all-day row at the top of the week view.
        allDayTitle.text = L("All day")
        allDayTitle.addCSSClass("week-all-day-title")
        allDayTitle.wraps = true
        allDayTitle.setSizeRequest(width: Self.gutterWidth)
        let headerBox = Box(.horizontal)
        let corner = Box(.horizontal)
        corner.setSizeRequest(width: Self.gutterWidth)
        headerBox.append(corner)
        headerBox.append(headerRow)
        headerRow.hexpand = true
        headerRow.setSizeRequest(height: 44)
        let allDayBox = Box(.horizontal)
        allDayBox.addCSSClass("week-all-day")
        allDayBox.append(allDayTitle)
        allDayBox.append(allDayRow)
        allDayRow.hexpand = true
        allDayRow.accessibleLabel = L("All day")

        let gridBox = Box(.horizontal)
        gutter.setSizeRequest(width: Self.gutterWidth)
        gutter.setAccessibleHidden(true)
        gridBox.append(gutter)
        gridBox.append(body)
        // Exactly `gridHours × hourHeight` tall, even in a window taller than that: every
        // pointer's time is read at that scale.
        gridBox.valign = .start
        body.hexpand = true
        body.addCSSClass("week-grid")
        scroller = ScrolledWindow(child: gridBox)
        scroller.vexpand = true
        root.append(headerBox)
        root.append(allDayBox)
        root.append(scroller)

        for hour in 0..<25 {
            let label = Label()
            label.addCSSClass("week-hour")
            label.valign = .center
            label.xalign = 1
            label.isVisible = hour > 0 && hour < 24
            gutter.add(label)
            hourLabels.append(label)
        }
        for _ in 0..<self.maxColumns {
            let header = Button(label: "")
            header.hasFrame = false
            header.addCSSClass("week-day-header")
            header.onClicked { [weak self, weak header] in
                guard let self, let header, let at = self.headers.firstIndex(where: { $0 === header }),
                      let state = self.state, at < state.span.count else { return }
                self.delegate?.weekView(self, didSelect: state.span.first.adding(days: at))
            }
            headerRow.add(header)
            headers.append(header)
            let column = WeekDayColumn(colors: colors)
            column.delegate = self
            body.add(column.box)
            columns.append(column)
            let more = Button(label: "")
            more.hasFrame = false
            more.addCSSClass("week-more")
            more.onClicked { [weak self, weak more] in
                guard let self, let more, let at = self.overflows.firstIndex(where: { $0 === more }),
                      let state = self.state else { return }
                self.delegate?.weekView(self, didSelect: state.span.first.adding(days: at))
            }
            allDayRow.add(more)
            overflows.append(more)
        }
        nowLine.addCSSClass("week-now-line")
        nowLine.setAccessibleHidden(true)
        body.add(nowLine)
        dragPreview.addCSSClass("week-drag-preview")
        dragPreview.isVisible = false
        dragPreview.setAccessibleHidden(true)
        body.add(dragPreview)
        connectInput()
    }

    isolated deinit {
        nowTimer?.cancel()
    }

    /// Sets the width the window leaves the view; the delegate is told when that changes how
    /// many days, or how many lanes of overlapping plans, fit.
    func setAvailableWidth(_ width: Int) {
        let count = min(maxColumns, WeekColumns.count(forWidth: width))
        var lanes = Self.maxLanes(dayWidth: Double(width - Int(Self.gutterWidth)) / Double(count))
        if kind == .day { lanes = min(lanes, Self.dayViewMaxLanes) }
        guard count != columnCount || lanes != laneCount else { return }
        columnCount = count
        laneCount = lanes
        delegate?.weekViewDidChangeFit(self)
    }

    /// Lanes narrower than this are not readable: more overlapping plans get a "+N" marker.
    nonisolated static let minimumLaneWidth = 28.0

    /// The most lanes the day view's one column shows; more overlapping plans get "+N". Its
    /// width alone fitted 23 lanes of 28 px in the default window, too narrow to read a title,
    /// and laying out that many blocks made a day page cost twice a week page (24 vs 12 ms to
    /// the painted frame at 100,000 plans; 12 ms with 8 lanes, measured 2026-12-05).
    nonisolated static let dayViewMaxLanes = 8

    /// How many lanes a day column `dayWidth` pixels wide fits, two at least.
    nonisolated static func maxLanes(dayWidth: Double) -> Int {
        max(2, Int(dayWidth / minimumLaneWidth))
    }

    // MARK: Rendering

    func render(_ newState: WeekViewState) {
        let spanChanged = newState.span != state?.span
        // A dropped plan is drawn where it went: its preview has done its job.
        if dragging == nil { dragPreview.isVisible = false }
        // Blocks are refilled in time order: the focus follows its plan, not its widget; on a
        // day header it follows the selected day.
        let focusedPlan = focusedEntry?.plan.id
        let headerHadFocus = headers.contains { $0.hasFocus }
        state = newState
        let calendar = formatter.calendar
        let span = newState.span
        let layouts = span.days.map {
            DayColumnLayout(day: $0, plans: newState.slice.plans(on: $0), calendar: calendar, maxLanes: laneCount)
        }
        gridHours = max(24, layouts.map(\.hours).max() ?? 24)
        let height = Int32(gridHours * Self.hourHeight)
        // A new size request makes GTK measure the window again: only when it changes.
        if height != gridHeight {
            gridHeight = height
            body.setSizeRequest(height: height)
            gutter.setSizeRequest(width: Self.gutterWidth, height: height)
        }

        let share = 1.0 / Double(span.count)
        for (index, header) in headers.enumerated() {
            guard index < span.count else {
                header.isVisible = false
                columns[index].hide()
                continue
            }
            let day = span.days[index]
            header.isVisible = true
            let text = formatter.weekColumnHeader(day)
            if header.label != text { header.label = text }
            let count = newState.slice.plans(on: day).count
            headerLabels[index] = { [formatter] in formatter.dayAccessibleLabel(day, planCount: count) }
            header.setCSSClass("today", day == newState.today)
            header.setCSSClass("selected", day == newState.selection)
            DayColors.mark(header, as: DayKind(day, isHoliday: newState.slice.decoration(for: day).isHoliday))
            // One stop for Tab: the selected day's header (the arrow keys move the day).
            header.isFocusable = day == newState.selection
            header.setAccessibleSelected(day == newState.selection)
            headerRow.place(header, x: Double(index) * share, width: share, y: 0, height: 1)
            body.place(columns[index].box, x: Double(index) * share, width: share, y: 0, height: 1)
            columns[index].render(layouts[index], state: newState, gridHours: gridHours, formatter: formatter,
                                  rangeText: rangeText(for:))
        }
        renderHourLabels(layouts)
        renderAllDay(newState, share: share)
        placeNowLine()
        if spanChanged {
            root.accessibleLabel = formatter.spanTitle(span)
            scrollToOpeningHour(layouts)
        }
        sendAccessibleTextAfterPaint()
        if let focusedPlan, focusedEntry?.plan.id != focusedPlan {
            if let block = (shownBlocks + shownBars).first(where: { $0.entry?.plan.id == focusedPlan }) {
                focusKeepingScroll(block)
            } else {
                // The plan went (deleted, or moved out of the week): the focus stays in the week.
                focusBestCell()
            }
        } else if headerHadFocus, let index = newState.selection.flatMap(span.days.firstIndex(of:)),
                  !headers[index].hasFocus {
            _ = headers[index].grabFocus()
        }
    }

    /// The hour labels of a day of 24 hours, beside the grid (a DST day's column labels its own lines).
    private func renderHourLabels(_ layouts: [DayColumnLayout]) {
        let reference = layouts.first { $0.hours == 24 } ?? layouts[0]
        for (hour, label) in hourLabels.enumerated() {
            guard hour > 0, hour < reference.hourLines.count else {
                label.isVisible = false
                continue
            }
            label.isVisible = true
            label.text = formatter.timeText(reference.hourLines[hour].instant)
            let y = Double(hour) * Self.hourHeight
            gutter.place(label, x: 0, width: 0.92, y: (y - 9) / (gridHours * Self.hourHeight),
                         height: 18 / (gridHours * Self.hourHeight))
        }
    }

    /// The current-time line, across today's column when today is shown; moved every minute.
    private func placeNowLine() {
        guard let state, let column = state.span.days.firstIndex(of: state.today) else {
            nowLine.isVisible = false
            return
        }
        let calendar = formatter.calendar
        let start = state.today.start(in: calendar)
        let hours = now().timeIntervalSince(start) / 3_600
        let share = 1.0 / Double(state.span.count)
        nowLine.isVisible = true
        body.place(nowLine, x: Double(column) * share, width: share, y: hours / gridHours, height: 0)
        if nowTimer == nil {
            // Only while the week is on screen: the next render of a hidden one starts it again.
            nowTimer = MainLoop.every(milliseconds: 60_000) { [weak self] in
                guard let self, self.root.isMapped else {
                    self?.nowTimer = nil
                    return false
                }
                self.placeNowLine()
                return true
            }
        }
    }

    /// Opens the grid around the working day: 8:00, or the span's first plan when earlier.
    private func scrollToOpeningHour(_ layouts: [DayColumnLayout]) {
        let firstPlan = layouts.compactMap { layout in layout.blocks.map { $0.top * layout.hours }.min() }.min()
        let hour = min(8, firstPlan.map { max(0, $0.rounded(.down)) } ?? 8)
        // A little above the hour, so its label is not cut by the top edge.
        let offset = max(0, hour * Self.hourHeight - 12)
        scroller.verticalOffset = offset
        guard scroller.maximumVerticalOffset < offset else { return }
        // Not laid out at this height yet: once the frame is painted the grid can scroll.
        root.afterNextPaint { [weak self] in self?.scroller.verticalOffset = offset }
    }

    /// A plan's time as its block says it, formatted once per start and end (a DateFormatter
    /// call costs tens of microseconds, and a busy week has a couple of hundred blocks); the
    /// cache goes with the formatter, and starts again past a few thousand times.
    func rangeText(for plan: Plan) -> String {
        if rangeTexts.formatter !== formatter || rangeTexts.texts.count > 5_000 { rangeTexts = (formatter, [:]) }
        if let known = rangeTexts.texts[plan.timing] { return known }
        let text = formatter.rangeText(for: plan)
        rangeTexts.texts[plan.timing] = text
        return text
    }

    private var rangeTexts: (formatter: CalendarFormatter?, texts: [PlanTiming: String]) = (nil, [:])

    // MARK: Accessible text

    /// The day headers' names, waiting for the paint like the columns' and blocks'.
    private var headerLabels: [(() -> String)?] = Array(repeating: nil, count: 7)
    private var accessibleTextScheduled = false

    /// Names go out once the frame showing them is painted (the month grid does the same): a
    /// week at 100,000 plans has a couple of hundred blocks, each name a D-Bus signal to the
    /// accessibility bus, and sending them first made the frame later. A screen reader hears
    /// the new week a frame later; nothing is left unsent.
    private func sendAccessibleTextAfterPaint() {
        guard !accessibleTextScheduled else { return }
        accessibleTextScheduled = true
        root.whenIdleAfterNextPaint { [weak self] in self?.sendAccessibleText() }
    }

    /// Sends every waiting name now.
    func sendAccessibleText() {
        accessibleTextScheduled = false
        for (index, wanted) in headerLabels.enumerated() {
            guard let wanted else { continue }
            headerLabels[index] = nil
            headers[index].accessibleLabel = wanted()
        }
        columns.forEach { $0.sendAccessibleText() }
        bars.forEach { $0.sendAccessibleText() }
    }

    /// Whether some name waits for the frame to be painted.
    var hasUnsentAccessibleText: Bool {
        headerLabels.contains { $0 != nil } || columns.contains(where: \.hasUnsentAccessibleText)
            || bars.contains(where: \.hasUnsentAccessibleText)
    }

    // MARK: Input

    /// A click on a plan: its day and the plan are selected.
    func reportClick(on entry: PlanOnDay) {
        delegate?.weekView(self, didSelectPlan: entry)
    }

    /// The plan selected with a click, as one of its blocks shows it.
    var selectedEntry: PlanOnDay? {
        guard let id = state?.selectedPlan else { return nil }
        return (shownBlocks + shownBars).first { $0.entry?.plan.id == id }?.entry
    }

    /// The plan whose block has the keyboard focus.
    var focusedEntry: PlanOnDay? {
        for column in columns { if let entry = column.focusedEntry { return entry } }
        return bars.first { $0.button.hasFocus }?.entry
    }

    /// Every plan block and bar shown now, for checks of what the user sees.
    var shownBlocks: [WeekPlanBlock] { columns.flatMap(\.shownBlocks) }
    var shownBars: [WeekPlanBlock] { bars.filter { $0.entry != nil } }

    /// Puts the keyboard focus on the selected day's first plan, else its header.
    func focusBestCell() {
        guard let state else { return }
        let index = state.selection.flatMap { state.span.days.firstIndex(of: $0) } ?? 0
        if columns[index].focusFirst() { return }
        _ = headers[index].grabFocus()
    }
}

/// The day columns' clicks, reported on as the week view's.
extension WeekView: WeekDayColumnDelegate {
    func dayColumn(_ column: WeekDayColumn, didSelect day: CalendarDay) {
        delegate?.weekView(self, didSelect: day)
    }

    func dayColumn(_ column: WeekDayColumn, didClick entry: PlanOnDay) {
        reportClick(on: entry)
    }

    func dayColumn(_ column: WeekDayColumn, didActivate entry: PlanOnDay) {
        delegate?.weekView(self, didActivatePlan: entry)
    }
}
