import CalendarModel
import GtkKit

/// Drives the plan panel: the model's state machine (`PlanPanel`) decides, this measures,
/// animates on the frame clock, hands scrolling over between list and panel, and remembers
/// the position in the settings.
@MainActor
final class PanelController: PanelHandleDelegate {
    private let layout: PanelLayout
    private let view: PlanPanelView
    private let list: PlanListView
    private let grid: MonthGridView
    private let settings: SettingsStore
    private(set) var panel: PlanPanel
    private(set) var geometry = PanelGeometry(height: 0, tipHeight: 56, stripHeight: 120)
    private var animation: (curve: PanelAnimation, start: Double?)?
    private var frames: FrameCallback?
    private var dragSamples: [(time: Double, translation: Double)] = []
    /// The panel's allocated top when the drag began. GTK reports drag offsets in the handle's
    /// own coordinates, and the handle moves with the panel: adding how far it has moved gives
    /// the pointer's real travel.
    private var dragStartAllocatedTop = 0.0

    private var allocatedTop: Double {
        view.root.bounds(relativeTo: layout.root)?.y ?? 0
    }
    private var scroll: ScrollController?

    init(layout: PanelLayout, view: PlanPanelView, list: PlanListView, grid: MonthGridView, settings: SettingsStore) {
        self.layout = layout
        self.view = view
        self.list = list
        self.grid = grid
        self.settings = settings
        panel = PlanPanel(position: settings.settings.panelPosition ?? .half)
        view.handle.delegate = self
        layout.panelTop = { [weak self] height in self?.top(forHeight: height) ?? 0 }
        layout.areaChanged = { [weak self] _, _, _ in self?.areaChanged() }
        // Bubble phase on the list itself: a scrollable nested inside a row consumes its own
        // scrolls before they reach here, so it keeps scrolling on its own.
        let scroll = ScrollController(on: list.listWidget)
        scroll.onScroll { [weak self] delta in self?.scrolled(delta) ?? false }
        self.scroll = scroll
    }

    // MARK: Positions

    var position: PanelPosition { panel.position }
    var isAnimating: Bool { animation != nil }
    var isSideBySide: Bool { layout.mode == .sideBySide }

    /// The panel's top edge as drawn now (during an animation, its current frame).
    var currentTop: Double {
        if let animation, let start = animation.start { return animation.curve.top(at: lastFrameTime - start) }
        if let animation { return animation.curve.fromTop }
        return panel.currentTop(in: geometry)
    }

    private var lastFrameTime = 0.0

    private func top(forHeight height: Int32) -> Int32 {
        if Double(height) != geometry.height { geometry.height = Double(height) }
        return Int32(currentTop.rounded())
    }

    /// Moves to `position` with an eased animation (keyboard, shortcut, selection, scroll).
    func move(to position: PanelPosition, velocity: Double = 0) {
        // Beside the grid the panel has one place; keys and F9 leave its stacked position alone.
        guard layout.mode == .stacked else { return }
        let from = currentTop
        panel.move(to: position)
        remember()
        animate(from: from, velocity: velocity)
    }

    /// A day was selected: at tip the panel rises to half, as the issue asks.
    func daySelected() {
        let from = currentTop
        if panel.daySelected() {
            remember()
            animate(from: from, velocity: 0)
        }
    }

    private func animate(from: Double, velocity: Double) {
        let to = panel.currentTop(in: geometry)
        settle(partly: true)
        guard layout.mode == .stacked, abs(to - from) > 0.5 else {
            animation = nil
            layout.movePanel()
            settle(partly: false)
            return
        }
        animation = (PanelAnimation(fromTop: from, toTop: to, velocity: velocity), nil)
        // One frame callback at a time: a new move replaces a running one.
        frames?.cancel()
        frames = layout.root.onEveryFrame { [weak self] now in
            guard let self, var running = self.animation else {
                self?.frames?.isFinished = true
                return false
            }
            if running.start == nil {
                running.start = now
                self.animation = running
            }
            self.lastFrameTime = now
            let finished = running.curve.isFinished(at: now - (running.start ?? now))
            if finished {
                self.animation = nil
                self.frames?.isFinished = true
            }
            self.layout.movePanel()
            if finished { self.settle(partly: false) }
            return !finished
        }
    }

