import CalendarModel
import Foundation
import GtkKit

/// What a day column reports; the week view passes it on to its own delegate.
@MainActor
protocol WeekDayColumnDelegate: AnyObject {
    /// A "+N" marker: the day, whose list shows every plan.
    func dayColumn(_ column: WeekDayColumn, didSelect day: CalendarDay)
    /// One click on a plan's block.
    func dayColumn(_ column: WeekDayColumn, didClick entry: PlanOnDay)
    /// A double click on a plan's block.
    func dayColumn(_ column: WeekDayColumn, didActivate entry: PlanOnDay)
}

/// One day of the week view's time grid: a group a screen reader names by the day, holding
/// the day's hour lines and its plan blocks, placed by shares of the column (`ShareBox`).
@MainActor
final class WeekDayColumn {
    let box = ShareBox()
    weak var delegate: WeekDayColumnDelegate?
    private let colors: ColorClasses
    private var lines: [Box] = []
    /// The wall-clock hour on each line, shown only on a day that is not 24 hours long.
    private var lineLabels: [Label] = []
    private var blocks: [WeekPlanBlock] = []
    /// "+N" markers where overlapping plans need more lanes than the column fits.
    private var overflowButtons: [Button] = []
    private var presses: [ClickGesture] = []
    /// Blocks shown now, with where they are (shares of the column, lanes included).
    private(set) var placed: [(block: WeekPlanBlock, layout: DayColumnLayout.Block)] = []
    private(set) var layout: DayColumnLayout?
    /// Height of the whole grid in hours, for turning the day's shares into the column's.
    private var gridHours = 24.0
    /// How many presses in a row the last press on a block was.
    private var pressCount = 0
    /// The column's name, sent after the paint with its blocks' (`WeekView.sendAccessibleText`).
    private var wantedAccessibleLabel: (() -> String)?

    var hasUnsentAccessibleText: Bool {
        wantedAccessibleLabel != nil || !wantedOverflowLabels.isEmpty || blocks.contains(where: \.hasUnsentAccessibleText)
    }

    func sendAccessibleText() {
        if let wanted = wantedAccessibleLabel {
            wantedAccessibleLabel = nil
            box.accessibleLabel = wanted()
        }
        blocks.forEach { $0.sendAccessibleText() }
        for (button, label) in wantedOverflowLabels { button.accessibleLabel = label }
        wantedOverflowLabels = []
    }

    init(colors: ColorClasses) {
        self.colors = colors
        box.addCSSClass("week-column")
    }

    func hide() {
        box.isVisible = false
        placed = []
        layout = nil
    }

    /// Draws `layout`'s day; `rangeText` gives a plan's time as its block shows it.
    func render(_ layout: DayColumnLayout, state: WeekViewState, gridHours: Double, formatter: CalendarFormatter,
                rangeText: (Plan) -> String) {
        self.layout = layout
        wantedOverflowLabels = []
        self.gridHours = gridHours
        box.isVisible = true
        let day = layout.day, count = state.slice.plans(on: layout.day).count
        wantedAccessibleLabel = { formatter.dayAccessibleLabel(day, planCount: count) }
        box.setCSSClass("today", layout.day == state.today)
        box.setCSSClass("selected", layout.day == state.selection)
        let scale = layout.hours / gridHours
        let isDSTDay = layout.hours != 24
        // Most pages draw the same 24 lines at the same places: placing them again would only
        // allocate the column again.
        if linesShownFor == nil || linesShownFor! != (layout.hours, gridHours) || isDSTDay {
            linesShownFor = (layout.hours, gridHours)
            placeHourLines(layout, scale: scale, isDSTDay: isDSTDay, formatter: formatter)
        }
        renderBlocks(layout, state: state, scale: scale, rangeText: rangeText)
    }

    /// The day length and grid height the hour lines were placed for.
    private var linesShownFor: (Double, Double)?

    private func placeHourLines(_ layout: DayColumnLayout, scale: Double, isDSTDay: Bool, formatter: CalendarFormatter) {
        while lines.count < layout.hourLines.count {
            let line = Box(.horizontal)
            line.addCSSClass("week-hour-line")
            line.setAccessibleHidden(true)
            let label = Label()
            label.addCSSClass("week-dst-hour")
            label.xalign = 0
            label.valign = .start
            box.add(line)
            box.add(label)
            lines.append(line)
            lineLabels.append(label)
        }
        for (index, line) in lines.enumerated() {
            let shown = index < layout.hourLines.count
            line.isVisible = shown
            lineLabels[index].isVisible = shown && isDSTDay
            guard shown else { continue }
            let y = layout.hourLines[index].position * scale
            box.place(line, x: 0, width: 1, y: y, height: 0)
            if isDSTDay {
                lineLabels[index].text = formatter.timeText(layout.hourLines[index].instant)
                box.place(lineLabels[index], x: 0.02, width: 0.96, y: y, height: 16 / (gridHours * WeekView.hourHeight))
            }
        }
    }

