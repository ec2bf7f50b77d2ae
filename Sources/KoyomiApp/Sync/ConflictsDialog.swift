import CalendarModel
import CalendarSync
import GtkKit

/// Plans that changed in two places since the last sync, one row each, with "Keep Mine",
/// "Keep Theirs" and (when both changed) "Keep Both". Choosing reports `onChoice` and removes
/// the row; the dialog closes once none are left. "Later" closes it with the rest unsettled
/// (the sync keeps them as conflicts; nothing is overwritten).
@MainActor
final class ConflictsDialog {
    let dialog: Dialog
    let list = ListBox()
    /// The conflicts not settled yet, in the order given.
    private(set) var rows: [ConflictRow] = []

    /// The user settled the conflict of the plan with this UID.
    var onChoice: ((_ uid: String, _ choice: SyncConflict.Choice) -> Void)?
    /// The window is gone, however it went.
    var onClosed: (() -> Void)?

    private var keepAlive: ConflictsDialog?
    private var connections: [SignalConnection] = []

    init(parent: Window, conflicts: [SyncConflict]) {
        // TRANSLATORS: title of the dialog listing plans changed both here and on the server;
        // "_Later" closes it and leaves them for the next time.
        dialog = Dialog(transientFor: parent, title: L("Sync Conflicts"), cancelLabel: L("_Later"), saveLabel: "")
        // Each row settles itself; there is nothing to save for the whole dialog.
        dialog.saveButton.isVisible = false
        dialog.setDefaultSize(width: 460, height: 420)

        let content = Box(.vertical, spacing: 12)
        content.setMargins(top: 18, bottom: 18, start: 18, end: 18)
        // TRANSLATORS: at the top of the conflicts dialog.
        let intro = Label(L("These plans changed in two places. Choose which version to keep."))
        intro.xalign = 0
        intro.wraps = true
        content.append(intro)
        list.addCSSClass("boxed-list")
        list.accessibleLabel = L("Sync Conflicts")
        content.append(list)
        dialog.setContent(ScrolledWindow(child: content))

        rows = conflicts.map(ConflictRow.init(conflict:))
        for row in rows {
            row.onChoice = { [weak self, weak row] choice in
                guard let self, let row else { return }
                self.choose(choice, in: row)
            }
            list.append(row.row)
        }
        connections.append(dialog.onClosed { [weak self] in self?.closed() })
    }

    func present() {
        keepAlive = self
        dialog.present()
        rows.first?.mineButton.grabFocus()
    }

    func close() { dialog.close() }

    private func choose(_ choice: SyncConflict.Choice, in row: ConflictRow) {
        guard let index = rows.firstIndex(where: { $0 === row }) else { return }
        rows.remove(at: index)
        // GTK 4.8's list box has no remove in GtkKit's wrapper: rebuild from the remaining rows.
        list.removeAll()
        for remaining in rows { list.append(remaining.row) }
        onChoice?(row.conflict.uid, choice)
        if rows.isEmpty {
            dialog.close()
        } else {
            // Keyboard users continue with the row that moved into the settled one's place.
            rows[min(index, rows.count - 1)].mineButton.grabFocus()
        }
    }

    private func closed() {
        onClosed?()
        keepAlive = nil
    }
}
