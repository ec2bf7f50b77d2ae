import CalendarModel
import GtkKit

/// The header bar: the month (or the week's days) in the middle; Today, Previous / Next and
/// the view switch at the start. Its buttons are bound to the window's actions by name
/// ("win.previous", "win.view" with a view's name…, WindowActions.swift): they report nothing
/// themselves.
@MainActor
final class CalendarHeader {
    let headerBar = HeaderBar()
    let title = Label()
    /// A second line under the month, e.g. that the window shows read-only samples.
    let subtitle = Label()
    let previousButton = Button(iconName: "go-previous-symbolic")
    let nextButton = Button(iconName: "go-next-symbolic")
    // TRANSLATORS: the header button that goes back to the current month and day.
    let todayButton = Button(label: L("Today"))
    /// The primary menu, as in every GNOME app: preferences, shortcuts, about.
    private let menu = Menu()
    /// What the header's own buttons do, at the top of the menu while the window is too narrow
    /// for them (`setCollapsed`).
    private let collapsedItems: Menu = {
        let section = Menu()
        // TRANSLATORS: primary menu items while the window is phone-sized and the header's buttons are folded away.
        section.append(L("Go to _Today"), action: "win.today")
        section.append(L("_New Plan…"), action: "win.new-plan")
        section.append(L("_Search"), action: "win.search")
        section.append(L("S_ync Now"), action: "win.sync")
        // Radio items: the view shown is marked.
        for kind in CalendarViewKind.allCases {
            section.append(kind.menuLabel, action: "win.\(WindowActions.view)", target: kind.rawValue)
        }
        return section
    }()
    let menuButton: MenuButton
    private static func primaryMenu(_ menu: Menu) -> MenuButton {
        // TRANSLATORS: primary menu items: read plans from an .ics file / write them to one.
        menu.append(L("_Import…"), action: "win.import")
        menu.append(L("_Export…"), action: "win.export")
        // TRANSLATORS: primary menu item: connect a CalDAV server (Nextcloud, Radicale…).
        menu.append(L("Add _CalDAV Account…"), action: "win.add-account")
        // TRANSLATORS: primary menu item: follow a published calendar (webcal://) read-only.
        menu.append(L("_Subscribe to Calendar…"), action: "win.subscribe")
        menu.append(L("_Preferences"), action: "win.preferences")
        menu.append(L("_Keyboard Shortcuts"), action: "win.show-help-overlay")
        menu.append(L("_About Koyomi"), action: "win.about")
        let button = MenuButton(iconName: "open-menu-symbolic", menu: menu)
        button.tooltip = L("Main Menu")
        button.accessibleLabel = L("Main Menu")
        return button
    }
    /// Opens and closes the search bar (Ctrl+F).
    let searchButton: Button = {
        let button = Button(iconName: "system-search-symbolic")
        // TRANSLATORS: the header button that opens the search field.
        button.tooltip = L("Search")
        button.accessibleLabel = L("Search")
        return button
    }()
    /// A new plan in plain words (the full editor is Ctrl+N, or "More Options…").
    let quickAdd = QuickAddView()
    /// Opens `quickAdd`.
    let newPlanButton: MenuButton
    /// The view switch, one toggle per view in `CalendarViewKind.allCases` order: icons, so the
    /// header still fits a narrow window. Each is pressed in while "win.view" is its view.
    let viewButtons: [ToggleButton] = CalendarViewKind.allCases.map { kind in
        let button = ToggleButton(iconName: kind.iconName)
        button.actionName = "win.\(WindowActions.view)"
        button.actionTarget = kind.rawValue
        button.tooltip = kind.label
        button.accessibleLabel = kind.label
        return button
    }

    func viewButton(_ kind: CalendarViewKind) -> ToggleButton {
        viewButtons[CalendarViewKind.allCases.firstIndex(of: kind)!]
    }
    /// The view shown now, as the coordinator last rendered it (the switch follows "win.view").
    private(set) var view: CalendarViewKind = .month
    /// Where the switch has no room for a button per view, one button showing the view's icon
    /// opens them as a menu (the same "win.view" items).
    let viewMenuButton: MenuButton
    /// Its items: a view each.
    let viewMenu = Menu()
    /// The buttons a phone-sized window folds into the menu: Today and the view switch at the start,
    /// and new plan, search and the sync indicator (`addTool`) at the end. Each row sits in a
    /// `ShrinkBox`, so the window can be made narrow before they are folded away.
    private let viewSwitch = Box(.horizontal)
    private let tools = Box(.horizontal, spacing: 6)
    private var todayFold: ShrinkBox!
    private var startFold: ShrinkBox!
    private var compactFold: ShrinkBox!
    private var endFold: ShrinkBox!

