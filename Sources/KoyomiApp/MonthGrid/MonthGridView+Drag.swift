import CalendarModel
import GtkKit

/// Dragging a roomy month's chip or bar to another day (issue 19): the plan moves there by
/// whole days (its time of day and length kept), as an edit with Undo; the day under the
/// pointer is marked while dragging.
extension MonthGridView {
    /// A plan held by the pointer: where it was picked up and the day it would land on.
    struct MonthDrag {
        let entry: PlanOnDay
        /// The day the pointer picked it up on (a bar's plan may start earlier).
        let fromDay: CalendarDay
        var isActive = false
        var target: CalendarDay?
    }

    func connectDrag() {
        let drag = DragGesture(on: dayGrid, phase: .capture)
        drag.onBegin { [weak self] x, y in self?.beginDrag(x: x, y: y) }
        drag.onUpdate { [weak self] dx, dy in self?.updateDrag(dx: dx, dy: dy) }
        drag.onEnd { [weak self] _, _ in self?.endDrag() }
        dragGesture = drag
    }

    /// The cell under a point of the day grid, and the point within it.
    private func cellIndex(x: Double, y: Double) -> (index: Int, y: Double)? {
        let cell = cellSize
        guard cell.width > 0, cell.height > 0 else { return nil }
        let fromStart = dayGrid.isRightToLeft ? gridSize.width - x : x
        let column = Int((fromStart / (cell.width + 2)).rounded(.down))
        let row = Int((y / (cell.height + 2)).rounded(.down))
        guard (0..<7).contains(column), (0..<6).contains(row) else { return nil }
        return (row * 7 + column, y - Double(row) * (cell.height + 2))
    }

    private func beginDrag(x: Double, y: Double) {
        dragging = nil
        dragStart = (x, y)
        guard density != .compact, let hit = cellIndex(x: x, y: y), let day = cells[hit.index].day else { return }
        // A bar under the pointer (bars lie over the cells), else the cell's chip on that line.
        for bar in bars where bar.button.isVisible {
            guard let entry = bar.entry, let frame = bar.button.bounds(relativeTo: dayGrid),
                  x >= frame.x, x < frame.x + frame.width, y >= frame.y, y < frame.y + frame.height else { continue }
            dragging = MonthDrag(entry: entry, fromDay: day)
            return
        }
        guard let chips = cells[hit.index].roomyChips else { return }
        // Rounded down: a press on the day's number is above every line.
        let line = Int(((hit.y - Double(Self.numberHeight)) / Double(Self.lineHeight)).rounded(.down)) - chips.barLanes
        guard line >= 0, line < chips.shown.count else { return }
        dragging = MonthDrag(entry: chips.shown[line], fromDay: day)
    }

    private func updateDrag(dx: Double, dy: Double) {
        guard var held = dragging, let start = dragStart else { return }
        if !held.isActive {
            guard dx * dx + dy * dy >= 36 else { return }
            held.isActive = true
            // The cell's own click is cancelled: a plan dragged away does not also select its day.
            dragGesture?.claim()
        }
        held.target = cellIndex(x: start.x + dx, y: start.y + dy).flatMap { cells[$0.index].day }
        for cell in cells { cell.button.setCSSClass("drop-target", cell.day != nil && cell.day == held.target) }
        dragging = held
    }

    private func endDrag() {
        cells.forEach { $0.button.setCSSClass("drop-target", false) }
        defer { dragging = nil }
        guard let held = dragging, held.isActive else { return }
        // The drag claimed the pointer, so no cell's click took the chip's press: drop it, or
        // the next click or Enter on that cell would select the old plan.
        cells.forEach { _ = $0.roomyChips?.takePressedPlan() }
        guard let target = held.target else { return }
        let days = target.julianOffset - held.fromDay.julianOffset
        guard days != 0 else { return }
        delegate?.monthGrid(self, didMove: held.entry, byDays: days, droppedOn: target)
    }
}
