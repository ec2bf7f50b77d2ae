import CalendarModel
import GtkKit

/// The week view's all-day row: each all-day plan a bar across its days (`AllDayRowLayout`),
/// lanes that never cross, and "+N more" on a day whose bars do not all fit.
extension WeekView {
    func renderAllDay(_ state: WeekViewState, share: Double) {
        let layout = AllDayRowLayout(span: state.span, plans: state.slice.plans(on:), calendar: formatter.calendar)
        let lanes = max(1, layout.laneCount)
        let height = Int32(lanes * Self.allDayLaneHeight + 4)
        if height != allDayHeight {
            allDayHeight = height
            allDayRow.setSizeRequest(height: height)
        }
        while bars.count < layout.bars.count {
            let bar = WeekPlanBlock(isBar: true)
            bar.button.onClicked { [weak self, weak bar] in
                guard let self, let entry = bar?.entry else { return }
                self.reportClick(on: entry)
            }
            allDayRow.add(bar.button)
            bars.append(bar)
        }
        let laneShare = 1.0 / Double(lanes)
        for (bar, item) in zip(bars, layout.bars) {
            let row = PlanRows([item.plan], style: state.style)[0]
            let days = PlanRow.spokenDayOf(item.plan.plan, from: max(state.span.first, item.plan.day),
                                           calendar: formatter.calendar)
            bar.show(item.plan, titleText: item.plan.plan.title, timeText: nil,
                     colorClass: colors.className(for: row.color),
                     accessibleLabel: { row.accessibleLabel(rangeText: row.rangeText) + days },
                     isSelected: item.plan.plan.id == state.selectedPlan,
                     cutBefore: item.continuesBefore, cutAfter: item.continuesAfter)
            allDayRow.place(bar.button, x: Double(item.column) * share, width: Double(item.length) * share,
                            y: Double(item.lane) * laneShare, height: laneShare)
        }
        for bar in bars.dropFirst(layout.bars.count) { bar.hide() }
        for (column, more) in overflows.enumerated() {
            let count = column < layout.hidden.count ? layout.hidden[column] : 0
            more.isVisible = count > 0
            guard count > 0 else { continue }
            // TRANSLATORS: in the week view's all-day row: %d more all-day plans on this day.
            more.label = String(format: L("+%d more"), count)
            allDayRow.place(more, x: Double(column) * share, width: share, y: Double(lanes - 1) * laneShare, height: laneShare)
        }
        colors.flush()
    }
}
