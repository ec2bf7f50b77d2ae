import CalendarModel
import Foundation
import GtkKit

/// The week view's pointer and keyboard: drags that move a plan or change its end, double
/// clicks on free time, Shift+wheel paging, and the keys that do the same.
extension WeekView {
    func connectInput() {
        let drag = DragGesture(on: body, phase: .capture)
        drag.onBegin { [weak self] x, y in self?.beginDrag(x: x, y: y) }
        drag.onUpdate { [weak self] dx, dy in self?.updateDrag(dx: dx, dy: dy) }
        drag.onEnd { [weak self] _, _ in self?.endDrag() }
        self.drag = drag

        let clicks = ClickGesture(on: body, phase: .bubble)
        clicks.onPressedAt { [weak self] count, x, y in self?.pressed(count: count, x: x, y: y) }
        self.clicks = clicks

        // Capture: Shift+wheel pages before the scrolled window turns it into a sideways scroll.
        let scroll = ScrollController(bothAxesOn: root, phase: .capture)
        scroll.onScrollBothAxes { [weak self, weak scroll] dx, dy in
            guard let self, let scroll, scroll.currentModifiers == .shift else { return false }
            let delta = dy != 0 ? dy : dx
            guard delta != 0 else { return false }
            self.delegate?.weekView(self, didNavigate: .pages(delta > 0 ? 1 : -1))
            return true
        }
        self.scroll = scroll

        keys = KeyController(on: root, phase: .capture)
        keys?.onKeyPressed { [weak self] key, modifiers in self?.handleKey(key, modifiers) ?? false }
    }

    private var columnWidth: Double {
        Double(body.allocatedWidth) / Double(max(1, state?.span.count ?? 1))
    }

    /// The point's column and its share across that column.
    private func place(x: Double) -> (column: Int, share: Double)? {
        guard let column = column(atX: x), columnWidth > 0 else { return nil }
        let fromStart = body.isRightToLeft ? Double(body.allocatedWidth) - x : x
        return (column, (fromStart - Double(column) * columnWidth) / columnWidth)
    }

    private func beginDrag(x: Double, y: Double) {
        dragging = nil
        guard let (column, share) = place(x: x), let hit = columns[column].block(atX: share, y: y) else { return }
        dragging = WeekDrag(entry: hit.entry, kind: hit.onBottomEdge ? .resize : .move, column: column)
    }

    private func updateDrag(dx: Double, dy: Double) {
        guard var held = dragging else { return }
        if !held.isActive {
            guard dx * dx + dy * dy >= 36 else { return }
            held.isActive = true
            // The block's own click is cancelled: a plan dragged away is not also selected.
            drag?.claim()
        }
        held.follow(dx: dx, dy: dy, columnWidth: columnWidth, rightToLeft: body.isRightToLeft,
                    columns: state?.span.count ?? 7)
        dragging = held
        showPreview(of: held)
    }

    /// A drop leaves the preview where the plan goes until the week is drawn again with the
    /// plan there (the save and the re-read happen off the main thread), or until the window's
    /// saves settle (`dropSettled`; for a repeating plan that is as its question opens).
    private func endDrag() {
        guard let held = dragging, held.isActive, held.changes else {
            dragging = nil
            dragPreview.isVisible = false
            return
        }
        dragging = nil
        delegate?.weekView(self, didMove: held.entry, to: held.timing(in: formatter.calendar))
    }

    /// The dropped plan's edit is saved and read back, or came to nothing: the preview goes.
    func dropSettled() {
        guard dragging == nil else { return } // a second drag is showing its own
        dragPreview.isVisible = false
    }

