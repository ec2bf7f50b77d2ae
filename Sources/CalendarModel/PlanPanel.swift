/// The plan panel's state: its settled position, a drag in progress, and the decisions
/// FloatingPanel makes (where a released drag settles, when a scroll moves the panel instead of
/// the list). Plain value, no GTK: the view measures a `PanelGeometry`, reports gestures here
/// and draws `currentTop(in:)`, animating between tops with `PanelAnimation`.
public struct PlanPanel: Equatable, Sendable {
    /// How far ahead a released drag is projected, in seconds of its velocity: the time UIKit's
    /// normal deceleration rate takes to bring a flick nearly to rest.
    public static let projectionTime = 0.2
    /// From this speed (points per second) a flick is deliberate enough to carry the panel all
    /// the way in its direction, tip to full or full to tip.
    public static let fastFlickSpeed = 1_500.0

    /// Where the panel rests (during a drag: where it rested before, until the drag ends).
    public private(set) var position: PanelPosition
    /// While the user drags the handle: the top edge under the pointer (clamped), else nil.
    public private(set) var dragTop: Double?
    /// The top edge when the drag began; translations are relative to it.
    private var dragStartTop: Double?

    public init(position: PanelPosition = .half) {
        self.position = position
    }

    /// Whether the user is dragging the handle.
    public var isDragging: Bool { dragTop != nil }

    /// Where the top edge is drawn now (the drag if any, else the settled position).
    public func currentTop(in geometry: PanelGeometry) -> Double {
        // Clamped again: the window may have been resized during the drag.
        dragTop.map(geometry.clampedTop) ?? geometry.top(for: position)
    }

    // MARK: Dragging

    /// Starts following the pointer from where the edge is drawn now (a new drag during a drag
    /// starts over from the current edge).
    public mutating func beginDrag(in geometry: PanelGeometry) {
        let top = currentTop(in: geometry)
        dragStartTop = top
        dragTop = top
    }

    /// `translation`: pointer movement since the drag began (positive = down). The edge follows
    /// it, held between full's and tip's tops. Begins the drag if `beginDrag` was not called;
    /// a non-finite translation (a confused device) is ignored.
    public mutating func drag(translation: Double, in geometry: PanelGeometry) {
        if dragStartTop == nil { beginDrag(in: geometry) }
        guard translation.isFinite, let start = dragStartTop else { return }
        dragTop = geometry.clampedTop(start + translation)
    }

    /// Ends the drag; `velocity` in points per second (positive = moving down). Picks the
    /// position nearest to where momentum would carry the panel (the top projected by
    /// `velocity × projectionTime`), but a slow flick moves at most one position beyond the one
    /// nearest to where the pointer let go; a fast flick (|v| > `fastFlickSpeed`) goes all the
    /// way in its direction, so it may go from tip to full. Ties keep the current position.
    /// Without a drag in progress nothing changes. Returns the new settled position.
    @discardableResult
    public mutating func endDrag(velocity: Double, in geometry: PanelGeometry) -> PanelPosition {
        guard let top = dragTop else { return position }
        dragTop = nil
        dragStartTop = nil
        position = settledPosition(releasedAt: geometry.clampedTop(top), velocity: velocity, in: geometry)
        return position
    }

    private func settledPosition(releasedAt top: Double, velocity: Double, in geometry: PanelGeometry)
        -> PanelPosition {
        let speed = velocity.isFinite ? velocity : 0
        if abs(speed) > Self.fastFlickSpeed { return speed < 0 ? .full : .tip }
        let released = nearest(to: top, preferring: position, in: geometry)
        let projected = geometry.clampedTop(top + speed * Self.projectionTime)
        let target = nearest(to: projected, preferring: released, in: geometry)
        // A slow flick never skips: in a small window 0.2 s of momentum can cross two positions.
        if abs(target.level - released.level) > 1 {
            return target > released ? released.raised : released.lowered
        }
        return target
    }

    /// The nearest position to `top`, keeping `preferred` when it is exactly as near: tops can
    /// coincide in a tiny area, and a still release must not move the panel's state.
    private func nearest(to top: Double, preferring preferred: PanelPosition, in geometry: PanelGeometry)
        -> PanelPosition {
        let nearest = geometry.nearestPosition(toTop: top)
        let preferredDistance = abs(geometry.top(for: preferred) - top)
        return preferredDistance <= abs(geometry.top(for: nearest) - top) ? preferred : nearest
    }

    // MARK: Other ways to move

    /// Settles at `position` at once (keyboard, shortcut, a restored setting); ends a drag.
    public mutating func move(to position: PanelPosition) {
        self.position = position
        dragTop = nil
        dragStartTop = nil
    }

    /// Selecting a day while at tip raises the panel to half so the day's plans show; at half
    /// or full, or while the user holds the handle, nothing moves. Returns whether it moved.
    @discardableResult
    public mutating func daySelected() -> Bool {
        guard position == .tip, !isDragging else { return false }
        position = .half
        return true
    }

    // MARK: Scroll hand-off

    /// What a scroll gesture over the list does: move the panel or scroll the list.
    public enum ScrollDecision: Equatable, Sendable {
        case movePanel(to: PanelPosition)
        case scrollList
    }

    /// FloatingPanel's scroll hand-off. `listOffset`: the list's scroll offset (0 = top,
    /// negative while rubber-banding); `delta`: the gesture's scroll amount (positive = would
    /// increase the offset, i.e. move the content up / scroll down).
    ///
    /// - tip: scrolling down raises the panel to half; scrolling up scrolls the (hidden) list.
    /// - half: scrolling down raises the panel to full first and does not scroll; scrolling up
    ///   scrolls the list (FloatingPanel never lowers from half by scrolling).
    /// - full: scrolling up with the list at its top (offset ≤ 0) lowers the panel to half;
    ///   anything else scrolls the list.
    ///
    /// No movement (or a NaN delta) and any scroll during a drag leave the panel alone.
    public func scrollDecision(listOffset: Double, delta: Double) -> ScrollDecision {
        guard !isDragging, delta != 0, !delta.isNaN else { return .scrollList }
        switch position {
        case .tip:
            return delta > 0 ? .movePanel(to: .half) : .scrollList
        case .half:
            return delta > 0 ? .movePanel(to: .full) : .scrollList
        case .full:
            // NaN offset: unknown, so the list keeps the gesture.
            return delta < 0 && listOffset <= 0 ? .movePanel(to: .half) : .scrollList
        }
    }
}