    /// How much of the header's buttons a width shows: all; the view switch as one menu
    /// button; or, phone-sized, the secondary buttons folded into the main menu.
    enum Fit { case full, compact, collapsed }
    private(set) var fitting = Fit.full
    /// Whether the secondary buttons are folded into the menu now.
    var isCollapsed: Bool { fitting == .collapsed }
    /// The header's buttons that open a popover or a menu (`closePopovers`).
    private var popoverButtons: [MenuButton] = []

    init() {
        menuButton = Self.primaryMenu(menu)
        for kind in CalendarViewKind.allCases {
            viewMenu.append(kind.menuLabel, action: "win.\(WindowActions.view)", target: kind.rawValue)
        }
        viewMenuButton = MenuButton(iconName: CalendarViewKind.month.iconName, menu: viewMenu, isPrimary: false)
        viewMenuButton.showsArrow = true
        // TRANSLATORS: the header's one view button in a window too narrow for a button per view.
        viewMenuButton.tooltip = L("Choose a View")
        viewMenuButton.accessibleLabel = L("Choose a View")
        newPlanButton = MenuButton(iconName: "list-add-symbolic", popover: quickAdd.popover)
        // TRANSLATORS: the header button that makes a new plan.
        newPlanButton.tooltip = L("New Plan")
        newPlanButton.accessibleLabel = L("New Plan")
        title.addCSSClass("title")
        title.addCSSClass("month-title")
        title.ellipsis = .end
        subtitle.addCSSClass("subtitle")
        subtitle.ellipsis = .end
        subtitle.isVisible = false
        // Title and subtitle stacked, as libadwaita's window titles are (1.2 has no month-aware one).
        let titles = Box(.vertical)
        titles.valign = .center
        titles.append(title)
        titles.append(subtitle)
        headerBar.setTitleWidget(titles)

        todayButton.tooltip = L("Today")
        todayButton.accessibleLabel = L("Today")
        let arrows = Box(.horizontal)
        arrows.addCSSClass("linked")
        arrows.append(previousButton)
        arrows.append(nextButton)
        todayFold = ShrinkBox(child: todayButton)
        headerBar.packStart(todayFold)
        headerBar.packStart(arrows)
        viewSwitch.addCSSClass("linked")
        viewButtons.forEach(viewSwitch.append)
        startFold = ShrinkBox(child: viewSwitch)
        compactFold = ShrinkBox(child: viewMenuButton)
        compactFold.isVisible = false
        refitWhenChanged(subtitle)
        refitWhenChanged(title)
        headerBar.packStart(startFold)
        headerBar.packStart(compactFold)
        headerBar.packEnd(menuButton)
        tools.append(newPlanButton)
        tools.append(searchButton)
        endFold = ShrinkBox(child: tools)
        headerBar.packEnd(endFold)
        popoverButtons = [newPlanButton, menuButton, viewMenuButton]
        previousButton.actionName = "win.previous"
        nextButton.actionName = "win.next"
        todayButton.actionName = "win.today"
    }

    /// Puts a button that opens a popover of the window's own (the calendars list) at the end.
    func packPopoverButton(_ button: MenuButton) {
        headerBar.packEnd(button)
        popoverButtons.append(button)
    }

    /// Closes whatever popover or menu the header has open. A popover still open when its
    /// window goes keeps GTK 4.8's keyboard grab: the process's next window would get no keys.
    func closePopovers() {
        popoverButtons.forEach { $0.popdown() }
    }

    /// Puts a button of the window's own (the sync indicator) with the end's folding buttons.
    func addTool(_ widget: Widget) {
        tools.prepend(widget)
        refitWhenChanged(widget)
    }

    /// Puts a passing notice of the window's own ("Loading calendars…") after the start's
    /// buttons. It never folds the buttons away (it would make them come and go at every
    /// start): it is left out of what the header needs, and clipped when there is no room.
    func addNotice(_ widget: Widget) {
        let fold = ShrinkBox(child: widget)
        headerBar.packStart(fold)
        notices.append(widget)
    }

    private var notices: [Widget] = []

    /// What the header needs changes with what its parts show: fit again, before the next frame.
    private func refitWhenChanged(_ widget: Widget) {
        for property in ["visible", "label"] where property == "visible" || widget is Label {
            watches.append(widget.onNotify(property) { [weak self] in self?.scheduleRefit() })
        }
    }

    private var watches: [SignalConnection] = []
    private var pendingRefit: MainLoopSource?
    private var width: Int32 = 0