    /// A box where the plan would go, saying its new time.
    private func showPreview(of held: WeekDrag) {
        guard let state else { return }
        let calendar = formatter.calendar
        let timing = held.timing(in: calendar)
        guard case let .timed(start, end) = timing else {
            dragPreview.isVisible = false
            return
        }
        let column = min(max(held.column + held.days, 0), state.span.count - 1)
        let day = state.span.first.adding(days: column)
        let dayStart = day.start(in: calendar)
        let pixels = gridHours * Self.hourHeight
        // A plan dragged past midnight shows its preview at the grid's edge.
        let top = min(max(0, start.timeIntervalSince(dayStart) / 3_600 * Self.hourHeight), pixels - 12)
        let bottom = min(pixels, max(top + 12, end.timeIntervalSince(dayStart) / 3_600 * Self.hourHeight))
        let share = 1.0 / Double(state.span.count)
        var moved = held.entry.plan
        moved.timing = timing
        dragPreview.text = formatter.rangeText(for: moved)
        dragPreview.isVisible = true
        body.place(dragPreview, x: Double(column) * share, width: share, y: top / pixels, height: (bottom - top) / pixels)
    }

    /// A click on free time selects its day; a double click there makes a plan starting then.
    private func pressed(count: Int, x: Double, y: Double) {
        guard let state, let (column, share) = place(x: x), columns[column].block(atX: share, y: y) == nil else { return }
        let day = state.span.first.adding(days: column)
        if count == 2 {
            delegate?.weekView(self, didRequestNewPlanAt: instant(atY: y, on: day))
        } else if count == 1, day != state.selection {
            delegate?.weekView(self, didSelect: day)
        }
    }

    /// Ctrl+arrows move the focused plan (a quarter hour, a day), Ctrl+Shift+Up/Down its end,
    /// Enter edits it, Delete deletes it (or the plan last clicked); Left/Right move the
    /// selected day, Page Up/Down page, Home goes to today.
    private func handleKey(_ key: Key, _ modifiers: Modifiers) -> Bool {
        let forward = root.isRightToLeft ? -1 : 1
        if key == .delete, modifiers.isEmpty, let entry = focusedEntry ?? selectedEntry {
            delegate?.weekView(self, didRequestDeleteOf: entry)
            return true
        }
        if let entry = focusedEntry {
            let calendar = formatter.calendar
            var timing: PlanTiming?
            switch (key, modifiers) {
            case (.enter, []):
                delegate?.weekView(self, didActivatePlan: entry)
                return true
            case (.up, .control): timing = entry.plan.timing.moved(days: 0, minutes: -Self.snapMinutes, calendar: calendar)
            case (.down, .control): timing = entry.plan.timing.moved(days: 0, minutes: Self.snapMinutes, calendar: calendar)
            case (.left, .control): timing = entry.plan.timing.moved(days: -forward, minutes: 0, calendar: calendar)
            case (.right, .control): timing = entry.plan.timing.moved(days: forward, minutes: 0, calendar: calendar)
            case (.up, [.control, .shift]): timing = entry.plan.timing.endMoved(minutes: -Self.snapMinutes)
            case (.down, [.control, .shift]): timing = entry.plan.timing.endMoved(minutes: Self.snapMinutes)
            default: break
            }
            if let timing {
                if timing != entry.plan.timing { delegate?.weekView(self, didMove: entry, to: timing) }
                return true
            }
        }
        guard let navigation = CalendarNavigation.forWeekKey(key, modifiers, rightToLeft: root.isRightToLeft) else {
            return false
        }
        delegate?.weekView(self, didNavigate: navigation)
        return true
    }

    /// The column at `x` (body coordinates), mirrored in right-to-left layouts.
    func column(atX x: Double) -> Int? {
        guard let state, body.allocatedWidth > 0 else { return nil }
        let width = Double(body.allocatedWidth)
        let share = (body.isRightToLeft ? width - x : x) / width
        return min(max(Int(share * Double(state.span.count)), 0), state.span.count - 1)
    }

    /// The instant at `y` in the column of `day`, by the day's real clock, rounded to `snapMinutes`.
    func instant(atY y: Double, on day: CalendarDay) -> Date {
        let calendar = formatter.calendar
        let start = day.start(in: calendar)
        let dayLength = day.adding(days: 1).start(in: calendar).timeIntervalSince(start)
        let seconds = min(max(0, y / Self.hourHeight * 3_600), dayLength - Double(Self.snapMinutes * 60))
        let step = Double(Self.snapMinutes * 60)
        return start.addingTimeInterval((seconds / step).rounded(.down) * step)
    }
}
