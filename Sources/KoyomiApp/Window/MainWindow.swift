import CalendarModel
import Foundation
import GtkKit

/// What the window itself reports: Escape, wherever the focus is (outside search). The
/// window's other keys are its actions' accelerators (WindowActions.swift).
@MainActor
protocol MainWindowDelegate: AnyObject {
    func mainWindow(_ window: MainWindow, didNavigate navigation: CalendarNavigation)
}

/// The calendar window: header bar with paging and the view switch, the error strip, and the
/// month grid or the week view with the plan panel over its lower part (or beside it in a
/// wide window).
@MainActor
final class MainWindow {
    weak var delegate: MainWindowDelegate?
    /// What the toast's Undo button does now.
    private var toastUndo: (@MainActor () -> Void)?
    /// Escape and the search bar's keys (they depend on where the focus is).
    private var keys: KeyController?
    /// Follows libadwaita's dark style, for colour rules that depend on it.
    private var darkStyle: SignalConnection?
    /// The plan shown in a details dialog, if one is open.
    private(set) var detailsDialog: MessageDialog?
    let window: Window
    let header = CalendarHeader()
    let errors = ErrorArea()
    let grid: MonthGridView
    let week: WeekView
    let day: WeekView
    /// The year view, whose widgets are made the first time it is shown.
    let year: YearPage
    /// Every view of days, in the view switch's order: the one list a new view joins.
    let calendarViews: [CalendarView]
    /// Holds the views; one of them is shown (`show(_:)`).
    private let views = Box(.vertical)
    let planList: PlanListView
    let planPanel: PlanPanelView
    let panelLayout: PanelLayout
    /// Search (Ctrl+F): the bar under the header, and the results shown in place of the plan list.
    let searchEntry = SearchEntry()
    let searchBar: SearchBar
    let searchResults: SearchResultsView
    /// Toasts ("“Dentist” deleted — Undo") over the whole content.
    let toasts = ToastOverlay()
    /// The toast on screen now, kept for its Undo handler (and for tests).
    private(set) var currentToast: Toast?

    init(application: Application, formatter: CalendarFormatter, colors: ColorClasses, now: @escaping () -> Date) {
        window = Window(application: application)
        window.title = "Koyomi"
        window.setDefaultSize(width: 720, height: 760)

        grid = MonthGridView(formatter: formatter, colors: colors)
        planList = PlanListView(formatter: formatter, colors: colors)
        searchResults = SearchResultsView(colors: colors)
        planPanel = PlanPanelView(list: planList, results: searchResults)
        week = WeekView(formatter: formatter, colors: colors, now: now)
        day = WeekView(kind: .day, formatter: formatter, colors: colors, now: now)
        year = YearPage(formatter: formatter, colors: colors)
        calendarViews = [grid, week, day, year]
        for view in calendarViews {
            view.rootWidget.isVisible = view.kind == .month
            view.rootWidget.vexpand = true
            views.append(view.rootWidget)
        }
        panelLayout = PanelLayout(grid: views, panel: planPanel.root)
        searchBar = SearchBar(entry: searchEntry)
        // TRANSLATORS: the hint in the empty search field, and its name for screen readers.
        searchEntry.setPlaceholder(L("Search plans"))
        searchEntry.accessibleLabel = L("Search plans")
        // Matching is a few milliseconds even at 100,000 plans: answer every keystroke at once.
        searchEntry.setSearchDelay(milliseconds: 0)
        searchEntry.hexpand = true

        let content = Box(.vertical)
        content.append(header.headerBar)
        content.append(searchBar)
        content.append(errors.root)
        content.append(panelLayout.root)
        toasts.setChild(content)
        window.setContent(toasts)
        window.setHelpOverlayWhenAsked(builderXML: ShortcutsOverlay.xml(rightToLeft: window.isRightToLeft),
                                       objectID: ShortcutsOverlay.objectID, translationDomain: "koyomi")
        followDarkStyle()
        // Before the window's surfaces go (closed, or destroyed): no popover left holding the keyboard.
        window.onSignal("unrealize") { [weak self] in self?.header.closePopovers() }
        header.searchButton.onClicked { [weak self] in
            guard let self else { return }
            self.searchBar.isSearchMode ? self.closeSearch() : self.openSearch()
        }
        keys = KeyController(on: window)
        keys?.onKeyPressed { [weak self] key, modifiers in
            guard let self else { return false }
            if self.searchBar.isSearchMode, let handled = self.handleSearchKey(key, modifiers) {
                return handled
            }
            guard key == .escape && modifiers.isEmpty else { return false }
            self.delegate?.mainWindow(self, didNavigate: .deselect)
            return true
        }
    }

