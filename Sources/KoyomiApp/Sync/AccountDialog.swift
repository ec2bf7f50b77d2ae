import CalDAV
import CalendarModel
import Foundation
import GtkKit

/// "Add CalDAV Account": server address (a URL or just the host), user name and password,
/// "Find Calendars", then the account's event calendars with check boxes (all checked at
/// first) and Add.
///
/// Discovery runs off the main thread (`SyncBackground`) while a spinner turns; a failure is
/// shown under the button in plain words. The dialog only reports: `onAdd` with the address,
/// the credentials the calendars were found with, and the checked calendars; the owner creates
/// the account. Editing a field after a search drops the list, since it belonged to the old
/// values. The dialog keeps itself alive while on screen (see `PlanEditorDialog`).
@MainActor
final class AccountDialog {
    let dialog: Dialog
    let serverEntry = Entry()
    let userEntry = Entry()
    let passwordEntry = Entry()
    let findButton: Button
    let spinner = Spinner()
    /// Says what went wrong (or that nothing was found); hidden otherwise.
    let statusLabel = Label()
    let calendarsHeading: Label
    let calendarList = ListBox()
    /// The calendars of the last search, in the server's order.
    private(set) var rows: [RemoteCalendarRow] = []
    /// Whether a search is under way.
    private(set) var isSearching = false

    /// Add was pressed: `server` as the user typed it (made a URL), and only the checked calendars.
    var onAdd: ((_ server: URL, _ user: String, _ password: String, _ chosen: [RemoteCalendar]) -> Void)?
    /// The window is gone, however it went.
    var onClosed: (() -> Void)?

    private let colors: ColorClasses
    /// What the shown calendars were found with; nil while there are none.
    private var searched: (server: URL, user: String, password: String)?
    /// Counts searches, so the answer to an abandoned one (fields edited meanwhile) is ignored.
    private var generation = 0
    private var isClosed = false
    private var keepAlive: AccountDialog?
    private var connections: [SignalConnection] = []

    init(parent: Window, colors: ColorClasses) {
        self.colors = colors
        // TRANSLATORS: title of the dialog that adds a CalDAV (calendar server) account.
        dialog = Dialog(transientFor: parent, title: L("Add CalDAV Account"), cancelLabel: L("_Cancel"),
                        // TRANSLATORS: the button that adds the account with the checked calendars.
                        saveLabel: L("_Add"))
        dialog.setDefaultSize(width: 420, height: 560)
        // TRANSLATORS: the button that asks the server which calendars the account has.
        findButton = Button(label: L("Find Calendars"))
        // TRANSLATORS: heading over the list of calendars found on the server.
        calendarsHeading = Label(L("Calendars to Show"))

        let form = Box(.vertical, spacing: 6)
        form.setMargins(top: 18, bottom: 18, start: 18, end: 18)
        // TRANSLATORS: label of the server field; the placeholder shows an example host.
        addField(L("Server"), serverEntry, to: form, placeholder: L("dav.example.com"))
        addField(L("User Name"), userEntry, to: form, placeholder: nil)
        addField(L("Password"), passwordEntry, to: form, placeholder: nil)
        passwordEntry.isTextVisible = false

        let findRow = Box(.horizontal, spacing: 8)
        findRow.marginTop = 6
        findRow.append(findButton)
        // TRANSLATORS: what a screen reader says for the spinner while the server is asked.
        spinner.accessibleLabel = L("Looking for calendars")
        findRow.append(spinner)
        form.append(findRow)
        statusLabel.xalign = 0
        statusLabel.wraps = true
        statusLabel.isSelectable = true // so a long libcurl reason can be copied
        statusLabel.isVisible = false
        form.append(statusLabel)

        calendarsHeading.xalign = 0
        calendarsHeading.marginTop = 12
        calendarsHeading.addCSSClass("heading")
        form.append(calendarsHeading)
        calendarList.addCSSClass("boxed-list")
        calendarList.accessibleLabel = L("Calendars to Show")
        form.append(calendarList)
        dialog.setContent(ScrolledWindow(child: form))
        showCalendars([])

        for entry in [serverEntry, userEntry, passwordEntry] {
            connections.append(entry.onChanged { [weak self] in self?.fieldsChanged() })
            // Enter searches; Add is pressed on purpose once the calendars are shown.
            connections.append(entry.onActivate { [weak self] in self?.findCalendars() })
        }
        connections.append(findButton.onClicked { [weak self] in self?.findCalendars() })
        connections.append(dialog.onSave { [weak self] in self?.add() })
        connections.append(dialog.onClosed { [weak self] in self?.closed() })
        fieldsChanged()
    }