    private func scheduleRefit() {
        guard pendingRefit == nil, width > 0 else { return }
        pendingRefit = MainLoop.beforeNextFrame { [weak self] in
            guard let self else { return }
            self.pendingRefit = nil
            self.fit(width: self.width)
        }
    }

    /// Folds the secondary buttons away when the header, `width` pixels wide, cannot show
    /// them beside the title without clipping, and back when it can; folded, shortens the title
    /// when even then it would be clipped. What they need is measured each time (the sync
    /// status and the subtitle change it); folded, the buttons in the folds are measured where
    /// they wait.
    func fit(width: Int32) {
        self.width = width
        guard let parts = headerBar.partWidths else { return }
        var (start, end) = (parts.start, parts.end)
        for notice in notices where notice.isVisible { start -= notice.naturalWidth + 6 }
        // Folded away, the buttons are measured where they wait; each comes back with the bar's
        // spacing (6 px) before it.
        let today = todayButton.naturalWidth + 6, full = viewSwitch.naturalWidth + 6, compact = viewMenuButton.naturalWidth + 6
        let foldedStart: Int32 = switch fitting {
        case .full: start - today - full
        case .compact: start - today - compact
        case .collapsed: start
        }
        let foldedEnd = isCollapsed ? end : end - tools.naturalWidth - 6
        let unfoldedEnd = foldedEnd + tools.naturalWidth + 6
        // Shortened, the full title's width is the one it had in full, or, for a title not shown
        // in full yet, its words measured in the title's font (the subtitle under it may be wider
        // still). Either way no wider than it really is, so the header never lengthens it only
        // to shorten it again.
        let titleWidth: Int32
        if !isTitleShort {
            titleWidth = parts.title
            fullTitleWidth = (fullTitle.text, parts.title)
        } else if fullTitleWidth.text == fullTitle.text {
            titleWidth = max(parts.title, fullTitleWidth.width)
        } else {
            titleWidth = max(parts.title, Int32(title.pixelSize(ofMarkup: Label.escape(fullTitle.text)).width))
        }
        // GTK 4.8's GtkCenterBox keeps the title centred: the wider side counts twice.
        func fits(_ startWidth: Int32, _ endWidth: Int32) -> Bool {
            width >= parts.padding + titleWidth + 2 * max(startWidth, endWidth)
        }
        // First the view switch becomes one button; then Today, the switch, new plan and
        // search fold into the menu; only then is the title shortened.
        setFitting(fits(foldedStart + today + full, unfoldedEnd) ? .full
                   : fits(foldedStart + today + compact, unfoldedEnd) ? .compact : .collapsed)
        setTitleShort(isCollapsed && !fits(foldedStart, foldedEnd))
    }

    /// The title for a wide header and how to make a shorter one (a phone's width cannot show
    /// "Sunday, November 29, 2026" between the paging buttons and the menu).
    private var fullTitle: (text: String, short: () -> String) = ("", { "" })
    private(set) var isTitleShort = false
    /// The title and subtitle's width last measured with the full title, and that title.
    private var fullTitleWidth: (text: String, width: Int32) = ("", 0)

    private func setTitleShort(_ short: Bool) {
        guard short != isTitleShort else { return }
        isTitleShort = short
        showTitle()
    }

    private func showTitle() {
        let text = isTitleShort ? fullTitle.short() : fullTitle.text
        if title.text != text { title.text = text }
    }

    /// The primary menu's items, sections' in place (for tests).
    var menuItems: [(label: String, action: String?, target: String?)] { menu.items }

    /// A phone-sized window folds Today, the view switch, new plan, search and sync into the menu.
    func setCollapsed(_ collapsed: Bool) {
        setFitting(collapsed ? .collapsed : .full)
    }

    private func setFitting(_ new: Fit) {
        guard new != fitting else { return }
        let wasCollapsed = isCollapsed
        fitting = new
        todayFold.isVisible = new != .collapsed
        startFold.isVisible = new == .full
        compactFold.isVisible = new == .compact
        endFold.isVisible = new != .collapsed
        if isCollapsed != wasCollapsed {
            if isCollapsed { menu.prependSection(collapsedItems) } else { menu.removeFirst() }
        }
    }

    /// Shows the view's title (its short one asked only when the header has no room for the
    /// whole) and paging names, and `view` as the chosen view.
    func render(_ title: ViewTitle, view newView: CalendarViewKind) {
        fullTitle = (title.text, title.shortText)
        showTitle()
        if previousButton.tooltip != title.previous {
            previousButton.tooltip = title.previous
            previousButton.accessibleLabel = title.previous
            nextButton.tooltip = title.next
            nextButton.accessibleLabel = title.next
        }
        if newView != view { viewMenuButton.iconName = newView.iconName }
        view = newView
    }
}
