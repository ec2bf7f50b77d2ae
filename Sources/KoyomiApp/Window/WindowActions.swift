import CalendarModel
import GtkKit

/// Every verb of the window, declared once: its action ("win.<name>"), the keys that trigger
/// it, and what it does (`WindowController.installActions`). The header's buttons and the menus
/// are bound to these names, the keys are set through the application, the shortcuts window
/// lists them (ShortcutsOverlay), and other programs reach them over D-Bus: a registered app's
/// window exports them as `org.gtk.Actions` at /app/koyomi/Koyomi/window/<id>.
enum WindowActions {
    /// "win.view": which view is shown, a `CalendarViewKind`'s raw value ("month", "week").
    static let view = "view"

    /// Keys set through the application. GTK runs them before any widget sees the key, so
    /// none of them is a key a text field needs (Home, the arrows, Page Up/Down and Escape stay
    /// with the views and the search bar, where they mean something only with the focus there).
    /// Alt+Left goes back in time: to the right in a right-to-left layout.
    static func accelerators(rightToLeft: Bool) -> [(action: String, keys: [String])] {
        let (back, forward) = rightToLeft ? ("<Alt>Right", "<Alt>Left") : ("<Alt>Left", "<Alt>Right")
        return CalendarViewKind.allCases.map { ("win.\(view)::\($0.rawValue)", [$0.accelerator]) } + [
            ("win.previous", [back]),
            ("win.next", [forward]),
            ("win.today", ["<Primary>t"]),
            ("win.new-plan", ["<Primary>n"]),
            ("win.search", ["<Primary>f"]),
            ("win.cycle-panel", ["F9"]),
            ("win.import", ["<Primary>o"]),
            ("win.sync", ["F5"]),
            ("win.preferences", ["<Primary>comma"]),
            ("win.show-help-overlay", ["<Primary>question"]),
            ("win.close", ["<Primary>w"]),
        ]
    }

    /// Keys a focused text field sees first: Ctrl+Z in the search field undoes its typing, and
    /// reaches "win.undo" only when the field has nothing to undo (or no field has the focus).
    static let fieldFirstKeys: [(action: String, keys: [String])] = [
        ("win.undo", ["<Primary>z"]),
        ("win.redo", ["<Primary><Shift>z", "<Primary>y"]),
    ]

    /// The keys of `action` ("win.next", "win.view::week"), for the shortcuts window.
    static func keys(_ action: String, rightToLeft: Bool = false) -> [String] {
        (accelerators(rightToLeft: rightToLeft) + fieldFirstKeys).first { $0.action == action }?.keys ?? []
    }
}

extension WindowController {
    /// Adds the window's actions and their keys. Called once the window's controllers exist;
    /// the view shown then is "win.view"'s first state.
    func installActions(application: Application) {
        let window = mainWindow.window
        let view = window.addStatefulAction(WindowActions.view, state: coordinator.view.rawValue) { [weak self] name in
            // Anything but a view's name (from D-Bus, say) is refused: the state stays.
            guard let self, let kind = CalendarViewKind(rawValue: name) else { return }
            self.coordinator.show(kind)
        }
        // The state follows the view shown, whoever switched it. (The coordinator keeps this
        // wrapper of the action; the action's handler holds neither.)
        coordinator.onViewChanged = { [weak self] kind in
            self?.settings.update { $0.calendarView = kind }
            view.stringState = kind.rawValue
        }
        window.addAction("previous") { [weak self] in self?.coordinator.page(by: -1) }
        window.addAction("next") { [weak self] in self?.coordinator.page(by: 1) }
        window.addAction("today") { [weak self] in self?.coordinator.goToToday() }
        window.addAction("new-plan") { [weak self] in self?.editing.newPlan() }
        window.addAction("search") { [weak self] in self?.mainWindow.openSearch() }
        window.addAction("undo") { [weak self] in self?.editing.undo() }
        window.addAction("redo") { [weak self] in self?.editing.redo() }
        window.addAction("cycle-panel") { [weak self] in
            guard let panel = self?.panel else { return }
            panel.move(to: panel.position.cycled)
        }
        window.addAction("import") { [weak self] in self?.importer.chooseAndImport() }
        window.addAction("export") { [weak self] in self?.importer.chooseAndExport() }
        window.addAction("sync") { [weak self] in self?.sync.syncNow() }
        window.addAction("add-account") { [weak self] in self?.showAccountDialog() }
        window.addAction("subscribe") { [weak self] in self?.showSubscribeDialog() }
        window.addAction("preferences") { [weak self] in self?.showPreferences() }
        window.addAction("about") { [weak self] in self?.showAbout() }
        window.addAction("close") { [weak window] in window?.close() }
        // "win.show-help-overlay" is the window's own (MainWindow builds the shortcuts window when asked).

        for (action, keys) in WindowActions.accelerators(rightToLeft: window.isRightToLeft) {
            application.setAccelerators(keys, forAction: action)
        }
        // The window keeps the controller.
        let fieldFirst = ShortcutController(on: window)
        for (action, keys) in WindowActions.fieldFirstKeys {
            keys.forEach { fieldFirst.add($0, action: action) }
        }
    }
}
