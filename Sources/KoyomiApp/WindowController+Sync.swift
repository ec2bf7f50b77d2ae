import GtkKit

/// The window's CalDAV actions: F5 syncs, the main menu adds an account.
extension WindowController {
    func connectSync(application: Application) {
        let window = mainWindow.window
        window.addAction("sync") { [weak self] in self?.sync.syncNow() }
        application.setAccelerators(["F5"], forAction: "win.sync")
    }
}
