/// Where the plan panel rests: a handle bar only (`tip`), sharing the window with the grid
/// (`half`), or covering the grid but for a one-week strip (`full`). Ordered tip < half < full;
/// "raised" means towards full. The raw values are what the settings file stores.
public enum PanelPosition: String, CaseIterable, Comparable, Sendable {
    case tip, half, full

    /// One position higher (Up on the focused handle); full stays full.
    public var raised: PanelPosition {
        switch self {
        case .tip: .half
        case .half, .full: .full
        }
    }

    /// One position lower (Down on the focused handle); tip stays tip.
    public var lowered: PanelPosition {
        switch self {
        case .full: .half
        case .half, .tip: .tip
        }
    }

    /// The next position round the cycle tip → half → full → tip, for the one shortcut that
    /// reaches every position.
    public var cycled: PanelPosition {
        switch self {
        case .tip: .half
        case .half: .full
        case .full: .tip
        }
    }

    /// 0 for tip, 1 for half, 2 for full: how many steps above the lowest position.
    var level: Int {
        switch self {
        case .tip: 0
        case .half: 1
        case .full: 2
        }
    }

    public static func < (lhs: PanelPosition, rhs: PanelPosition) -> Bool {
        lhs.level < rhs.level
    }
}
