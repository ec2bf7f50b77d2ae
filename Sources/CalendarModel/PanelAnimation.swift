/// An eased move of the panel's top edge, sampled on the frame clock by the GTK side:
/// `top(at: elapsed)` for each frame until `isFinished(at:)`.
public struct PanelAnimation: Equatable, Sendable {
    /// The shortest and longest move without momentum: a few points take `shortDuration`,
    /// `longDistance` points or more take `longDuration`.
    public static let shortDuration = 0.12
    public static let longDuration = 0.25
    public static let longDistance = 600.0
    /// Every duration lies in this range (a move of zero points takes no time at all).
    public static let durationRange = 0.08...0.3

    public var fromTop: Double
    public var toTop: Double
    /// In seconds; longer for longer moves, shorter when a flick already carries the panel.
    public var duration: Double

    /// `velocity` (points per second, positive = down) is the flick that started the move.
    /// Ease-out cubic starts at 3 × distance / duration; when the flick moves the right way
    /// faster than that, the duration shortens so the curve starts at the flick's own speed
    /// and the panel does not visibly brake at release (bounded by `durationRange`).
    public init(fromTop: Double, toTop: Double, velocity: Double = 0) {
        self.fromTop = fromTop
        self.toTop = toTop
        let distance = abs(toTop - fromTop)
        guard distance > 0, distance.isFinite else {
            duration = 0
            return
        }
        let share = min(distance / Self.longDistance, 1)
        var duration = Self.shortDuration + (Self.longDuration - Self.shortDuration) * share
        let speed = velocity.isFinite ? velocity : 0
        if speed * (toTop - fromTop) > 0 {
            duration = min(duration, 3 * distance / abs(speed))
        }
        self.duration = duration.clamped(Self.durationRange.lowerBound, Self.durationRange.upperBound)
    }

    /// The top edge `elapsed` seconds after the start: `fromTop` before it starts, eased out
    /// (fast first, gently arriving), and exactly `toTop` at and after `duration`.
    public func top(at elapsed: Double) -> Double {
        guard elapsed < duration else { return toTop }
        guard elapsed > 0 else { return fromTop }
        let remaining = 1 - elapsed / duration
        let progress = 1 - remaining * remaining * remaining
        return fromTop + (toTop - fromTop) * progress
    }

    /// Whether the edge has arrived, so the frame-clock callback can stop.
    public func isFinished(at elapsed: Double) -> Bool {
        elapsed >= duration
    }
}