    func present() {
        keepAlive = self
        dialog.present()
        serverEntry.grabFocus()
    }

    /// Closes without adding (as Cancel does, but reporting nothing).
    func close() { dialog.close() }

    /// The checked calendars, in the server's order.
    var chosen: [RemoteCalendar] { rows.filter(\.isChosen).map(\.calendar) }

    /// Does what "Find Calendars" does: asks the server, off the main thread.
    func findCalendars() {
        guard !isSearching, let server = ServerAddress.url(from: serverEntry.text), !trimmedUser.isEmpty else { return }
        let user = trimmedUser
        let password = passwordEntry.text
        generation += 1
        let search = generation
        setSearching(true)
        showStatus(nil)
        SyncBackground.run({
            try await CalDAVClient(baseURL: server, user: user, password: password).discover(from: server)
        }, then: { [weak self] result in
            guard let self, !self.isClosed, search == self.generation else { return }
            self.setSearching(false)
            switch result {
            case .success(let calendars):
                self.searched = (server, user, password)
                self.showCalendars(calendars)
                // TRANSLATORS: the server answered but the account has no calendars for events.
                if calendars.isEmpty { self.showStatus(L("This account has no calendars for events.")) }
            case .failure(let error):
                self.showStatus(SyncErrorText.sentence(for: error))
            }
        })
    }

    private var trimmedUser: String { userEntry.text.trimmingCharacters(in: .whitespacesAndNewlines) }

    private func addField(_ title: String, _ entry: Entry, to form: Box, placeholder: String?) {
        let label = Label(title)
        label.xalign = 0
        form.append(label)
        entry.placeholder = placeholder
        entry.accessibleLabel = title
        form.append(entry)
    }

    private func fieldsChanged() {
        if searched != nil || isSearching || statusLabel.isVisible {
            // The list, the search under way or its error belongs to the old values.
            generation += 1
            setSearching(false)
            searched = nil
            showCalendars([])
            showStatus(nil)
        }
        findButton.isSensitive = ServerAddress.url(from: serverEntry.text) != nil && !trimmedUser.isEmpty
    }

    private func setSearching(_ searching: Bool) {
        isSearching = searching
        spinner.isSpinning = searching
        spinner.isVisible = searching
        findButton.isSensitive = !searching
    }

    private func showStatus(_ message: String?) {
        statusLabel.text = message ?? ""
        statusLabel.isVisible = message != nil
        statusLabel.setCSSClass("error", message != nil && searched == nil)
        // Screen readers hear the outcome through the button that started the search (GTK 4.8
        // cannot announce).
        findButton.accessibleDescription = message
    }

    private func showCalendars(_ calendars: [RemoteCalendar]) {
        calendarList.removeAll()
        rows = calendars.map { RemoteCalendarRow(calendar: $0, colors: colors) }
        for row in rows {
            row.onToggled = { [weak self] in self?.updateAdd() }
            calendarList.append(row.row)
        }
        // New server colours become CSS classes once per list, as the other views do.
        colors.flush()
        calendarsHeading.isVisible = !rows.isEmpty
        calendarList.isVisible = !rows.isEmpty
        updateAdd()
    }

    private func updateAdd() {
        dialog.isSaveEnabled = searched != nil && !chosen.isEmpty
    }

    private func add() {
        let chosen = self.chosen
        guard let searched, !chosen.isEmpty else { return }
        dialog.close()
        onAdd?(searched.server, searched.user, searched.password, chosen)
    }

    private func closed() {
        isClosed = true
        onClosed?()
        keepAlive = nil
    }
}
