import GtkKit

/// The time grid's scroll while its plans move under the focus (issue 35): a moved plan's block
/// is refilled in time order, so the focus follows the plan to another block. GTK's viewport
/// scrolls to a block the moment it takes the focus, by where that block was last laid out (the
/// plan it showed before, or the top of the grid): the grid jumped away and the moved plan ended
/// off-screen. The scroll is kept instead, and moved only as far as the block needs to be seen
/// once it is laid out at its new place.
extension WeekView {
    func focusKeepingScroll(_ block: WeekPlanBlock) {
        let offset = scroller.verticalOffset
        _ = block.button.grabFocus()
        scroller.verticalOffset = offset
        root.afterNextPaint { [weak self, weak block] in
            guard let self, let block, block.button.hasFocus else { return }
            self.scrollToShow(block.button)
        }
    }

    /// Scrolls the grid by as little as brings `widget` (a block in it) wholly into sight, its
    /// top first when it is taller than the grid's visible part.
    func scrollToShow(_ widget: Widget) {
        guard let place = widget.bounds(relativeTo: body) else { return }
        let top = scroller.verticalOffset, visible = Double(scroller.allocatedHeight)
        if place.y + place.height > top + visible { scroller.verticalOffset = place.y + place.height - visible }
        if place.y < scroller.verticalOffset { scroller.verticalOffset = place.y }
    }
}
