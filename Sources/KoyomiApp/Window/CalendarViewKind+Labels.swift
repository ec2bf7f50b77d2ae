import CalendarModel

/// How each view is named and drawn in the view switch and the menus: one place, so a new
/// view's switch button, menu item, key and shortcut row come from its case.
extension CalendarViewKind {
    /// The switch button's tooltip and spoken name.
    var label: String {
        // TRANSLATORS: tooltips and spoken names of the header's view switch (Ctrl+1 … Ctrl+4).
        switch self {
        case .month: L("Month view")
        case .week: L("Week view")
        case .day: L("Day view")
        case .year: L("Year view")
        }
    }

    /// The primary menu's item while the switch is folded away (with its mnemonic).
    var menuLabel: String {
        // TRANSLATORS: primary menu items while the window is phone-sized and the view switch is folded away.
        switch self {
        case .month: L("_Month View")
        case .week: L("_Week View")
        case .day: L("_Day View")
        case .year: L("_Year View")
        }
    }

    /// Its key: Ctrl+1 for the first view, Ctrl+2 for the second… in `allCases` order
    /// ("win.view" with its name, WindowActions.swift).
    var accelerator: String {
        "<Primary>\(CalendarViewKind.allCases.firstIndex(of: self)! + 1)"
    }

    var iconName: String {
        switch self {
        case .month: "view-grid-symbolic"
        case .week: "view-dual-symbolic"
        case .day: "view-paged-symbolic"
        case .year: "view-app-grid-symbolic"
        }
    }
}