    /// Applies what depends on the settled position. `partly`: only what must change before the
    /// panel starts moving (leaving full shows the whole month again under the panel).
    private func settle(partly: Bool) {
        let position = panel.position
        if position != .full || layout.mode == .sideBySide {
            grid.showOnlyRow(containing: nil)
        }
        // Collapsed, the list is out of sight: it must not take the focus (Tab stops at the
        // handle). It shows again before the panel starts to rise.
        if position != .tip || layout.mode == .sideBySide { view.isCollapsed = false }
        guard !partly else { return }
        if position == .tip && layout.mode == .stacked { view.isCollapsed = true }
        if layout.mode == .stacked {
            if position == .full { grid.showOnlyRow(containing: grid.focusDay) }
            // The grid keeps to what the panel leaves visible (at full: the one-week strip), but
            // never below its own minimum, which would make the window grow.
            let visible = max(panel.currentTop(in: geometry), Double(layout.gridMinimumHeight))
            layout.setGridInsets(bottom: Int32(max(0, geometry.height - visible)), end: 0)
        } else {
            layout.setGridInsets(bottom: 0, end: PanelLayout.sideWidth)
        }
        view.setSideBySide(layout.mode == .sideBySide)
        renderHandle()
    }

    /// Remembers where the user put the panel (for the next start). Called for the user's moves
    /// (and the rise a selection at tip causes), not when the panel merely settles, as at
    /// start-up; the store writes only when the value really changes.
    private func remember() {
        let position = panel.position
        settings.update { $0.panelPosition = position }
    }

    /// The area was resized or switched layout: measure again and re-place the panel.
    private func areaChanged() {
        measure()
        frames?.cancel()
        animation = nil
        layout.movePanel()
        settle(partly: false)
    }

    private func measure() {
        // The strip is the weekday header and one week at its natural height (plus the grid's
        // margins), whatever height the rows have while all six show.
        let tip = Double(max(view.handle.root.naturalHeight, 40))
        let strip = Double(grid.weekdayHeaderHeight + grid.rowHeight + 20)
        geometry = PanelGeometry(height: Double(layout.area.height), tipHeight: tip, stripHeight: strip)
    }

    // MARK: What the handle says

    private var handleTitle = ""

    func setHandleTitle(_ text: String) {
        handleTitle = text
        renderHandle()
    }

    private func renderHandle() {
        let names: [PanelPosition: String] = [.tip: L("collapsed"), .half: L("half height"), .full: L("full height")]
        view.handle.render(title: handleTitle, positionName: names[panel.position] ?? "")
    }

    // MARK: PanelHandleDelegate

    func panelHandleDidBeginDrag(_ handle: PanelHandle) {
        guard layout.mode == .stacked else { return }
        // Catch a moving panel where it is.
        if animation != nil {
            let top = currentTop
            animation = nil
            panel.move(to: geometry.nearestPosition(toTop: top))
        }
        settle(partly: true)
        panel.beginDrag(in: geometry)
        dragStartAllocatedTop = allocatedTop
        dragSamples = [(monotonicSeconds(), 0)]
    }

    func panelHandle(_ handle: PanelHandle, didDrag offset: Double) {
        guard layout.mode == .stacked, panel.dragTop != nil else { return }
        let translation = offset + allocatedTop - dragStartAllocatedTop
        panel.drag(translation: translation, in: geometry)
        dragSamples.append((monotonicSeconds(), translation))
        if dragSamples.count > 6 { dragSamples.removeFirst(dragSamples.count - 6) }
        layout.movePanel()
    }

    func panelHandle(_ handle: PanelHandle, didEndDrag offset: Double) {
        guard layout.mode == .stacked, panel.dragTop != nil else { return }
        let translation = offset + allocatedTop - dragStartAllocatedTop
        panel.drag(translation: translation, in: geometry)
        dragSamples.append((monotonicSeconds(), translation))
        let velocity = Self.velocity(of: dragSamples)
        let from = panel.currentTop(in: geometry)
        panel.endDrag(velocity: velocity, in: geometry)
        remember()
        animate(from: from, velocity: velocity)
    }

    func panelHandle(_ handle: PanelHandle, didRequest move: PanelHandle.Move) {
        switch move {
        case .raise: self.move(to: panel.position.raised)
        case .lower: self.move(to: panel.position.lowered)
        case .cycle: self.move(to: panel.position.cycled)
        }
    }

    /// Points per second over the last ~100 ms of the drag (momentum for the snap).
    static func velocity(of samples: [(time: Double, translation: Double)]) -> Double {
        guard let last = samples.last else { return 0 }
        let recent = samples.filter { last.time - $0.time <= 0.1 }
        guard let first = recent.first, last.time - first.time > 0.005 else { return 0 }
        return (last.translation - first.translation) / (last.time - first.time)
    }

    private func monotonicSeconds() -> Double { MainLoop.monotonicSeconds }

    // MARK: Scroll hand-off

    private func scrolled(_ delta: Double) -> Bool {
        guard layout.mode == .stacked, animation == nil else { return animation != nil }
        switch panel.scrollDecision(listOffset: list.scrollOffset, delta: delta) {
        case let .movePanel(to: position):
            move(to: position)
            return true
        case .scrollList:
            return false
        }
    }
}