    private func renderBlocks(_ layout: DayColumnLayout, state: WeekViewState, scale: Double, rangeText: (Plan) -> String) {
        while blocks.count < layout.blocks.count { addBlock() }
        placed = []
        for (block, item) in zip(blocks, layout.blocks) {
            let row = PlanRows([item.plan], style: state.style)[0]
            let time = rangeText(item.plan.plan)
            let pixels = (item.bottom - item.top) * layout.hours * WeekView.hourHeight
            block.show(item.plan, titleText: item.plan.plan.title, timeText: time, showsTime: pixels >= 30,
                       colorClass: colors.className(for: row.color),
                       accessibleLabel: { row.accessibleLabel(rangeText: time) },
                       isSelected: item.plan.plan.id == state.selectedPlan,
                       cutBefore: item.continuesFromPreviousDay, cutAfter: item.continuesToNextDay)
            let lane = 1.0 / Double(item.laneCount)
            box.place(block.button, x: Double(item.lane) * lane, width: lane - 0.02,
                      y: item.top * scale, height: (item.bottom - item.top) * scale)
            placed.append((block, item))
        }
        for block in blocks.dropFirst(layout.blocks.count) { block.hide() }
        renderOverflows(layout, scale: scale)
        colors.flush()
    }

    /// Each "+N" selects the day, whose list then shows every plan.
    private func renderOverflows(_ layout: DayColumnLayout, scale: Double) {
        while overflowButtons.count < layout.overflows.count {
            let button = Button(label: "")
            button.hasFrame = false
            button.addCSSClass("week-more")
            button.addCSSClass("week-overflow")
            button.onClicked { [weak self] in
                guard let self, let day = self.layout?.day else { return }
                self.delegate?.dayColumn(self, didSelect: day)
            }
            box.add(button)
            overflowButtons.append(button)
        }
        for (index, button) in overflowButtons.enumerated() {
            guard index < layout.overflows.count else {
                button.isVisible = false
                continue
            }
            let overflow = layout.overflows[index]
            let count = overflow.plans.count
            button.isVisible = true
            let text = "+\(count)"
            if button.label != text { button.label = text }
            // TRANSLATORS: a marker in the week view where overlapping plans do not fit side by side.
            wantedOverflowLabels.append((button, String(format: L("%d more plan at this time", "%d more plans at this time",
                                                                  count: count), count)))
            let lane = 1.0 / Double(overflow.laneCount)
            box.place(button, x: Double(overflow.lane) * lane, width: lane - 0.02,
                      y: overflow.top * scale, height: (overflow.bottom - overflow.top) * scale)
        }
    }

    private var wantedOverflowLabels: [(Button, String)] = []

    private func addBlock() {
        let block = WeekPlanBlock(isBar: false)
        let press = ClickGesture(on: block.button)
        press.onPressed { [weak self] count in self?.pressCount = count }
        presses.append(press)
        block.button.onClicked { [weak self, weak block] in
            guard let self, let entry = block?.entry else { return }
            let count = self.pressCount
            self.pressCount = 0
            if count >= 2 {
                self.delegate?.dayColumn(self, didActivate: entry)
            } else {
                self.delegate?.dayColumn(self, didClick: entry)
            }
        }
        box.add(block.button)
        blocks.append(block)
    }

    var shownBlocks: [WeekPlanBlock] { placed.map(\.block) }

    var focusedEntry: PlanOnDay? { placed.first { $0.block.button.hasFocus }?.block.entry }

    /// Gives the keyboard focus to the first plan (by time); false when the day has none.
    func focusFirst() -> Bool {
        guard let first = placed.min(by: { $0.layout.top < $1.layout.top }) else { return false }
        return first.block.button.grabFocus()
    }

    /// The block at `y` (grid pixels) and the share `x` across the column, if any, and whether
    /// the point is on its bottom edge (a resize handle, 8 pixels).
    func block(atX x: Double, y: Double) -> (entry: PlanOnDay, layout: DayColumnLayout.Block, onBottomEdge: Bool)? {
        guard let layout else { return nil }
        let pixels = gridHours * WeekView.hourHeight
        let scale = layout.hours / gridHours
        for item in placed.reversed() {
            let lane = 1.0 / Double(item.layout.laneCount)
            let left = Double(item.layout.lane) * lane
            let top = item.layout.top * scale * pixels, bottom = item.layout.bottom * scale * pixels
            guard x >= left, x < left + lane, y >= top, y <= bottom, let entry = item.block.entry else { continue }
            return (entry, item.layout, bottom - y <= 8 && !item.layout.continuesToNextDay)
        }
        return nil
    }
}
