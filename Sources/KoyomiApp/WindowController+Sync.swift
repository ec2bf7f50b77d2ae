import GtkKit

/// The window's CalDAV side (F5 syncs and the main menu adds an account: window actions,
/// WindowActions.swift); the dialogs a sync needs (a password, conflicts to settle) open over
/// the window.
extension WindowController {
    func connectSync() {
        sync.askPassword = { [weak self] account, problem in
            guard let self else { return }
            let dialog = PasswordDialog(parent: self.mainWindow.window, account: account, keyringProblem: problem)
            dialog.onPassword = { [weak self] password in self?.sync.usePassword(password, for: account) }
            dialog.present()
        }
        sync.showConflicts = { [weak self] in
            guard let self, !self.sync.conflicts.isEmpty else { return }
            let dialog = ConflictsDialog(parent: self.mainWindow.window, conflicts: self.sync.conflicts.map(\.conflict))
            dialog.onChoice = { [weak self] uid, choice in self?.sync.resolve(uid, keeping: choice) }
            dialog.present()
        }
    }

    func showSubscribeDialog() {
        let dialog = SubscribeDialog(parent: mainWindow.window)
        dialog.onSubscribe = { [weak self] address in self?.sync.subscribe(to: address) }
        dialog.present()
    }

    func showAccountDialog() {
        let dialog = AccountDialog(parent: mainWindow.window, colors: colors)
        dialog.onAdd = { [weak self] server, user, password, chosen in
            self?.sync.addAccount(server: server, user: user, password: password, chosen: chosen)
        }
        dialog.present()
    }
}
