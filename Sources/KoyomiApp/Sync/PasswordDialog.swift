import Accounts
import CalendarModel
import Foundation
import GtkKit

/// Asks for an account's password when the keyring has none (or the server refused the one it
/// had): "Password for alice on dav.example.com", a hidden field, and, when the keyring cannot
/// be used, a note that Koyomi will not remember it and will ask again next time.
///
/// It only reports: `onPassword` with what was typed; the owner stores and uses it.
@MainActor
final class PasswordDialog {
    let dialog: Dialog
    let promptLabel: Label
    let passwordEntry = Entry()
    /// Only when the keyring cannot be used.
    let keyringNote: Label?

    /// Connect was pressed (or Enter): the password as typed, never empty.
    var onPassword: ((String) -> Void)?

    private var keepAlive: PasswordDialog?
    private var connections: [SignalConnection] = []

    /// - Parameters:
    ///   - keyringProblem: why the keyring cannot keep the password (its error in words), or nil
    ///     when it can.
    init(parent: Window, account: Account, keyringProblem: String?) {
        // TRANSLATORS: title of the dialog that asks for a CalDAV account's password.
        dialog = Dialog(transientFor: parent, title: L("Password Needed"), cancelLabel: L("_Cancel"),
                        // TRANSLATORS: the button that uses the typed password to sign in.
                        saveLabel: L("C_onnect"))
        dialog.setDefaultSize(width: 380, height: -1)
        let server = account.serverURL.host ?? account.serverURL.absoluteString
        // TRANSLATORS: %1$@ is the user name, %2$@ the server, e.g. "Password for alice on dav.example.com".
        promptLabel = Label(FormatterStrings.fill(L("Password for %1$@ on %2$@"), account.userName, server))
        keyringNote = keyringProblem.map { problem in
            // TRANSLATORS: under the password field when no keyring (Secret Service) is running.
            let note = Label(L("No keyring is running, so Koyomi cannot remember it; it will ask again next time."))
            note.tooltip = problem
            return note
        }

        let form = Box(.vertical, spacing: 8)
        form.setMargins(top: 18, bottom: 18, start: 18, end: 18)
        promptLabel.xalign = 0
        promptLabel.wraps = true
        form.append(promptLabel)
        passwordEntry.isTextVisible = false
        passwordEntry.activatesDefault = true
        passwordEntry.accessibleLabel = promptLabel.text
        form.append(passwordEntry)
        if let keyringNote {
            keyringNote.xalign = 0
            keyringNote.wraps = true
            keyringNote.addCSSClass("dim-label")
            passwordEntry.accessibleDescription = keyringNote.text
            form.append(keyringNote)
        }
        dialog.setContent(form)
        dialog.isSaveEnabled = false

        connections.append(passwordEntry.onChanged { [weak self] in
            guard let self else { return }
            self.dialog.isSaveEnabled = !self.passwordEntry.text.isEmpty
        })
        connections.append(dialog.onSave { [weak self] in self?.submit() })
        connections.append(dialog.onClosed { [weak self] in self?.closed() })
    }

    func present() {
        keepAlive = self
        dialog.present()
        passwordEntry.grabFocus()
    }

    /// Closes without reporting anything.
    func close() { dialog.close() }

    private func submit() {
        let password = passwordEntry.text
        guard !password.isEmpty else { return }
        dialog.close()
        onPassword?(password)
    }

    private func closed() {
        keepAlive = nil
    }
}