    /// Shows one view of days in the views' place (the plan panel stays).
    func show(_ kind: CalendarViewKind) {
        for view in calendarViews { view.rootWidget.isVisible = view.kind == kind }
    }

    /// Gives the keyboard to the view on screen (its selected day), never to a hidden one.
    func focusShownView() {
        calendarViews.first { $0.rootWidget.isVisible }?.focusBestCell()
    }

    isolated deinit {
        // The style manager lives as long as the process; don't leave a handler behind.
        darkStyle?.disconnect()
    }

    // MARK: Toasts

    /// Shows a short message at the bottom; with `undo`, an Undo button that calls it. A new
    /// toast replaces the one on screen (its Undo would now undo the newer change).
    func showToast(_ title: String, undo: (@MainActor () -> Void)? = nil) {
        toastUndo = undo
        // TRANSLATORS: the button on a toast that takes the change back.
        let button = undo == nil ? nil : L("_Undo")
        // One toast at a time, changed in place and shown again (which restarts its timeout),
        // as libadwaita's own undo example does. Dismissing it for a new one instead crashes
        // libadwaita 1.2 when toasts follow in quick succession (Ctrl+Z held down).
        if let toast = currentToast {
            toast.title = title
            toast.buttonLabel = button
            toasts.add(toast)
            return
        }
        let toast = Toast(title: title)
        toast.buttonLabel = button
        toast.onButtonClicked { [weak self] in self?.toastUndo?() }
        toast.onDismissed { [weak self, weak toast] in
            if let self, self.currentToast === toast { self.currentToast = nil }
        }
        currentToast = toast
        toasts.add(toast)
    }

    // MARK: Search

    /// Opens the search bar (or keeps it open) and puts the focus in its field.
    func openSearch() {
        searchBar.isSearchMode = true
        searchEntry.grabFocus()
    }

    func closeSearch() {
        searchBar.isSearchMode = false
    }

    /// While searching, the results take the plan list's place in the panel.
    func showSearchResults(_ show: Bool) {
        planPanel.isSearching = show
    }

    /// Keys while the search bar is open: Escape closes it wherever the focus is, Down in the
    /// field goes to the results, and the arrows don't move the day selection from the field.
    /// Nil: not a search key, handle as usual.
    private func handleSearchKey(_ key: Key, _ modifiers: Modifiers) -> Bool? {
        if key == .escape && modifiers.isEmpty {
            closeSearch()
            return true
        }
        guard searchEntry.containsFocus else { return nil }
        if key == .down && modifiers.isEmpty {
            searchResults.focusFirstRow()
            return true
        }
        return [.up, .left, .right, .pageUp, .pageDown, .home, .end].contains(key) ? false : nil
    }

    /// Dot colours are adjusted for contrast against a light or a dark background
    /// (`ColorClasses`); GTK 4.8's CSS has no media queries, so the window carries a class.
    private func followDarkStyle() {
        darkStyle = ColorClasses.followDarkStyle(on: window)
    }

    /// Shows a plan's details in a dialog over the window (read-only for now): when (its day
    /// or days, and its time), its calendar, place and notes.
    func showDetails(of row: PlanRow) {
        var lines = row.whenText
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
