import CalendarModel
import GtkKit

/// What the window itself reports: shortcuts that work wherever the focus is.
@MainActor
protocol MainWindowDelegate: AnyObject {
    func mainWindow(_ window: MainWindow, didNavigate navigation: CalendarNavigation)
    /// F9: move the plan panel to its next position.
    func mainWindowDidRequestPanelCycle(_ window: MainWindow)
}

/// The calendar window: header bar with the pager, the error strip, and the month grid with
/// the plan panel over its lower part (or beside it in a wide window).
@MainActor
final class MainWindow {
    weak var delegate: MainWindowDelegate?
    private var keys: KeyController?
    /// Follows libadwaita's dark style, for colour rules that depend on it.
    private var darkStyle: SignalConnection?
    /// The plan shown in a details dialog, if one is open.
    private(set) var detailsDialog: MessageDialog?
    let window: Window
    let pager = MonthPager()
    let errors = ErrorArea()
    let grid: MonthGridView
    let planList: PlanListView
    let planPanel: PlanPanelView
    let panelLayout: PanelLayout

    init(application: Application, formatter: CalendarFormatter, colors: ColorClasses) {
        window = Window(application: application)
        window.title = "Koyomi"
        window.setDefaultSize(width: 720, height: 760)

        grid = MonthGridView(formatter: formatter, colors: colors)
        planList = PlanListView(formatter: formatter, colors: colors)
        planPanel = PlanPanelView(list: planList)
        panelLayout = PanelLayout(grid: grid.root, panel: planPanel.root)

        let content = Box(.vertical)
        content.append(pager.headerBar)
        content.append(errors.root)
        content.append(panelLayout.root)
        window.setContent(content)
        window.setHelpOverlay(builderXML: ShortcutsOverlay.xml, objectID: ShortcutsOverlay.objectID,
                              translationDomain: "koyomi")
        followDarkStyle()
        keys = KeyController(on: window)
        keys?.onKeyPressed { [weak self] key, modifiers in
            guard let self else { return false }
            if key == .letter("w") && modifiers == .control {
                self.window.close()
                return true
            }
            if key == .function(9) && modifiers.isEmpty {
                self.delegate?.mainWindowDidRequestPanelCycle(self)
                return true
            }
            guard let navigation = CalendarNavigation.forWindowKey(
                key, modifiers, rightToLeft: self.window.isRightToLeft) else { return false }
            self.delegate?.mainWindow(self, didNavigate: navigation)
            return true
        }
    }

    isolated deinit {
        // The style manager lives as long as the process; don't leave a handler behind.
        darkStyle?.disconnect()
    }

    /// Dot colours are adjusted for contrast against a light or a dark background
    /// (`ColorClasses`); GTK 4.8's CSS has no media queries, so the window carries a class.
    private func followDarkStyle() {
        let style = StyleManager.default
        let sync: @MainActor () -> Void = { [weak window] in
            window?.setCSSClass(ColorClasses.darkStyleClass, style.isDark)
        }
        sync()
        darkStyle = style.onNotify("dark", sync)
    }

    /// Shows a plan's details in a dialog over the window (read-only for now).
    func showDetails(of row: PlanRow) {
        var lines = [row.rangeText]
        if !row.calendarName.isEmpty { lines.append(row.calendarName) }
        if let location = row.location { lines.append(location) }
        if let notes = row.notes { lines.append("\n" + notes) }
        let dialog = MessageDialog(parent: window, heading: row.title, body: lines.joined(separator: "\n"))
        dialog.addResponse("close", label: L("_Close"), isDefault: true)
        dialog.onResponse { [weak self] _ in self?.detailsDialog = nil }
        detailsDialog = dialog
        dialog.present()
    }
}
