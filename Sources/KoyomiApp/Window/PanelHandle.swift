import CalendarModel
import GtkKit

/// What the panel's handle bar reports.
@MainActor
protocol PanelHandleDelegate: AnyObject {
    func panelHandleDidBeginDrag(_ handle: PanelHandle)
    /// `offset`: how far the pointer moved down since the drag began (negative = up), measured
    /// in the handle's own coordinates (which move with the panel).
    func panelHandle(_ handle: PanelHandle, didDrag offset: Double)
    func panelHandle(_ handle: PanelHandle, didEndDrag offset: Double)
    /// Up (raise), Down (lower) or Enter/Space (cycle) on the focused handle.
    func panelHandle(_ handle: PanelHandle, didRequest move: PanelHandle.Move)
}

/// The bar at the top of the plan panel: a grabber and the selected day with its plan count.
/// It is what you drag, and a focusable control for the keyboard and screen readers.
@MainActor
final class PanelHandle {
    enum Move { case raise, lower, cycle }

    weak var delegate: PanelHandleDelegate?
    let root = Box(.vertical, spacing: 4)
    let title = Label()
    private let grabber = Box(.horizontal)
    private var drag: DragGesture?
    private var keys: KeyController?

    init() {
        grabber.addCSSClass("panel-grabber")
        grabber.halign = .center
        title.addCSSClass("panel-title")
        title.ellipsis = .end
        root.addCSSClass("panel-handle")
        root.append(grabber)
        root.append(title)
        root.isFocusable = true

        let drag = DragGesture(on: root)
        drag.onBegin { [weak self] _, _ in
            guard let self else { return }
            self.root.grabFocus()
            self.delegate?.panelHandleDidBeginDrag(self)
        }
        drag.onUpdate { [weak self] _, dy in
            guard let self else { return }
            self.delegate?.panelHandle(self, didDrag: dy)
        }
        drag.onEnd { [weak self] _, dy in
            guard let self else { return }
            self.delegate?.panelHandle(self, didEndDrag: dy)
        }
        self.drag = drag

        let keys = KeyController(on: root)
        keys.onKeyPressed { [weak self] key, modifiers in
            guard let self, modifiers.isEmpty else { return false }
            let move: Move
            switch key {
            case .up: move = .raise
            case .down: move = .lower
            case .enter, .letter(" "): move = .cycle
            default: return false
            }
            self.delegate?.panelHandle(self, didRequest: move)
            return true
        }
        self.keys = keys
    }

    /// Beside the grid the panel does not move: the bar only titles the list.
    var isMovable = true {
        didSet {
            grabber.isVisible = isMovable
            root.isFocusable = isMovable
        }
    }

    /// Shows what the panel holds, and says where it is to a screen reader.
    func render(title text: String, positionName: String) {
        title.text = text
        // TRANSLATORS: the plan panel's handle, read by screen readers: %1$@ is where the panel
        // is ("half height"), %2$@ what it shows ("Sunday, November 29 · 2 plans").
        root.accessibleLabel = FormatterStrings.fill(L("Plan panel, %1$@: %2$@"), positionName, text)
        root.tooltip = L("Drag, or press Up and Down, to resize the plan panel")
    }
}
