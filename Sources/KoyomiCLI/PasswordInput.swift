import Accounts
import CalendarModel
import Foundation

/// Where a command gets an account's password: `--password-stdin`, else the keyring, else a
/// prompt on the terminal. It is never written to a file; without a keyring it is asked again.
enum PasswordInput {
    /// Reads the whole of stdin, without its final line break.
    static func readStandardInput() -> String {
        var text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
        return text
    }

    /// The password for `account`, and a note for stderr when the keyring could not help.
    static func password(for account: Account, given: String?) throws(CLIError) -> (password: String, note: String?) {
        if let given { return (given, nil) }
        var note: String?
        do {
            if let stored = try Keyring().password(for: account) { return (stored, nil) }
        } catch {
            note = error.description
        }
        guard isatty(0) == 1 else {
            // TRANSLATORS: a command's error: %1$@ is the user name, %2$@ the server, %3$@ why the keyring had none
            // (with its brackets, or empty); the option stays as written.
            throw .usage(FormatterStrings.fill(L("no password for %1$@ on %2$@%3$@; give it with --password-stdin"),
                                               account.userName, account.serverURL.absoluteString, note.map { " (\($0))" } ?? ""))
        }
        // TRANSLATORS: the prompt for a password in the terminal: %1$@ is the user name, %2$@ the server.
        let prompt = FormatterStrings.fill(L("Password for %1$@ on %2$@: "), account.userName,
                                           account.serverURL.host ?? account.serverURL.absoluteString)
        guard let typed = getpass(prompt).map({ String(cString: $0) }), !typed.isEmpty else {
            // TRANSLATORS: a command's error when the password typed was empty.
            throw .usage(L("no password given"))
        }
        return (typed, note)
    }
}
