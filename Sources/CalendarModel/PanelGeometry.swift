/// Where each position puts the panel's top edge, in points from the top of the area the
/// panel lives in (the content below the header bar). Bigger y = lower panel.
///
/// The GTK side measures the area and the handle; everything else is decided here, so the
/// tops are always ordered `full <= half <= tip` and inside `0...height`, whatever the
/// measurements (a window shorter than handle + strip, a zero height before the first
/// allocation, even non-finite numbers, which count as 0).
public struct PanelGeometry: Equatable, Sendable {
    /// The height of the whole area.
    public var height: Double
    /// The handle bar's height: all that `tip` shows.
    public var tipHeight: Double
    /// At `full`, the one-week strip (weekday header and one row) that stays visible above.
    public var stripHeight: Double
    /// The share of the area the panel takes at `half`: 40 %, the seed's 60/40 split.
    public var halfShare: Double = 0.4

    public init(height: Double, tipHeight: Double, stripHeight: Double, halfShare: Double = 0.4) {
        self.height = height
        self.tipHeight = tipHeight
        self.stripHeight = stripHeight
        self.halfShare = halfShare
    }

    /// The top edge at `position`. tip: `height - tipHeight`; half: `height * (1 - halfShare)`;
    /// full: `stripHeight`. When the area is too small for all three, the higher positions
    /// give way (full, then half, end at tip's top) rather than the handle leaving the area.
    public func top(for position: PanelPosition) -> Double {
        let area = Self.sanitized(height).clamped(0, .infinity)
        let tipTop = area - Self.sanitized(tipHeight).clamped(0, area)
        let fullTop = Self.sanitized(stripHeight).clamped(0, tipTop)
        switch position {
        case .tip:
            return tipTop
        case .full:
            return fullTop
        case .half:
            let share = Self.sanitized(halfShare).clamped(0, 1)
            return (area * (1 - share)).clamped(fullTop, tipTop)
        }
    }

    /// `top` kept between full's top and tip's top: where a dragged edge may go.
    /// A NaN top counts as tip's.
    public func clampedTop(_ top: Double) -> Double {
        top.isNaN ? self.top(for: .tip) : top.clamped(self.top(for: .full), self.top(for: .tip))
    }

    /// The position whose top is nearest to `top`. On an exact tie (a point halfway between two
    /// positions, or tops that coincide in a tiny area) half wins, then full: the panel then
    /// shows more of the list rather than hiding it.
    public func nearestPosition(toTop top: Double) -> PanelPosition {
        let target = clampedTop(top)
        var best = PanelPosition.half
        var bestDistance = abs(self.top(for: best) - target)
        for candidate in [PanelPosition.full, .tip] {
            let distance = abs(self.top(for: candidate) - target)
            if distance < bestDistance {
                best = candidate
                bestDistance = distance
            }
        }
        return best
    }

    private static func sanitized(_ value: Double) -> Double {
        value.isFinite ? value : 0
    }
}

extension Double {
    /// `self` limited to `lower...upper` (`upper` wins if they cross); NaN gives `lower`.
    func clamped(_ lower: Double, _ upper: Double) -> Double {
        guard !isNaN else { return lower }
        return Swift.min(Swift.max(self, lower), upper)
    }
}
