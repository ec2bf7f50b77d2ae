import GtkKit

/// Lays out the month grid and the plan panel. The panel floats over the grid in an overlay:
/// stacked, it slides up from the bottom (FloatingPanel-style); in a wide window it stands
/// beside the grid at the end edge. One widget tree for both, so switching moves nothing.
@MainActor
final class PanelLayout {
    enum Mode: Equatable { case stacked, sideBySide }

    /// Windows at least this wide put the panel beside the grid.
    static let sideBySideWidth: Int32 = 900
    static let sideWidth: Int32 = 360

    let root = Overlay()
    private let gridArea: Widget
    /// Keeps the grid clear of the settled panel without raising the window's least size: a
    /// margin would, and a window narrowed in one step from side by side (grid + panel) to a
    /// phone's width would stop at that sum.
    private let insetBox: InsetBox
    private let panel: Widget

    /// Where the panel's top edge goes when stacked, asked on every allocation with the
    /// area's height.
    var panelTop: (Int32) -> Int32 = { _ in 0 }
    /// Told (before the next frame) when the area's size or the mode changed.
    var areaChanged: (_ width: Int32, _ height: Int32, _ mode: Mode) -> Void = { _, _, _ in }
    /// Told (before the next frame) the width left for the month grid or week view: the
    /// area's, less the panel's beside it.
    var viewWidthChanged: (_ width: Int32) -> Void = { _ in }
    private(set) var mode: Mode = .stacked
    private(set) var area: (width: Int32, height: Int32) = (0, 0)

    init(grid: Widget, panel: Widget) {
        gridArea = grid
        self.panel = panel
        insetBox = InsetBox(child: grid)
        insetBox.vexpand = true
        insetBox.hexpand = true
        root.vexpand = true
        root.setChild(insetBox)
        root.addOverlay(panel)
        root.placeOverlay(panel) { [weak self] width, height in
            guard let self else { return Overlay.Rect(x: 0, y: 0, width: width, height: height) }
            self.noteArea(width, height)
            if width >= Self.sideBySideWidth {
                let x = self.root.isRightToLeft ? 0 : width - Self.sideWidth
                return Overlay.Rect(x: x, y: 0, width: Self.sideWidth, height: height)
            }
            let top = min(max(0, self.panelTop(height)), height)
            return Overlay.Rect(x: 0, y: top, width: width, height: height - top)
        }
    }

    private func noteArea(_ width: Int32, _ height: Int32) {
        guard width != area.width || height != area.height else { return }
        area = (width, height)
        let newMode: Mode = width >= Self.sideBySideWidth ? .sideBySide : .stacked
        // Changing margins from inside an allocation is not allowed: defer to before the next frame.
        MainLoop.beforeNextFrame { [weak self] in
            guard let self else { return }
            self.mode = newMode
            self.areaChanged(width, height, newMode)
            self.viewWidthChanged(newMode == .sideBySide ? width - Self.sideWidth : width)
        }
    }

    /// Re-places the panel (after its top moved).
    func movePanel() { root.queueAllocate() }

    /// The grid's own minimum height.
    var gridMinimumHeight: Int32 { gridArea.minimumHeight }

    /// Keeps the grid clear of the settled panel, so no day hides under it (as far as the
    /// grid's own minimum size allows).
    func setGridInsets(bottom: Int32, end: Int32) {
        insetBox.setInsets(bottom: bottom, end: end)
    }
}
