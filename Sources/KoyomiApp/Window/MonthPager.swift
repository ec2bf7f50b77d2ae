import CalendarModel
import GtkKit

/// What the header's paging buttons report.
@MainActor
protocol MonthPagerDelegate: AnyObject {
    func monthPager(_ pager: MonthPager, didChangeVisibleMonth month: YearMonth)
    func monthPagerDidRequestToday(_ pager: MonthPager)
}

/// The header bar: month title in the middle, Previous / Next / Today at the start.
@MainActor
final class MonthPager {
    weak var delegate: MonthPagerDelegate?

    let headerBar = HeaderBar()
    let title = Label()
    /// A second line under the month, e.g. that the window shows read-only samples.
    let subtitle = Label()
    let previousButton = Button(iconName: "go-previous-symbolic")
    let nextButton = Button(iconName: "go-next-symbolic")
    // TRANSLATORS: the header button that goes back to the current month and day.
    let todayButton = Button(label: L("Today"))
    /// The primary menu, as in every GNOME app: preferences, shortcuts, about.
    let menuButton: MenuButton = {
        let menu = Menu()
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
    }()
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
    private(set) var month: YearMonth?

    init() {
        newPlanButton = MenuButton(iconName: "list-add-symbolic", popover: quickAdd.popover)
        // TRANSLATORS: the header button that makes a new plan.
        newPlanButton.tooltip = L("New Plan")
        newPlanButton.accessibleLabel = L("New Plan")
        title.addCSSClass("title")
        title.addCSSClass("month-title")
        subtitle.addCSSClass("subtitle")
        subtitle.isVisible = false
        // Title and subtitle stacked, as libadwaita's window titles are (1.2 has no month-aware one).
        let titles = Box(.vertical)
        titles.valign = .center
        titles.append(title)
        titles.append(subtitle)
        headerBar.setTitleWidget(titles)

        let texts = [(previousButton, L("Previous month")), (nextButton, L("Next month")), (todayButton, L("Today"))]
        for (button, text) in texts {
            button.tooltip = text
            button.accessibleLabel = text
        }
        let arrows = Box(.horizontal)
        arrows.addCSSClass("linked")
        arrows.append(previousButton)
        arrows.append(nextButton)
        headerBar.packStart(todayButton)
        headerBar.packStart(arrows)
        headerBar.packEnd(menuButton)
        headerBar.packEnd(searchButton)
        headerBar.packEnd(newPlanButton)

        previousButton.onClicked { [weak self] in self?.page(by: -1) }
        nextButton.onClicked { [weak self] in self?.page(by: 1) }
        todayButton.onClicked { [weak self] in
            guard let self else { return }
            self.delegate?.monthPagerDidRequestToday(self)
        }
    }

    func render(month: YearMonth, title text: String) {
        self.month = month
        title.text = text
    }

    private func page(by months: Int) {
        guard let month else { return }
        delegate?.monthPager(self, didChangeVisibleMonth: month.adding(months: months))
    }
}
